/**
 * Who may manage whom (issue 21, DESIGN §3): one rule for every verb that changes another
 * user's account, and for every grant of a role.
 *
 * An actor may change, deactivate, delete, re-password, re-mail or re-role another user only
 * when it holds every permission that user holds: otherwise taking over the account (a new
 * e-mail, then "Forgot password") would hand the actor what it was never given. An
 * administrator outranks everyone, and nobody but an administrator touches an administrator
 * (even a custom role holding every permission). The same comparison limits grants: a role
 * can be given, and a role created or edited, only with permissions the actor holds.
 *
 * Two refinements keep the default roles workable without weakening the rule:
 * - PERSONAL permissions open only the holder's own things and reach nobody else's data, so
 *   holding them is no power to take over: a crew handler manages workers although it has no
 *   worker dashboard of its own.
 * - COVERED_BY: a permission is held when a stronger one is (booking a worker includes
 *   requesting one), so a project manager manages client contacts.
 *
 * Pure: the caller loads both sides (lib/services/users/manage.ts).
 */
import { PERMISSIONS, type Permission } from "./permissions";

/** One side of the comparison: a user, whether it is an administrator, and what it holds. */
export interface Holder {
  userId: number;
  isAdmin: boolean;
  /** The permissions its roles hold (for a target: held by its roles, whatever its status). */
  permissions: ReadonlySet<string>;
}

/** What the actor means to do; names the refusal ("… can deactivate …"). */
export type ManageAction =
  | "change"
  | "deactivate"
  | "activate"
  | "delete"
  | "change the roles of"
  | "change the e-mail of"
  | "change the payment details of"
  | "change the documents of"
  | "change the picture of"
  | "write notes on"
  | "sign out"
  | "send a password link to"
  | "turn off two-factor login for"
  | "approve";

/** Permissions that open only the holder's own dashboard: no reach over anyone else. */
export const PERSONAL_PERMISSIONS: ReadonlySet<string> = new Set<Permission>([
  "my_dashboard_access",
]);

/** A permission is held when one of these is: booking a worker includes requesting one. */
export const COVERED_BY: Readonly<Partial<Record<Permission, readonly Permission[]>>> = {
  can_request_worker: ["jobs_book_workers"],
};

export type Verdict = { allowed: true } | { allowed: false; reason: string; missing: string[] };

const ALLOWED: Verdict = { allowed: true };

function holds(actor: Holder, permission: string): boolean {
  if (actor.isAdmin || actor.permissions.has(permission)) return true;
  const stronger = COVERED_BY[permission as Permission] ?? [];
  return stronger.some((p) => actor.permissions.has(p));
}

/** The permissions among `wanted` the actor does not hold (personal ones never count). */
export function permissionsBeyond(actor: Holder, wanted: Iterable<string>): string[] {
  if (actor.isAdmin) return [];
  const missing = new Set<string>();
  for (const p of wanted) if (!PERSONAL_PERMISSIONS.has(p) && !holds(actor, p)) missing.add(p);
  return [...missing].sort();
}

/** A permission as people read it: the catalogue's label, else its name (custom ones). */
export function permissionLabel(name: string): string {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, name)
    ? PERMISSIONS[name as Permission].label
    : name;
}

function listOf(missing: string[]): string {
  const labels = missing.map(permissionLabel);
  const shown = labels.slice(0, 3).join(", ");
  return labels.length > 3 ? `${shown} and ${labels.length - 3} more` : shown;
}

export const ONLY_ADMIN_MANAGES_ADMIN = (action: ManageAction = "change") =>
  `Only an administrator can ${action} an administrator's account.`;

/**
 * May `actor` do `action` to `target`'s account? One's own account is not this rule's
 * business (what one may do to oneself is decided by each verb), so it is always allowed here.
 */
export function mayManage(actor: Holder, target: Holder, action: ManageAction = "change"): Verdict {
  if (actor.userId === target.userId || actor.isAdmin) return ALLOWED;
  if (target.isAdmin)
    return { allowed: false, reason: ONLY_ADMIN_MANAGES_ADMIN(action), missing: [] };
  const missing = permissionsBeyond(actor, target.permissions);
  if (missing.length === 0) return ALLOWED;
  return {
    allowed: false,
    reason: `You cannot ${action} this account: it holds permissions you do not hold (${listOf(missing)}).`,
    missing,
  };
}

/**
 * May `actor` give a role (or build one) holding `permissions`? The Administrator role only
 * an administrator gives; any other only with permissions the actor holds itself.
 */
export function mayGrant(
  actor: Holder,
  role: { title: string; isAdmin: boolean; permissions: Iterable<string> },
): Verdict {
  if (actor.isAdmin) return ALLOWED;
  if (role.isAdmin)
    return {
      allowed: false,
      reason: "Only an administrator can grant the Administrator role.",
      missing: [],
    };
  const missing = permissionsBeyond(actor, role.permissions);
  if (missing.length === 0) return ALLOWED;
  return {
    allowed: false,
    reason: `You cannot grant the role ${role.title}: it holds permissions you do not hold (${listOf(missing)}).`,
    missing,
  };
}

/** May `actor` build (create, or edit into) a role holding `permissions`? */
export function mayBuildRole(actor: Holder, permissions: Iterable<string>): Verdict {
  const missing = permissionsBeyond(actor, permissions);
  if (missing.length === 0) return ALLOWED;
  return {
    allowed: false,
    reason: `You can only give a role permissions you hold yourself (not ${listOf(missing)}).`,
    missing,
  };
}
