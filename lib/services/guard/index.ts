import { and, eq, sql } from "drizzle-orm";
import { isId } from "../params";
import { schema } from "@/db";
import type { RouteCheck } from "@/lib/auth/routes";
import type { Ctx, UserActor } from "../context";
import { getSettings } from "../settings";

/**
 * The function checks of the route map (spec §2): a crew boss of any shift of the job, the
 * user's own company, the user's own profile. Ids that are not numbers never pass.
 */
export async function routeCheckPasses(
  ctx: Ctx,
  actor: UserActor,
  check: RouteCheck,
  params: Record<string, string>,
): Promise<boolean> {
  // A client contact's user list is its own company's people (the verb scopes it).
  if (check === "clientContact") return actor.isClient && actor.companyId !== null;
  const id = isId(params.id) ? Number(params.id) : null;
  if (id === null) return false;
  switch (check) {
    case "ownUser": {
      if (id === actor.userId) return true;
      // A client contact also opens the profiles of its own company's users.
      if (!actor.isClient || actor.companyId === null) return false;
      const [row] = await ctx.db
        .select({ one: sql<number>`1` })
        .from(schema.users)
        .where(and(eq(schema.users.id, id), eq(schema.users.companyId, actor.companyId)))
        .limit(1);
      return Boolean(row);
    }
    case "ownCompany":
      // A client contact is let through to any client id: the page loads the company in the
      // contact's scope, so another company's id is the 404 screen (as for another company's
      // job), not a silent trip to the dashboard.
      return actor.companyId === id || (actor.isClient && actor.companyId !== null);
    case "crewBossOfJob": {
      const [row] = await ctx.db
        .select({ one: sql<number>`1` })
        .from(schema.shiftCrewBosses)
        .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftCrewBosses.shiftId))
        .where(and(eq(schema.shifts.jobId, id), eq(schema.shiftCrewBosses.userId, actor.userId)))
        .limit(1);
      return Boolean(row);
    }
  }
}

export async function twoFactorRequiredForAdmins(ctx: Ctx): Promise<boolean> {
  return Boolean(
    (await getSettings(ctx.db, ["two_factor_required_for_admins"])).two_factor_required_for_admins,
  );
}
