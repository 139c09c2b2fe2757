import { and, asc, inArray, isNull, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { can, requirePermission, requireUser, type Ctx } from "../context";
import { companyScope } from "../jobs/scope";

/** Options of the template screens: the companies in the user's scope, and skill names. */
export async function templateFormOptions(ctx: Ctx) {
  requirePermission(ctx, "job_template_access");
  const actor = requireUser(ctx);
  const scope = companyScope(actor);
  const [companies, skills] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ id: schema.companies.id, name: schema.companies.name })
        .from(schema.companies)
        .where(
          and(
            isNull(schema.companies.deletedAt),
            scope === "all"
              ? undefined
              : scope.length
                ? inArray(schema.companies.id, scope)
                : sql`false`,
          ),
        )
        .orderBy(asc(schema.companies.name), asc(schema.companies.id)),
    () =>
      ctx.db
        .select({ id: schema.skills.id, name: schema.skills.name })
        .from(schema.skills)
        .where(isNull(schema.skills.deletedAt))
        .orderBy(asc(schema.skills.order), asc(schema.skills.id)),
  );
  return { companies, skills, canCreateJob: can(ctx, "job_create") };
}
