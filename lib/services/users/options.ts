import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { schema } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { canEditRoles, type ProfileTab } from "@/lib/domain/profile-tabs";
import type { Ctx } from "../context";
import { languageOptions } from "../languages";
import { levelOptions } from "../levels";
import { liveBranches } from "../reference";
import { profileAccess } from "./access";

type Option = { id: number; name: string };

/**
 * The choices a profile form offers (countries, languages, branches, public venues, the roles
 * the viewer may grant, skills and levels), read in the viewer's scope of that profile.
 */
export async function profileFormOptions(ctx: Ctx, rawId: unknown, tab: ProfileTab) {
  const { viewer, subject, actor } = await profileAccess(ctx, rawId, { tab });
  const [countries, languages, branches, venues, roles] = await Promise.all([
    ctx.db
      .select({ id: schema.countries.id, name: schema.countries.name })
      .from(schema.countries)
      .orderBy(asc(schema.countries.name)),
    languageOptions(ctx.db, subject.id),
    liveBranches(ctx.db),
    tab === "settings"
      ? ctx.db
          .select({ id: schema.venues.id, name: schema.venues.name })
          .from(schema.venues)
          .where(and(isNull(schema.venues.deletedAt), eq(schema.venues.status, "public")))
          .orderBy(asc(schema.venues.name))
          .limit(300)
      : Promise.resolve([] as Option[]),
    canEditRoles(viewer, subject)
      ? ctx.db
          .select({ id: schema.roles.id, name: schema.roles.title })
          .from(schema.roles)
          .where(actor.isAdmin ? undefined : ne(schema.roles.title, ROLE.admin))
          .orderBy(asc(schema.roles.id))
      : Promise.resolve([] as Option[]),
  ]);
  return { countries, languages, branches, venues, roles };
}

/** The skills (with their parents) and levels the my-skills tab offers. */
export async function skillFormOptions(ctx: Ctx, rawId: unknown) {
  const { subject } = await profileAccess(ctx, rawId, { tab: "my-skills" });
  const [skills, levels] = await Promise.all([
    ctx.db
      .select({
        id: schema.skills.id,
        name: schema.skills.name,
        parent_id: schema.skills.parentId,
      })
      .from(schema.skills)
      .where(isNull(schema.skills.deletedAt))
      .orderBy(asc(schema.skills.order), asc(schema.skills.name)),
    levelOptions(ctx.db, subject.id),
  ]);
  return { skills, levels: levels.map(({ id, name }) => ({ id, name })) };
}
