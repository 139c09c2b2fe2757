import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, sideBySide } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { languageOptions } from "../languages";
import { liveBranches } from "../reference";
import { possibleRoles } from "./create";

/**
 * The choices of the create wizard in one call: the roles this actor may give, operational
 * countries, languages, branches, sub-skills (with their parent's name), levels by weight,
 * and the companies in the actor's scope (a client contact: its own).
 */
export async function wizardOptions(ctx: Ctx) {
  requirePermission(ctx, "user_create");
  const actor = requireUser(ctx);
  const parent = alias(schema.skills, "parent");
  const [roles, countries, languages, branches, skills, levels, companies] = await sideBySide(
    ctx.db,
    () => possibleRoles(ctx),
    () =>
      ctx.db
        .select({ id: schema.countries.id, name: schema.countries.name })
        .from(schema.countries)
        .where(eq(schema.countries.operational, true))
        .orderBy(asc(schema.countries.id)),
    () => languageOptions(ctx.db),
    () => liveBranches(ctx.db),
    () =>
      ctx.db
        .select({ id: schema.skills.id, name: schema.skills.name, group: parent.name })
        .from(schema.skills)
        .innerJoin(parent, eq(parent.id, schema.skills.parentId))
        .where(and(isNull(schema.skills.deletedAt), isNotNull(schema.skills.parentId)))
        .orderBy(asc(parent.order), asc(schema.skills.order), asc(schema.skills.id)),
    () =>
      ctx.db
        .select({ id: schema.levels.id, name: schema.levels.name })
        .from(schema.levels)
        .where(isNull(schema.levels.archivedAt))
        .orderBy(asc(schema.levels.weight), asc(schema.levels.id)),
    () =>
      ctx.db
        .select({ id: schema.companies.id, name: schema.companies.name })
        .from(schema.companies)
        .where(
          and(
            isNull(schema.companies.deletedAt),
            actor.isClient ? eq(schema.companies.id, actor.companyId ?? 0) : undefined,
          ),
        )
        .orderBy(asc(schema.companies.name)),
  );
  return { roles, countries, languages, branches, skills, levels, companies };
}

export type WizardOptions = Awaited<ReturnType<typeof wizardOptions>>;
