import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { schema, type DbOrTx } from "@/db";
import type { ManageAction } from "@/lib/domain/manage";
import { ROLE } from "@/lib/domain/permissions";
import { formatDate, formatTimeRange } from "@/lib/domain/format";
import { logActivity } from "../activity";
import { requirePermission, requireUser, withTx, type Ctx, type TxCtx } from "../context";
import { ConfirmError, ConflictError, NotFoundError } from "../errors";
import { flag, parseId } from "../params";
import { parseInput } from "../validate";
import { endUserSessions } from "../auth/sessions";
import { leaveJobChats, rejoinJobChats } from "../chat/job-chat";
import { assertMayManage, heldPermissionsSql, holderOf, holdsAdminRoleSql } from "./manage";
import { liveJobOfShift, liveShiftOfApplication } from "../applications/on-live-shifts";

/** The places that still hold a worker on a shift that has not started. */
export const FUTURE_BOOKING_STATUSES = [
  "Booked",
  "Request accepted",
  "Reserve",
  "Applied",
] as const;

export interface FutureBooking {
  application_id: number;
  job_id: number;
  job_name: string;
  starts_at: string;
  date: string;
  time: string;
  status: string;
}

export async function futureBookings(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<FutureBooking[]> {
  const rows = await db
    .select({
      application_id: schema.applications.id,
      job_id: schema.jobs.id,
      job_name: schema.jobs.name,
      starts_at: schema.shifts.startsAt,
      ends_at: schema.shifts.endsAt,
      time_zone: schema.countries.timeZone,
      status: schema.applications.status,
    })
    .from(schema.applications)
    .innerJoin(schema.shifts, liveShiftOfApplication)
    .innerJoin(schema.jobs, liveJobOfShift)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(
      and(
        eq(schema.applications.assigneeId, userId),
        inArray(schema.applications.status, [...FUTURE_BOOKING_STATUSES]),
        gt(schema.shifts.startsAt, now),
      ),
    )
    .orderBy(asc(schema.shifts.startsAt), asc(schema.applications.id))
    .limit(100);
  return rows.map((r) => ({
    application_id: r.application_id,
    job_id: r.job_id,
    job_name: r.job_name,
    starts_at: r.starts_at.toISOString(),
    date: formatDate(r.starts_at, r.time_zone),
    time: formatTimeRange(r.starts_at, r.ends_at, r.time_zone),
    status: r.status,
  }));
}

/**
 * The user an office actor manages, locked for the change (the worker comes first in the lock
 * order). A client contact holding user_create reaches only its own company's users; anyone
 * else is "not found" for it. Archived users are gone. The rule of who may manage whom must
 * allow `action` (403 with its reason).
 */
export async function lockManagedUser(ctx: TxCtx, rawId: unknown, action: ManageAction) {
  const actor = requireUser(ctx);
  const id = parseId(rawId, "User");
  const [user] = await ctx.db
    .select({
      id: schema.users.id,
      name: schema.users.name,
      status: schema.users.status,
      companyId: schema.users.companyId,
      isAdmin: holdsAdminRoleSql(),
      permissions: heldPermissionsSql(),
    })
    .from(schema.users)
    .where(
      and(
        eq(schema.users.id, id),
        isNull(schema.users.deletedAt),
        actor.isClient
          ? actor.companyId
            ? eq(schema.users.companyId, actor.companyId)
            : sql`false`
          : undefined,
      ),
    )
    .for("update");
  if (!user) throw new NotFoundError("User not found.");
  assertMayManage(actor, holderOf(user), action);
  return { actor, user };
}

/**
 * Refuses to take away the last active administrator. The other active administrators are
 * locked (in id order) so two administrators removing each other at once cannot both pass.
 */
async function assertNotLastAdmin(ctx: TxCtx, userId: number, verb: string) {
  const isAdmin = sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${schema.users.id} and r.title = ${ROLE.admin})`;
  const [target] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.id, userId), isAdmin));
  if (!target) return;
  const others = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(
      and(
        ne(schema.users.id, userId),
        isNull(schema.users.deletedAt),
        eq(schema.users.status, "active"),
        isAdmin,
      ),
    )
    .orderBy(asc(schema.users.id))
    .for("update");
  if (!others.length)
    throw new ConflictError(`The last active administrator cannot be ${verb}.`, "last_admin");
}

/** 410 with the bookings, unless the caller confirmed having seen them. */
async function confirmBookings(ctx: TxCtx, userId: number, confirmed: boolean, what: string) {
  if (confirmed) return [];
  const bookings = await futureBookings(ctx.db, userId, ctx.now);
  if (bookings.length)
    throw new ConfirmError(
      `This user has ${bookings.length === 1 ? "1 upcoming booking" : `${bookings.length} upcoming bookings`}. ${what}`,
      "confirm_required",
      { bookings },
    );
  return bookings;
}

export const changeStatusInput = z.object({
  status: z.enum(["active", "deactivated"], "The status must be active or deactivated."),
  confirm: flag,
});

export const STATUS_CHANGED = "User activated or deactivated successfully";
export const USER_DELETED = "User deleted successfully";

/**
 * POST users/{id}/change-status. Deactivating ends the user's sessions and tokens at once.
 * A user with upcoming bookings answers 410 confirm_required listing them; repeated with
 * confirm=1 the user is deactivated and the bookings stay as they are, for the office to
 * rebook those places (a deactivated worker can no longer sign in to check in).
 */
export async function changeUserStatus(ctx: Ctx, rawId: unknown, raw: unknown) {
  requirePermission(ctx, "user_create");
  const input = parseInput(changeStatusInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const { actor, user } = await lockManagedUser(
      ctx,
      rawId,
      input.status === "active" ? "activate" : "deactivate",
    );
    if (user.id === actor.userId)
      throw new ConflictError("You cannot change your own status.", "self");
    if (user.status !== input.status) {
      if (input.status === "deactivated") {
        await assertNotLastAdmin(ctx, user.id, "deactivated");
        await confirmBookings(
          ctx,
          user.id,
          Boolean(input.confirm),
          "Deactivate anyway? The bookings stay as they are; rebook those places.",
        );
        await endUserSessions(ctx.db, user.id, ctx.now, { forgetDevices: true });
        await leaveJobChats(ctx.db, user.id);
      }
      await ctx.db
        .update(schema.users)
        .set({ status: input.status, updatedAt: ctx.now })
        .where(eq(schema.users.id, user.id));
      await logActivity(ctx, {
        logName: "users",
        description: input.status === "active" ? "activated" : "deactivated",
        subjectType: "users",
        subjectId: user.id,
        properties: { old: user.status, new: input.status },
      });
      if (input.status === "active") await rejoinJobChats(ctx.db, user.id, ctx.now);
    }
    return { id: user.id, status: input.status, message: STATUS_CHANGED };
  });
}

/**
 * DELETE users/{id}: archives the user (deleted_at, deactivated, sessions and tokens ended);
 * its history (applications, hours, notes) stays. The same confirm flow as deactivating when
 * it has upcoming bookings.
 */
export async function deleteUser(ctx: Ctx, rawId: unknown, raw: unknown) {
  requirePermission(ctx, "user_create");
  const { confirm } = parseInput(z.object({ confirm: flag }), raw ?? {});
  return withTx(ctx, async (ctx) => {
    const { actor, user } = await lockManagedUser(ctx, rawId, "delete");
    if (user.id === actor.userId) throw new ConflictError("You cannot delete yourself.", "self");
    await assertNotLastAdmin(ctx, user.id, "deleted");
    await confirmBookings(
      ctx,
      user.id,
      Boolean(confirm),
      "Delete anyway? The bookings stay as they are; rebook those places.",
    );
    await endUserSessions(ctx.db, user.id, ctx.now, { forgetDevices: true });
    await leaveJobChats(ctx.db, user.id);
    await ctx.db
      .update(schema.users)
      .set({ status: "deactivated", deletedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(schema.users.id, user.id));
    await logActivity(ctx, {
      logName: "users",
      description: "deleted",
      subjectType: "users",
      subjectId: user.id,
      properties: { name: user.name },
    });
    return { id: user.id, message: USER_DELETED };
  });
}
