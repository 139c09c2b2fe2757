import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError } from "../errors";

/**
 * The applicants list and its approval are the agency's (spec §2 /applicants
 * [can_view_applicants_list]). A client contact never vets the agency's workers, even when a
 * custom role hands it the permission: 403, as for the review of venues.
 */
export function requireApplicantsOffice(ctx: Ctx): UserActor {
  requirePermission(ctx, "can_view_applicants_list");
  const actor = requireUser(ctx);
  if (actor.isClient) throw new ForbiddenError("Only the agency can look at applicants.");
  return actor;
}
