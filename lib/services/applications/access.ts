import { and, eq, isNull, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { parseId } from "../params";
import { schema, type DbOrTx } from "@/db";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { requireApprovedUser, requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";

/** An application with what every rule about it needs: its shift, slot, job and zone. */
export interface ApplicationRow {
  id: number;
  status: ApplicationStatus;
  assigneeId: number;
  assigneeName: string;
  shiftSlotId: number;
  shiftId: number;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  bookedAt: Date | null;
  skillId: number;
  skillName: string;
  startsAt: Date;
  endsAt: Date;
  jobId: number;
  jobName: string;
  jobStatus: JobStatus;
  companyId: number;
  countryId: number;
  timeZone: string;
}

export const applicationColumns = {
  id: schema.applications.id,
  status: schema.applications.status,
  assigneeId: schema.applications.assigneeId,
  assigneeName: schema.users.name,
  shiftSlotId: schema.applications.shiftSlotId,
  shiftId: schema.applications.shiftId,
  checkInAt: schema.applications.checkInAt,
  checkOutAt: schema.applications.checkOutAt,
  bookedAt: schema.applications.bookedAt,
  skillId: schema.shiftSlots.skillId,
  skillName: schema.skills.name,
  startsAt: schema.shifts.startsAt,
  endsAt: schema.shifts.endsAt,
  jobId: schema.jobs.id,
  jobName: schema.jobs.name,
  jobStatus: schema.jobs.status,
  companyId: schema.jobs.companyId,
  countryId: schema.jobs.countryId,
  timeZone: schema.countries.timeZone,
};

/**
 * The one read of "an application's shift in its job's zone": joins the application's worker,
 * slot and skill, shift, job and the job's country (its time zone) onto a dynamic select from
 * applications. Callers pick the columns and add their own joins (venue, reported hours).
 */
export function withApplicationShift<T extends PgSelect>(q: T): T {
  // A dynamic select keeps its chosen columns through inner joins: the same query type.
  return q
    .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId)) as unknown as T;
}

/** The joins behind `applicationColumns`, for list queries that need the same fields. */
export function applicationBase(db: DbOrTx) {
  return withApplicationShift(db.select(applicationColumns).from(schema.applications).$dynamic());
}

export function toId(value: unknown, what = "Application"): number {
  return parseId(value, what);
}

/**
 * One application by id, with `FOR UPDATE` on its row when `lock` is set (inside the verb's
 * transaction), or 404. Scope is checked by the caller through `relationTo`.
 */
export async function loadApplication(
  db: DbOrTx,
  id: unknown,
  lock = false,
): Promise<ApplicationRow> {
  const q = applicationBase(db)
    .where(and(eq(schema.applications.id, toId(id)), isNull(schema.jobs.deletedAt)))
    .limit(1);
  const [row] = await (lock ? q.for("update", { of: schema.applications }) : q);
  if (!row) throw new NotFoundError("Application not found.");
  return row;
}

/** What the acting user is to an application's job; each verb decides what that allows. */
export interface Relation {
  actor: UserActor;
  /** The worker the application belongs to. */
  own: boolean;
  /** Holds jobs_book_workers and the job is in their scope. */
  booker: boolean;
  /** Holds can_request_worker for this job (a client contact: its own company's jobs). */
  requester: boolean;
  /** Holds approval_access for this job: in their job scope, or crew boss of the shift. */
  approver: boolean;
  /** Crew boss of the application's shift (may report hours for the crew). */
  crewBoss: boolean;
}

export function inCompanyScope(actor: UserActor, companyId: number): boolean {
  if (actor.isAdmin || !actor.isClient) return true;
  return actor.companyId === companyId;
}

export async function isCrewBossOfShift(
  db: DbOrTx,
  userId: number,
  shiftId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(schema.shiftCrewBosses)
    .where(
      and(eq(schema.shiftCrewBosses.shiftId, shiftId), eq(schema.shiftCrewBosses.userId, userId)),
    )
    .limit(1);
  return Boolean(row);
}

/** What the actor is to an application; inside a verb's transaction pass its bound ctx. */
export async function relationTo(
  ctx: Ctx,
  app: { assigneeId: number; companyId: number; shiftId: number },
): Promise<Relation> {
  const actor = requireUser(ctx);
  const p = actor.permissions;
  const inScope = inCompanyScope(actor, app.companyId);
  const crewBoss = await isCrewBossOfShift(ctx.db, actor.userId, app.shiftId);
  return {
    actor,
    own: app.assigneeId === actor.userId,
    booker: p.has("jobs_book_workers") && inScope,
    requester: p.has("can_request_worker") && inScope,
    approver: p.has("approval_access") && ((p.has("job_view") && inScope) || crewBoss),
    crewBoss,
  };
}

/** 404 for anyone with no tie to the application: its existence is not theirs to know. */
export function assertRelated(r: Relation): void {
  if (!r.own && !r.booker && !r.requester && !r.approver && !r.crewBoss)
    throw new NotFoundError("Application not found.");
}

/**
 * Who may use an application verb at all, before it reads its body (issue 27): a booker
 * (jobs_book_workers), a requester (can_request_worker; unless `bookersOnly`) and, with
 * `workers`, a worker for its own shifts (my_dashboard_access, once approved: an applicant
 * gets the awaiting-approval 403). Anyone else: 403 with `message`, whatever was sent.
 */
export function assertMayUseApplications(
  ctx: Ctx,
  opts: { workers?: boolean; bookersOnly?: boolean; message?: string },
): void {
  const p = requireUser(ctx).permissions;
  if (p.has("jobs_book_workers")) return;
  if (!opts.bookersOnly && p.has("can_request_worker")) return;
  if (opts.workers && p.has("my_dashboard_access")) {
    requireApprovedUser(ctx);
    return;
  }
  throw new ForbiddenError(opts.message);
}
