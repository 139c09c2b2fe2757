import { and, asc, eq, exists, inArray, isNull, or, sql } from "drizzle-orm";
import { schema } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { jobScope } from "./scope";

/** GET clientswithjobs: the companies that have jobs the user can see (the list's filter). */
export async function clientsWithJobs(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  return ctx.db
    .select({ id: schema.companies.id, name: schema.companies.name })
    .from(schema.companies)
    .where(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(schema.jobs)
          .where(and(eq(schema.jobs.companyId, schema.companies.id), jobScope(actor))),
      ),
    )
    .orderBy(asc(schema.companies.name));
}

/** GET countrieswithjobs: the countries of the jobs the user can see. */
export async function countriesWithJobs(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  return ctx.db
    .select({ id: schema.countries.id, name: schema.countries.name })
    .from(schema.countries)
    .where(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(schema.jobs)
          .where(and(eq(schema.jobs.countryId, schema.countries.id), jobScope(actor))),
      ),
    )
    .orderBy(asc(schema.countries.id));
}

/**
 * The branch options of the jobs filter. Agency staff choose from every live branch; a client
 * contact only from the branches of its company's countries (the company's own country and
 * those of its jobs), so it is not shown the agency's other offices.
 */
export async function branchesForJobs(
  ctx: Ctx,
): Promise<{ id: number; name: string; country_id: number }[]> {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  const b = schema.branches;
  const columns = { id: b.id, name: b.name, country_id: b.countryId };
  if (!actor.isClient)
    return ctx.db.select(columns).from(b).where(isNull(b.deletedAt)).orderBy(asc(b.name));
  if (!actor.companyId) return [];
  return ctx.db
    .select(columns)
    .from(b)
    .where(
      and(
        isNull(b.deletedAt),
        or(
          inArray(
            b.countryId,
            ctx.db
              .select({ id: schema.companies.countryId })
              .from(schema.companies)
              .where(eq(schema.companies.id, actor.companyId)),
          ),
          inArray(
            b.countryId,
            ctx.db
              .selectDistinct({ id: schema.jobs.countryId })
              .from(schema.jobs)
              .where(jobScope(actor)),
          ),
        ),
      ),
    )
    .orderBy(asc(b.name));
}
