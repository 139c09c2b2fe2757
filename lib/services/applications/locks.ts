import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { anyOf, precompiled, schema, type DbOrTx } from "@/db";
import type { JobStatus } from "@/lib/domain/statuses";
import type { TxCtx } from "../context";
import { ConflictError } from "../errors";
import { markStatisticsJobs } from "../statistics/marks";
import { applicationBase, loadApplication, type ApplicationRow } from "./access";
import { liveSlots, liveSlotsLocked, loadAssignee, type SlotTarget } from "./targets";

/**
 * The one lock order of every verb that fills, frees or resizes places (DESIGN.md §9):
 *
 *   jobs → worker (users) → shift slots (id order) → applications (id order)
 *     → statistics marks (job order: the roll-up's triggers take them as rows change)
 *
 * A write that moves a place in or out of the filled statuses also updates its slot's booked
 * count (a trigger of migration shift_slots_booked): the slot this order locked already, so
 * the trigger never waits. A verb that frees places without locking their slots must hold
 * their job FOR UPDATE (a job edit), which keeps every booking of the job out until it commits.
 *
 * A verb takes the locks it needs in that order, at the start of its transaction, and decides
 * on the rows as they read under the lock, so two verbs can queue but never deadlock. Jobs are
 * held FOR KEY SHARE by the verbs that fill places (they do not block one another) and FOR
 * UPDATE by the verbs that change the job itself (an edit or a status change waits for the
 * bookings under way, and new bookings wait for it).
 */
export const CHANGED_MEANWHILE = "The record was changed at the same time. Please try again.";

export interface LockedSlot {
  id: number;
  shiftId: number;
  positions: number;
  live: boolean;
}

export interface LockedJob {
  id: number;
  status: JobStatus;
  live: boolean;
}

export interface FillLocks {
  jobs: Map<number, LockedJob>;
  slots: Map<number, LockedSlot>;
  worker: Awaited<ReturnType<typeof loadAssignee>> | null;
}

// The locks every booking, move and status change takes: precompiled (db/precompiled.ts).
const jobsQuery = (db: DbOrTx) =>
  db
    .select({ id: schema.jobs.id, status: schema.jobs.status, deletedAt: schema.jobs.deletedAt })
    .from(schema.jobs)
    .where(anyOf(schema.jobs.id, "ids"))
    .orderBy(asc(schema.jobs.id));
const jobsLocked = {
  "key share": precompiled<{ ids: number[] }, ReturnType<typeof jobsQuery>>(
    "lock_jobs_key_share",
    (db) => jobsQuery(db).for("key share") as unknown as ReturnType<typeof jobsQuery>,
  ),
  update: precompiled<{ ids: number[] }, ReturnType<typeof jobsQuery>>(
    "lock_jobs_update",
    (db) => jobsQuery(db).for("update") as unknown as ReturnType<typeof jobsQuery>,
  ),
};

export async function lockJobs(
  ctx: TxCtx,
  jobIds: number[],
  strength: "key share" | "update",
): Promise<Map<number, LockedJob>> {
  const ids = [...new Set(jobIds)];
  if (!ids.length) return new Map();
  const rows = await jobsLocked[strength](ctx.db, { ids });
  return new Map(rows.map((r) => [r.id, { id: r.id, status: r.status, live: !r.deletedAt }]));
}

const slotsLocked = precompiled<{ ids: number[] }, ReturnType<typeof slotsQuery>>(
  "lock_slots",
  (db) => slotsQuery(db),
);
function slotsQuery(db: DbOrTx) {
  return db
    .select({
      id: schema.shiftSlots.id,
      shiftId: schema.shiftSlots.shiftId,
      positions: schema.shiftSlots.positions,
      deletedAt: schema.shiftSlots.deletedAt,
      shiftDeletedAt: schema.shifts.deletedAt,
    })
    .from(schema.shiftSlots)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .where(anyOf(schema.shiftSlots.id, "ids"))
    .orderBy(asc(schema.shiftSlots.id))
    .for("update", { of: schema.shiftSlots });
}

/** Slot rows locked in id order, read under the lock (positions may have changed meanwhile). */
export async function lockSlots(ctx: TxCtx, slotIds: number[]): Promise<Map<number, LockedSlot>> {
  const ids = [...new Set(slotIds)];
  if (!ids.length) return new Map();
  const rows = await slotsLocked(ctx.db, { ids });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        shiftId: r.shiftId,
        positions: r.positions,
        live: !r.deletedAt && !r.shiftDeletedAt,
      },
    ]),
  );
}

async function lockWorker(ctx: TxCtx, userId: number): Promise<void> {
  await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.id, userId))
    .for("update");
}

/** Jobs, then the worker (when places are filled for one), then the slots. */
export async function lockForFill(
  ctx: TxCtx,
  what: { jobIds: number[]; workerId?: number; slotIds: number[] },
): Promise<FillLocks> {
  const jobs = await lockJobs(ctx, what.jobIds, "key share");
  const worker = what.workerId ? await loadAssignee(ctx.db, what.workerId, true) : null;
  const slots = await lockSlots(ctx, what.slotIds);
  return { jobs, slots, worker };
}

/**
 * `lockForFill` and `underLocks` of one booking: jobs, then the worker, then the slots locked and
 * read again in one statement (`liveSlotsLocked`). A slot, shift or job removed meanwhile is a 409.
 */
export async function lockFillTargets(
  ctx: TxCtx,
  what: { jobIds: number[]; workerId: number; slotIds: number[] },
): Promise<{ worker: Awaited<ReturnType<typeof loadAssignee>>; targets: SlotTarget[] }> {
  await lockJobs(ctx, what.jobIds, "key share");
  const worker = await loadAssignee(ctx.db, what.workerId, true);
  const ids = [...new Set(what.slotIds)];
  const fresh = ids.length ? await liveSlotsLocked(ctx.db, { ids }) : [];
  const targets = what.slotIds.map((id) => {
    const now = fresh.find((f) => f.slotId === id);
    if (!now) throw new ConflictError("This shift slot has been removed.", "slot_removed");
    return now;
  });
  return { worker, targets };
}

/**
 * Slot targets read again under the locks (positions, times and the job's status may have
 * changed since the verb first looked them up): a slot, shift or job removed meanwhile is a 409.
 */
export async function underLocks(ctx: TxCtx, targets: { slotId: number }[]): Promise<SlotTarget[]> {
  const fresh = await liveSlots(
    ctx.db,
    targets.map((t) => t.slotId),
  );
  return targets.map((t) => {
    const now = fresh.find((f) => f.slotId === t.slotId);
    if (!now) throw new ConflictError("This shift slot has been removed.", "slot_removed");
    return now;
  });
}

/**
 * One application locked in the lock order: its job, its worker (when `worker`), its slot and
 * any `slotIds` more (a move's target), then the application row itself, read again under the
 * locks. Should it have moved to another slot between the first read and the locks, it is read
 * again; a record that keeps changing is a 409.
 */
export async function lockApplication(
  ctx: TxCtx,
  id: unknown,
  opts: { worker?: boolean; slotIds?: number[]; job?: "key share" | "update" } = {},
): Promise<{ app: ApplicationRow; locks: FillLocks }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const seen = await loadApplication(ctx.db, id);
    const jobs = await lockJobs(ctx, [seen.jobId], opts.job ?? "key share");
    // Only locked here: whether the worker may be booked is the fill rule's to say, after
    // the caller has checked the actor may see the application at all.
    if (opts.worker) await lockWorker(ctx, seen.assigneeId);
    const slots = await lockSlots(ctx, [seen.shiftSlotId, ...(opts.slotIds ?? [])]);
    const app = await loadApplication(ctx.db, seen.id, true);
    if (app.shiftSlotId === seen.shiftSlotId && app.shiftId === seen.shiftId)
      return {
        app: { ...app, jobStatus: jobs.get(app.jobId)?.status ?? app.jobStatus },
        locks: { jobs, slots, worker: null },
      };
  }
  throw new ConflictError(CHANGED_MEANWHILE, "conflict");
}

/** Applications locked in id order (after the jobs, worker and slots they belong to). */
export async function lockApplicationsOf(
  ctx: TxCtx,
  where: { assigneeId: number; shiftIds: number[] },
) {
  if (!where.shiftIds.length) return [];
  return applicationsOfLocked(ctx.db, where);
}
const applicationsOfLocked = precompiled<
  { assigneeId: number; shiftIds: number[] },
  ReturnType<typeof applicationsOfQuery>
>("lock_applications_of", (db) => applicationsOfQuery(db));
function applicationsOfQuery(db: DbOrTx) {
  return db
    .select()
    .from(schema.applications)
    .where(
      and(
        eq(schema.applications.assigneeId, sql.placeholder("assigneeId")),
        anyOf(schema.applications.shiftId, "shiftIds"),
      ),
    )
    .orderBy(asc(schema.applications.id))
    .for("update");
}

/**
 * Many applications locked in the one lock order (their jobs FOR KEY SHARE, their slots, then
 * the application rows in id order) and read again under the locks: a verb that decides on a
 * batch at once (approving all that match the plan, undoing that). An id that does not exist
 * is simply not in the answer.
 */
export async function lockApplications(ctx: TxCtx, ids: number[]): Promise<ApplicationRow[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return [];
  const seen = await applicationBase(ctx.db).where(inArray(schema.applications.id, unique));
  await lockJobs(
    ctx,
    seen.map((r) => r.jobId),
    "key share",
  );
  await lockSlots(
    ctx,
    seen.map((r) => r.shiftSlotId),
  );
  const rows = await applicationBase(ctx.db)
    .where(inArray(schema.applications.id, unique))
    .orderBy(asc(schema.applications.id))
    .for("update", { of: schema.applications });
  // The batch changes hours of these jobs: their statistics marks, all at once in job order.
  await markStatisticsJobs(
    ctx.db,
    rows.map((r) => r.jobId),
  );
  return rows;
}
