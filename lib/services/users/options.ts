import { and, asc, eq, isNull } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { canEditRoles, type ProfileTab } from "@/lib/domain/profile-tabs";
import type { Ctx, UserActor } from "../context";
import { languageOptions } from "../languages";
import { levelOptions } from "../levels";
import { liveBranches } from "../reference";
import { profileAccess } from "./access";
import { grantVerdict, rolesWithPermissions } from "./manage";

type Option = { id: number; name: string };

/**
 * The choices a profile form offers (countries, languages, branches, public venues, the roles
 * the viewer may grant, skills and levels), read in the viewer's scope of that profile.
 */
export async function profileFormOptions(ctx: Ctx, rawId: unknown, tab: ProfileTab) {
  const { viewer, subject, actor } = await profileAccess(ctx, rawId, { tab });
  const [countries, languages, branches, venues, roles] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ id: schema.countries.id, name: schema.countries.name })
        .from(schema.countries)
        .orderBy(asc(schema.countries.name)),
    () => languageOptions(ctx.db, subject.id),
    () => liveBranches(ctx.db),
    () =>
      tab === "settings"
        ? ctx.db
            .select({ id: schema.venues.id, name: schema.venues.name })
            .from(schema.venues)
            .where(and(isNull(schema.venues.deletedAt), eq(schema.venues.status, "public")))
            .orderBy(asc(schema.venues.name))
            .limit(300)
        : Promise.resolve([] as Option[]),
    () =>
      canEditRoles(viewer, subject) ? rolesOffered(ctx, actor, subject.id) : Promise.resolve([]),
  );
  return { countries, languages, branches, venues, roles };
}

/**
 * The roles a profile's role picker offers: those the viewer may give (the grant rule), and
 * those the user holds already, so they show ticked and can be taken away.
 */
async function rolesOffered(ctx: Ctx, actor: UserActor, userId: number): Promise<Option[]> {
  const [roles, held] = await sideBySide(
    ctx.db,
    () => rolesWithPermissions(ctx.db),
    () =>
      ctx.db
        .select({ id: schema.userRoles.roleId })
        .from(schema.userRoles)
        .where(eq(schema.userRoles.userId, userId)),
  );
  const holds = new Set(held.map((h) => h.id));
  return roles
    .filter((r) => holds.has(r.id) || grantVerdict(actor, r).allowed)
    .map((r) => ({ id: r.id, name: r.title }));
}

/** The skills (with their parents) and levels the my-skills tab offers. */
export async function skillFormOptions(ctx: Ctx, rawId: unknown) {
  const { subject } = await profileAccess(ctx, rawId, { tab: "my-skills" });
  const [skills, levels] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          id: schema.skills.id,
          name: schema.skills.name,
          parent_id: schema.skills.parentId,
        })
        .from(schema.skills)
        .where(isNull(schema.skills.deletedAt))
        .orderBy(asc(schema.skills.order), asc(schema.skills.name)),
    () => levelOptions(ctx.db, subject.id),
  );
  return { skills, levels: levels.map(({ id, name }) => ({ id, name })) };
}
