import { sideBySide } from "@/db";
import { type Ctx, requireUser } from "../context";
import { viewerTimeZone } from "../viewer-zone";
import { listRememberedDevices, listSessions, listTokens } from "./security";

/**
 * The user-security tab in one read: two-factor state, live sessions, API tokens and
 * remembered devices of the caller, and the time zone its dates are shown in.
 */
export async function securityOverview(ctx: Ctx) {
  const actor = requireUser(ctx);
  const [sessions, tokens, devices, zone] = await sideBySide(
    ctx.db,
    () => listSessions(ctx),
    () => listTokens(ctx),
    () => listRememberedDevices(ctx),
    () => viewerTimeZone(ctx),
  );
  return {
    totpEnabled: actor.totpEnabled,
    sessions,
    tokens,
    devices,
    timeZone: zone,
  };
}
