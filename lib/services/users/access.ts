import { and, eq, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import type { Holder, ManageAction } from "@/lib/domain/manage";
import { ROLE } from "@/lib/domain/permissions";
import {
  canEditProfile,
  canViewProfile,
  canViewTab,
  mayUseTab,
  type ProfileSubject,
  type ProfileTab,
  type ProfileViewer,
} from "@/lib/domain/profile-tabs";
import { requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { isId, parseId } from "../params";
import { assertMayManage, heldPermissionsSql, holderOf, holdsAdminRoleSql } from "./manage";
import { USERS_ID, worksShifts } from "./workers";

/**
 * Who may look at or change a user's profile, decided once (lib/domain/profile-tabs.ts) for
 * every profile verb. Outside the viewer's scope a user does not exist: 404, never 403, so
 * ids cannot be probed.
 */
export const USER_NOT_FOUND = "User not found.";

export function viewerOf(actor: UserActor): ProfileViewer {
  return {
    userId: actor.userId,
    permissions: actor.permissions,
    isClient: actor.isClient,
    companyId: actor.companyId,
  };
}

/** A profile subject with what its roles hold, for the rule of who may manage whom. */
export type ManagedSubject = ProfileSubject & { holder: Holder };

/** The profile subject of a live (not archived) user, or null. `lock` takes its row lock. */
export async function loadSubject(
  db: DbOrTx,
  id: number,
  lock = false,
): Promise<ManagedSubject | null> {
  const u = schema.users;
  const q = db
    .select({
      id: u.id,
      companyId: u.companyId,
      isWorker: sql<boolean>`${worksShifts}`,
      isClientContact: sql<boolean>`exists (select 1 from user_roles ur
        join roles r on r.id = ur.role_id
        where ur.user_id = ${USERS_ID} and r.title = ${ROLE.client})`,
      isAdmin: holdsAdminRoleSql(),
      permissions: heldPermissionsSql(),
    })
    .from(u)
    .where(and(eq(u.id, id), isNull(u.deletedAt)));
  const [row] = await (lock ? q.for("update", { of: u }) : q);
  return row
    ? {
        id: row.id,
        companyId: row.companyId,
        isWorker: Boolean(row.isWorker),
        isClientContact: Boolean(row.isClientContact),
        holder: holderOf(row),
      }
    : null;
}

export interface ProfileAccess {
  actor: UserActor;
  viewer: ProfileViewer;
  subject: ManagedSubject;
}

/**
 * The viewer and the user `rawId`, when the viewer may see that profile (and `tab`, when
 * given); else 404. Inside a write verb pass the transaction's ctx and `lock`, and `manage`:
 * what the verb does to another user's account, which the rule of who may manage whom must
 * allow (403 with its reason otherwise).
 */
export async function profileAccess(
  ctx: Ctx,
  rawId: unknown,
  opts: { tab?: ProfileTab; lock?: boolean; manage?: ManageAction } = {},
): Promise<ProfileAccess> {
  const actor = requireUser(ctx);
  const id = parseId(rawId, "User");
  const viewer = viewerOf(actor);
  const subject = await loadSubject(ctx.db, id, opts.lock);
  if (!subject || !canViewProfile(viewer, subject)) throw new NotFoundError(USER_NOT_FOUND);
  if (opts.tab && !canViewTab(opts.tab, viewer, subject)) throw new NotFoundError(USER_NOT_FOUND);
  if (opts.manage) assertMayManage(actor, subject.holder, opts.manage);
  return { actor, viewer, subject };
}

/**
 * Who may, before a verb reads the rest of its body (issue 27): a body naming a user by id has
 * that user's tab checked as `profileAccess` does (404 outside the viewer's scope, 403 when the
 * rule of who may manage whom refuses); one naming nobody (or no id) is refused with 403 when
 * the caller could use the tab on nobody at all, and is otherwise left to the body's checks.
 */
export async function tabAccessFirst(
  ctx: Ctx,
  rawUserId: unknown,
  tab: ProfileTab,
  manage?: ManageAction,
): Promise<void> {
  const actor = requireUser(ctx);
  if (isId(rawUserId)) {
    await profileAccess(ctx, rawUserId, { tab, manage });
    return;
  }
  if (!mayUseTab(tab, viewerOf(actor), actor.permissions.has("my_dashboard_access")))
    throw new ForbiddenError();
}

/**
 * For a write: the profile (and tab) must be visible to the viewer, else 404; a viewer who
 * sees it but may not change it (a client contact on its company's people) gets 403, and so
 * does one the rule of who may manage whom refuses (with its reason).
 */
export async function editAccess(
  ctx: Ctx,
  rawId: unknown,
  tab: ProfileTab = "personal",
  action: ManageAction = "change",
): Promise<ProfileAccess> {
  const access = await profileAccess(ctx, rawId, { tab, lock: true });
  if (!canEditProfile(access.viewer, access.subject)) throw new ForbiddenError();
  assertMayManage(access.actor, access.subject.holder, action);
  return access;
}
