import { eq } from "drizzle-orm";
import { schema } from "@/db";
import type { Ctx } from "./context";

/** Where a user without a country (or the system) reads times: the agency's home. */
export const AGENCY_TIME_ZONE = "Europe/Copenhagen";

/**
 * The time zone the signed-in user reads times in: its own country's. Times of a job are
 * shown in the job's country instead (the verbs of jobs and shifts do that themselves).
 */
export async function viewerTimeZone(ctx: Ctx): Promise<string> {
  const actor = ctx.actor;
  if (actor?.kind !== "user") return AGENCY_TIME_ZONE;
  const [row] = await ctx.db
    .select({ tz: schema.countries.timeZone })
    .from(schema.users)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.users.countryId))
    .where(eq(schema.users.id, actor.userId));
  return row?.tz ?? AGENCY_TIME_ZONE;
}
