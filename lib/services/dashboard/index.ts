import { requirePermission, requireUser, type Ctx } from "../context";
import { jobScope } from "../jobs/scope";
import { keyFigures } from "./figures";
import { todayAndTomorrow } from "./today";

export { workerDashboard } from "./worker";
export type { DashboardShift, LateCheckIn, NotCheckedIn } from "./today";

/**
 * Live figures and the day's work for /dashboard; everything respects the user's job scope
 * (a client contact sees its own company's jobs, and the phones of the workers booked on
 * them, only). A fixed number of bounded statements, no writes.
 */
export async function agencyDashboard(ctx: Ctx) {
  requirePermission(ctx, "dashboard_access");
  const actor = requireUser(ctx);
  const scope = jobScope(actor);
  const figures = await keyFigures(ctx, actor, scope);
  const today = await todayAndTomorrow(ctx, scope);
  return { ...figures, ...today };
}
