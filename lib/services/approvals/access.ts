import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError } from "../errors";

export const OFFICE_ONLY = "Only the agency reviews documents and venues.";

/**
 * The Documents and Venues kinds of the approvals inbox are the agency's review: approval_access
 * and not a client contact. A client contact holds approval_access for the hours of its own
 * company only: it gets 403 here, as for the review of venues (lib/services/venues/access.ts).
 */
export function requireReviewOffice(ctx: Ctx): UserActor {
  requirePermission(ctx, "approval_access");
  const actor = requireUser(ctx);
  if (actor.isClient) throw new ForbiddenError(OFFICE_ONLY);
  return actor;
}

/** Whether the actor sees the Documents and Venues kinds (no error: for tabs and menus). */
export const isReviewOffice = (actor: UserActor) =>
  actor.permissions.has("approval_access") && !actor.isClient;
