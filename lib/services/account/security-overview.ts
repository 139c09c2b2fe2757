import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { type Ctx, requireUser } from "../context";
import { listRememberedDevices, listSessions, listTokens } from "./security";

/** Where a user without a country reads times (the agency's home). */
const FALLBACK_ZONE = "Europe/Copenhagen";

/**
 * The user-security tab in one read: two-factor state, live sessions, API tokens and
 * remembered devices of the caller, and the time zone its dates are shown in.
 */
export async function securityOverview(ctx: Ctx) {
  const actor = requireUser(ctx);
  const [sessions, tokens, devices, zone] = await Promise.all([
    listSessions(ctx),
    listTokens(ctx),
    listRememberedDevices(ctx),
    ctx.db
      .select({ tz: schema.countries.timeZone })
      .from(schema.users)
      .innerJoin(schema.countries, eq(schema.countries.id, schema.users.countryId))
      .where(eq(schema.users.id, actor.userId)),
  ]);
  return {
    totpEnabled: actor.totpEnabled,
    sessions,
    tokens,
    devices,
    timeZone: zone[0]?.tz ?? FALLBACK_ZONE,
  };
}
