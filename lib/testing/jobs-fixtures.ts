import { eq, inArray } from "drizzle-orm";
import { schema, type Db } from "@/db";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { ROLE, type Permission } from "@/lib/domain/permissions";
import { createCountryAndCompany, createUser } from "./fixtures";

/**
 * The people, companies and skills the job, shift and note tests share: one operational
 * country (Denmark, Europe/Copenhagen), two client companies, three slot skills, one user per
 * built-in role, and client contacts who may also edit their company's jobs.
 */
export interface JobWorld {
  countryId: number;
  timeZone: string;
  companyA: number;
  companyB: number;
  skill: number;
  skill2: number;
  skill3: number;
  admin: number;
  pm: number;
  crewHandler: number;
  worker: number;
  /** Client contacts with the default Client Contact permissions (no job_edit). */
  colA: number;
  colB: number;
  /** Client contacts that also hold job_edit and jobs_book_workers (an extra role). */
  colEditorA: number;
  colEditorB: number;
}

/** A role with exactly these permissions (created once per database). */
export async function ensureRole(db: Db, title: string, perms: Permission[]): Promise<number> {
  const [existing] = await db
    .select({ id: schema.roles.id })
    .from(schema.roles)
    .where(eq(schema.roles.title, title));
  if (existing) return existing.id;
  const [role] = await db
    .insert(schema.roles)
    .values({ title, description: `Test role ${title}` })
    .returning({ id: schema.roles.id });
  const rows = await db
    .select({ id: schema.permissions.id })
    .from(schema.permissions)
    .where(inArray(schema.permissions.name, perms));
  if (rows.length !== perms.length) throw new Error(`unknown permission in ${perms.join(", ")}`);
  await db
    .insert(schema.rolePermissions)
    .values(rows.map((p) => ({ roleId: role.id, permissionId: p.id })));
  return role.id;
}

export async function giveRole(db: Db, userId: number, roleId: number): Promise<void> {
  await db.insert(schema.userRoles).values({ userId, roleId }).onConflictDoNothing();
}

export const CLIENT_EDITOR_ROLE = "Client Editor (test)";

export async function createJobWorld(db: Db): Promise<JobWorld> {
  const { country, company: a } = await createCountryAndCompany(db, "Company A");
  const [b] = await db
    .insert(schema.companies)
    .values({ name: "Company B", countryId: country.id })
    .returning();
  const [parent] = await db.insert(schema.skills).values({ name: "Stage", order: 1 }).returning();
  const [skill, skill2, skill3] = await db
    .insert(schema.skills)
    .values([
      { name: "Stagehand", parentId: parent.id, order: 1 },
      { name: "Rigger", parentId: parent.id, order: 2 },
      { name: "Runner", parentId: parent.id, order: 3 },
    ])
    .returning();
  const editorRole = await ensureRole(db, CLIENT_EDITOR_ROLE, ["job_edit", "jobs_book_workers"]);
  const colEditorA = (await createUser(db, { roles: [ROLE.client], companyId: a.id })).id;
  const colEditorB = (await createUser(db, { roles: [ROLE.client], companyId: b.id })).id;
  await giveRole(db, colEditorA, editorRole);
  await giveRole(db, colEditorB, editorRole);
  return {
    countryId: country.id,
    timeZone: country.timeZone,
    companyA: a.id,
    companyB: b.id,
    skill: skill.id,
    skill2: skill2.id,
    skill3: skill3.id,
    admin: (await createUser(db, { roles: [ROLE.admin], name: "Ada Admin" })).id,
    pm: (await createUser(db, { roles: [ROLE.projectManager], name: "Per PM" })).id,
    crewHandler: (await createUser(db, { roles: [ROLE.crewHandler], name: "Carl Crew" })).id,
    worker: (await createUser(db, { roles: [ROLE.worker], name: "Walt Worker" })).id,
    colA: (await createUser(db, { roles: [ROLE.client], companyId: a.id })).id,
    colB: (await createUser(db, { roles: [ROLE.client], companyId: b.id })).id,
    colEditorA,
    colEditorB,
  };
}

export interface ShiftSpec {
  startsAt: Date;
  endsAt: Date;
  slots: { skillId: number; positions: number }[];
}

export interface InsertedJob {
  id: number;
  shifts: { id: number; slots: { id: number; skillId: number }[] }[];
}

/** A job written straight to the tables (fast set-up for tests that do not test creation). */
export async function insertJob(
  db: Db,
  job: {
    name: string;
    companyId: number;
    countryId: number;
    status?: JobStatus;
    reason?: string | null;
    shifts: ShiftSpec[];
    /**
     * A job worker rate (no worker, no level) for each slot skill, so that booking onto the job
     * passes the missing-rates check; `false` leaves the job without (410 missing_rates).
     */
    workerRates?: boolean;
    /**
     * A job client price for each slot skill, so that booking onto the job passes the
     * client-price check (410 missing_client_price otherwise, for an office booker).
     */
    clientRates?: boolean;
  },
): Promise<InsertedJob> {
  const starts = job.shifts.map((s) => s.startsAt.getTime());
  const ends = job.shifts.map((s) => s.endsAt.getTime());
  const [row] = await db
    .insert(schema.jobs)
    .values({
      name: job.name,
      status: job.status ?? "Published",
      reason: job.reason ?? null,
      companyId: job.companyId,
      countryId: job.countryId,
      startsAt: starts.length ? new Date(Math.min(...starts)) : null,
      endsAt: ends.length ? new Date(Math.max(...ends)) : null,
    })
    .returning({ id: schema.jobs.id });
  const shifts: InsertedJob["shifts"] = [];
  for (const s of job.shifts) {
    const [shift] = await db
      .insert(schema.shifts)
      .values({ jobId: row.id, startsAt: s.startsAt, endsAt: s.endsAt })
      .returning({ id: schema.shifts.id });
    const slots = s.slots.length
      ? await db
          .insert(schema.shiftSlots)
          .values(
            s.slots.map((x) => ({ shiftId: shift.id, skillId: x.skillId, positions: x.positions })),
          )
          .returning({ id: schema.shiftSlots.id, skillId: schema.shiftSlots.skillId })
      : [];
    shifts.push({ id: shift.id, slots });
  }
  const skillIds = [...new Set(job.shifts.flatMap((s) => s.slots.map((x) => x.skillId)))];
  if (job.workerRates !== false) await jobWorkerRates(db, row.id, skillIds);
  if (job.clientRates) await jobClientRates(db, row.id, skillIds);
  return { id: row.id, shifts };
}

/**
 * A job client price (300.00 in the job's currency, worker pay 150.00) for each skill. Its
 * branch is the job's country's first branch (one is made when there is none); a job's own rows
 * price it whatever its pricing branch.
 */
export async function jobClientRates(db: Db, jobId: number, skillIds: number[]): Promise<void> {
  if (!skillIds.length) return;
  const [job] = await db
    .select({
      companyId: schema.jobs.companyId,
      countryId: schema.jobs.countryId,
      currencyCode: schema.countries.currencyCode,
    })
    .from(schema.jobs)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(eq(schema.jobs.id, jobId));
  let [branch] = await db
    .select({ id: schema.branches.id })
    .from(schema.branches)
    .where(eq(schema.branches.countryId, job.countryId))
    .orderBy(schema.branches.id)
    .limit(1);
  if (!branch)
    [branch] = await db
      .insert(schema.branches)
      .values({ name: "Pricing branch (test)", countryId: job.countryId })
      .returning({ id: schema.branches.id });
  await db.insert(schema.clientRates).values(
    skillIds.map((skillId) => ({
      companyId: job.companyId,
      branchId: branch.id,
      skillId,
      jobId,
      currencyCode: job.currencyCode,
      standardPrice: 30000,
      rateWorker: 15000,
    })),
  );
}

/** A job worker rate (no worker, no level: 150.00 in the job's currency) for each skill. */
export async function jobWorkerRates(db: Db, jobId: number, skillIds: number[]): Promise<void> {
  if (!skillIds.length) return;
  const [job] = await db
    .select({ currencyCode: schema.countries.currencyCode })
    .from(schema.jobs)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(eq(schema.jobs.id, jobId));
  await db.insert(schema.workerRates).values(
    skillIds.map((skillId) => ({
      skillId,
      jobId,
      currencyCode: job.currencyCode,
      amount: 15000,
    })),
  );
}

/** An application of `userId` on a slot, with the slot's shift id as the schema requires. */
export async function applyOn(
  db: Db,
  slotId: number,
  userId: number,
  status: ApplicationStatus = "Booked",
): Promise<number> {
  const [slot] = await db
    .select({ shiftId: schema.shiftSlots.shiftId })
    .from(schema.shiftSlots)
    .where(eq(schema.shiftSlots.id, slotId));
  const [app] = await db
    .insert(schema.applications)
    .values({ shiftSlotId: slotId, shiftId: slot.shiftId, assigneeId: userId, status })
    .returning({ id: schema.applications.id });
  return app.id;
}

export async function applicationStatus(db: Db, id: number): Promise<ApplicationStatus> {
  const [row] = await db
    .select({ status: schema.applications.status })
    .from(schema.applications)
    .where(eq(schema.applications.id, id));
  return row.status;
}

export async function jobRow(db: Db, id: number) {
  const [row] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
  return row;
}

/** Every shift and slot row of a job (live and archived), for before/after comparisons. */
export async function jobSnapshot(db: Db, id: number) {
  const job = await jobRow(db, id);
  const shifts = await db
    .select()
    .from(schema.shifts)
    .where(eq(schema.shifts.jobId, id))
    .orderBy(schema.shifts.id);
  const slots = shifts.length
    ? await db
        .select()
        .from(schema.shiftSlots)
        .where(
          inArray(
            schema.shiftSlots.shiftId,
            shifts.map((s) => s.id),
          ),
        )
        .orderBy(schema.shiftSlots.id)
    : [];
  const applications = shifts.length
    ? await db
        .select()
        .from(schema.applications)
        .where(
          inArray(
            schema.applications.shiftId,
            shifts.map((s) => s.id),
          ),
        )
        .orderBy(schema.applications.id)
    : [];
  return { job, shifts, slots, applications };
}

/** "DD/MM/YYYY" of a local date. */
export const ddmmyyyy = (year: number, month: number, day: number): string =>
  `${String(day).padStart(2, "0")}/${String(month).padStart(2, "0")}/${year}`;
