import { and, asc, eq, exists, sql } from "drizzle-orm";
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
