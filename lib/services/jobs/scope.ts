import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
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

/** A job the user may see, or 404 (a job outside the scope does not exist for them). */
export async function loadJobInScope(ctx: Ctx, jobId: unknown) {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  const id = Number(jobId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError("Job not found.");
  const [job] = await ctx.db
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.id, id), jobScope(actor)))
    .limit(1);
  if (!job) throw new NotFoundError("Job not found.");
  return job;
}
