import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { parseId } from "../params";
import { schema } from "@/db";
import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";

/**
 * Which jobs a user may see (DESIGN.md §3): back-office staff all live jobs; a client
 * contact only its own company's (none without a company). Workers reach jobs through
 * their shifts, never through these lists.
 */
export function jobScope(actor: UserActor): SQL {
  const live = isNull(schema.jobs.deletedAt);
  if (!actor.isClient) return live;
  return actor.companyId ? and(live, eq(schema.jobs.companyId, actor.companyId))! : sql`false`;
}

/** "Own jobs" (the jobs list's and the calendar's filter own=1): the user manages, booked or created the job. */
export function ownJob(userId: number): SQL {
  return or(
    eq(schema.jobs.projectManagerId, userId),
    eq(schema.jobs.createdById, userId),
    eq(schema.jobs.bookerId, userId),
  )!;
}

/** The company ids a user may create jobs and venues for, or "all". */
export function companyScope(actor: UserActor): "all" | number[] {
  if (!actor.isClient) return "all";
  return actor.companyId ? [actor.companyId] : [];
}

export function assertCompanyInScope(actor: UserActor, companyId: number): void {
  const scope = companyScope(actor);
  if (scope !== "all" && !scope.includes(companyId)) {
    throw new ForbiddenError("You can only work with your own company's jobs.");
  }
}

/**
 * A job the user may see, or 404 (a job outside the scope does not exist for them). A verb that
 * changes the job passes its transaction-bound ctx and `lock`: the row is then read under
 * `FOR UPDATE`, first in the lock order (jobs → worker → slots → applications).
 */
export async function loadJobInScope(ctx: Ctx, jobId: unknown, opts: { lock?: boolean } = {}) {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  const id = toJobId(jobId);
  const q = ctx.db
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.id, id), jobScope(actor)))
    .limit(1);
  const [job] = await (opts.lock ? q.for("update") : q);
  if (!job) throw new NotFoundError("Job not found.");
  return job;
}

function toJobId(jobId: unknown): number {
  return parseId(jobId, "Job");
}

/** Whether the user is crew boss on any live shift of the job (spec §6 crew-boss check). */
export async function isCrewBossOf(ctx: Ctx, actor: UserActor, jobId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(schema.shiftCrewBosses)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftCrewBosses.shiftId))
    .where(
      and(
        eq(schema.shifts.jobId, jobId),
        eq(schema.shiftCrewBosses.userId, actor.userId),
        isNull(schema.shifts.deletedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A job for its notes: holders of job_view in their scope, or the job's crew boss (who may
 * not hold job_view, spec §2 "job-notes [job_notes_access, or a check on the job item]").
 */
export async function loadJobForNotes(ctx: Ctx, jobId: unknown) {
  const actor = requireUser(ctx);
  const id = toJobId(jobId);
  const [job] = await ctx.db
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.id, id), isNull(schema.jobs.deletedAt)))
    .limit(1);
  if (!job) throw new NotFoundError("Job not found.");
  const viewer =
    actor.permissions.has("job_view") && (!actor.isClient || job.companyId === actor.companyId);
  const bossing = await isCrewBossOf(ctx, actor, id);
  if (!viewer && !bossing) {
    // A worker who leads no crew anywhere may not write notes at all (403); anyone else
    // simply cannot see this job (404).
    if (!actor.permissions.has("job_view") && !(await isCrewBossAnywhere(ctx, actor)))
      throw new ForbiddenError();
    throw new NotFoundError("Job not found.");
  }
  if (!bossing && !actor.permissions.has("job_notes_access")) throw new ForbiddenError();
  return { job, bossing };
}

/** A job for its page: job_view holders in their scope, or the job's crew boss (notes tab). */
export async function loadJobForViewer(ctx: Ctx, jobId: unknown) {
  const actor = requireUser(ctx);
  if (actor.permissions.has("job_view")) return loadJobInScope(ctx, jobId);
  const id = toJobId(jobId);
  if (!(await isCrewBossOf(ctx, actor, id))) throw new ForbiddenError();
  const [job] = await ctx.db
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.id, id), isNull(schema.jobs.deletedAt)))
    .limit(1);
  if (!job) throw new NotFoundError("Job not found.");
  return job;
}

/** Leads the crew of some shift (the crew boss may open that job's notes and report hours). */
export async function isCrewBossAnywhere(ctx: Ctx, actor: UserActor): Promise<boolean> {
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(schema.shiftCrewBosses)
    .where(eq(schema.shiftCrewBosses.userId, actor.userId))
    .limit(1);
  return Boolean(row);
}
