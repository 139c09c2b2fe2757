import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { anyOf, precompiled, schema, type DbOrTx } from "@/db";
import type { JobStatus } from "@/lib/domain/statuses";
import { formatRange } from "@/lib/domain/format";
import { ConflictError, NotFoundError } from "../errors";

/** A shift slot someone is booked onto, with its shift, job and country. */
export interface SlotTarget {
  slotId: number;
  skillId: number;
  skillName: string;
  positions: number;
  shiftId: number;
  startsAt: Date;
  endsAt: Date;
  jobId: number;
  jobName: string;
  jobStatus: JobStatus;
  companyId: number;
  restHours: number;
  timeZone: string;
}

const columns = {
  slotId: schema.shiftSlots.id,
  skillId: schema.shiftSlots.skillId,
  skillName: schema.skills.name,
  positions: schema.shiftSlots.positions,
  shiftId: schema.shifts.id,
  startsAt: schema.shifts.startsAt,
  endsAt: schema.shifts.endsAt,
  jobId: schema.jobs.id,
  jobName: schema.jobs.name,
  jobStatus: schema.jobs.status,
  companyId: schema.jobs.companyId,
  restHours: schema.countries.restHours,
  timeZone: schema.countries.timeZone,
};

function base(db: DbOrTx) {
  return db
    .select(columns)
    .from(schema.shiftSlots)
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId));
}

const live = and(
  isNull(schema.shiftSlots.deletedAt),
  isNull(schema.shifts.deletedAt),
  isNull(schema.jobs.deletedAt),
);

const liveSlotsById = precompiled<{ ids: number[] }, ReturnType<typeof liveSlotsQuery>>(
  "applications_live_slots",
  (db) => liveSlotsQuery(db),
);
function liveSlotsQuery(db: DbOrTx) {
  return base(db)
    .where(and(live, anyOf(schema.shiftSlots.id, "ids")))
    .orderBy(asc(schema.shiftSlots.id));
}

/**
 * Live slots by id, their slot rows locked FOR UPDATE in id order as they are read: the lock and
 * the re-read under it in one statement (every booking: `lockFillTargets`). The jobs are held
 * already (FOR KEY SHARE, taken by an earlier statement, so nobody edits a job or its shifts
 * meanwhile); a slot row changed while this waits for its lock is read as it was committed.
 */
export const liveSlotsLocked = precompiled<{ ids: number[] }, ReturnType<typeof liveSlotsQuery>>(
  "applications_live_slots_locked",
  (db) =>
    liveSlotsQuery(db).for("update", { of: schema.shiftSlots }) as unknown as ReturnType<
      typeof liveSlotsQuery
    >,
);

/** Live slots by id (missing or removed ones are left out). Every booking: precompiled. */
export async function liveSlots(db: DbOrTx, slotIds: number[]): Promise<SlotTarget[]> {
  if (!slotIds.length) return [];
  return liveSlotsById(db, { ids: slotIds });
}

/** Live slots of some shifts with one of some skills (booking one worker on several shifts). */
export async function slotsOfShifts(
  db: DbOrTx,
  shiftIds: number[],
  skillIds: number[],
): Promise<SlotTarget[]> {
  if (!shiftIds.length || !skillIds.length) return [];
  return base(db).where(
    and(live, inArray(schema.shifts.id, shiftIds), inArray(schema.shiftSlots.skillId, skillIds)),
  );
}

export const slotLabel = (t: SlotTarget): string =>
  `${t.skillName} on ${t.jobName} ${formatRange(t.startsAt, t.endsAt, t.timeZone)}`;

function assigneeQuery(db: DbOrTx) {
  return db
    .select({
      id: schema.users.id,
      name: schema.users.name,
      status: schema.users.status,
      approved: schema.users.approved,
    })
    .from(schema.users)
    .where(and(eq(schema.users.id, sql.placeholder("userId")), isNull(schema.users.deletedAt)))
    .limit(1);
}
type AssigneeQuery = ReturnType<typeof assigneeQuery>;
const assignee = precompiled<{ userId: number }, AssigneeQuery>("applications_assignee", (db) =>
  assigneeQuery(db),
);
const assigneeLocked = precompiled<{ userId: number }, AssigneeQuery>(
  "applications_assignee_locked",
  (db) => assigneeQuery(db).for("update") as unknown as AssigneeQuery,
);

/** A worker who may be booked at all: known, active and approved. */
export async function loadAssignee(tx: DbOrTx, userId: number, lock = false) {
  // Locking the worker's row serialises that worker's bookings, so two at once cannot both
  // pass the overlap check.
  const [user] = await (lock ? assigneeLocked : assignee)(tx, { userId });
  if (!user) throw new NotFoundError("The worker does not exist.");
  if (user.status !== "active")
    throw new ConflictError(
      `${user.name} is deactivated and cannot be booked.`,
      "worker_deactivated",
    );
  if (!user.approved)
    throw new ConflictError(`${user.name} has not been approved yet.`, "worker_unapproved");
  return user;
}

export async function workerSkillIds(db: DbOrTx, userId: number): Promise<Set<number>> {
  const rows = await skillsOfWorker(db, { userId });
  return new Set(rows.map((r) => r.skillId));
}
const skillsOfWorker = precompiled<{ userId: number }, ReturnType<typeof skillsOfWorkerQuery>>(
  "applications_worker_skills",
  (db) => skillsOfWorkerQuery(db),
);
function skillsOfWorkerQuery(db: DbOrTx) {
  return db
    .select({ skillId: schema.userSkills.skillId })
    .from(schema.userSkills)
    .where(eq(schema.userSkills.userId, sql.placeholder("userId")));
}

/** Whether a job's book_from_branches (none = any) include one of the worker's branches. */
export async function branchOpenTo(db: DbOrTx, jobId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ branchId: schema.jobBranches.branchId, mine: schema.userBranches.userId })
    .from(schema.jobBranches)
    .leftJoin(
      schema.userBranches,
      and(
        eq(schema.userBranches.branchId, schema.jobBranches.branchId),
        eq(schema.userBranches.userId, userId),
      ),
    )
    .where(eq(schema.jobBranches.jobId, jobId));
  return rows.length === 0 || rows.some((r) => r.mine != null);
}
