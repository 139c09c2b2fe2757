import { eq } from "drizzle-orm";
import {
  PASSWORD_MAX,
  PERSONAL_TEXT_LIMITS as LIMIT,
  tooLongMessage,
} from "@/lib/domain/text-limits";
import { z } from "zod";
import { schema, type Tx } from "@/db";
import { mergeNotificationPrefs, NOTIFICATION_PREF_KEYS } from "@/lib/domain/notification-prefs";
import { canEditRoles } from "@/lib/domain/profile-tabs";
import { logActivity } from "../activity";
import { requireUser, withTx, type Ctx } from "../context";
import { ForbiddenError, ValidationError, type FieldErrors } from "../errors";
import { idSchema, parseId } from "../params";
import { cancelPendingEmailChange, requestEmailChange } from "../account/email-change";
import { assertCurrentPassword, CURRENT_PASSWORD_REQUIRED } from "../account/security";
import { parseInput } from "../validate";
import { optionalPhone } from "../phone";
import { editAccess } from "./access";
import { existingIds } from "./profile";
import { assertMayGrantRoles } from "./manage";

/**
 * PUT users/{id} and POST update_user: the personal and settings fields of a profile. Only
 * the fields sent change (the personal tab and the settings tab each send theirs).
 */
export const DATA_UPDATED = "Data updated successfully!";

const text = (field: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: `The ${field} must be a string.` }).max(max, tooLongMessage(field, max)),
  );
const optionalText = (field: string, max: number) =>
  z.preprocess((v) => (v === "" ? null : v), text(field, max).nullable()).optional();
const requiredText = (field: string, max: number) =>
  text(field, max)
    .pipe(z.string().min(1, `The ${field} field is required.`))
    .optional();
const ids = (field: string) =>
  z
    .array(idSchema, { error: `The ${field} must be a list of ids.` })
    .max(200)
    .optional();

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const updateProfileInput = z
  .object({
    first_name: requiredText("first name", LIMIT.first_name),
    last_name: requiredText("last name", LIMIT.last_name),
    email: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z
        .email("The email must be a valid email address.")
        .max(LIMIT.email, tooLongMessage("email", LIMIT.email))
        .optional(),
    ),
    phone: optionalPhone,
    address: optionalText("address", LIMIT.address),
    city: optionalText("city", LIMIT.city),
    zip: optionalText("zip", LIMIT.zip),
    nationality: optionalText("nationality", LIMIT.nationality),
    birth_date: z
      .preprocess(
        (v) => (v === "" ? null : v),
        z
          .string({ error: "The birth date must be a date." })
          .refine((v) => {
            const m = ISO_DAY.exec(v);
            if (!m) return false;
            const d = new Date(`${v}T00:00:00Z`);
            return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
          }, "The birth date must be a date.")
          .nullable(),
      )
      .optional(),
    country_id: z.preprocess((v) => (v === "" ? null : v), idSchema.nullable()).optional(),
    language_ids: ids("languages"),
    branch_ids: ids("branches"),
    preferred_branch_ids: ids("preferred branches"),
    preferred_venue_ids: ids("preferred venues"),
    role_ids: ids("roles"),
    /** Changing one's own e-mail address: the current password (never stored, never logged). */
    current_password: z
      .string({ error: "The current password must be a string." })
      .max(PASSWORD_MAX)
      .optional(),
    notification_prefs: z.partialRecord(z.enum(NOTIFICATION_PREF_KEYS), z.boolean()).optional(),
  })
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

function birthDateError(value: string, now: Date): string | null {
  const year = Number(value.slice(0, 4));
  if (year < 1900) return "The birth date must be after 01/01/1900.";
  if (value >= now.toISOString().slice(0, 10)) return "The birth date must be a date in the past.";
  return null;
}

/**
 * PUT users/{id}. A new e-mail address does not take effect here: it waits for its owner to
 * confirm it from a mail, and the old address is told (lib/services/account/email-change.ts).
 * Changing one's own address needs one's current password (`current_password`).
 */
export async function updateProfile(ctx: Ctx, rawId: unknown, raw: unknown) {
  const input = parseInput(updateProfileInput, raw);
  const actor = requireUser(ctx);
  // Checked before the transaction: hashing is slow, and a wrong guess counts even so.
  const ownNewAddress =
    parseId(rawId, "User") === actor.userId &&
    input.email !== undefined &&
    input.email !== actor.email;
  if (ownNewAddress)
    await assertCurrentPassword(ctx, actor, input.current_password, "change_email");
  return withTx(ctx, async (ctx) => {
    const action = input.role_ids
      ? "change the roles of"
      : input.email !== undefined
        ? "change the e-mail of"
        : "change";
    const { viewer, subject } = await editAccess(ctx, rawId, "personal", action);
    const [current] = await ctx.db
      .select({
        email: schema.users.email,
        name: schema.users.name,
        firstName: schema.users.firstName,
        lastName: schema.users.lastName,
        prefs: schema.users.notificationPrefs,
      })
      .from(schema.users)
      .where(eq(schema.users.id, subject.id));
    const newEmail =
      input.email !== undefined && input.email !== current.email ? input.email : null;
    // What changes: the fields sent, the address only when it differs (it waits, below).
    const changed = Object.keys(input).filter(
      (k) => k !== "current_password" && (k !== "email" || newEmail !== null),
    );
    // Nothing sent, nothing changed: no write and no activity row.
    if (changed.length === 0) return { id: subject.id, message: DATA_UPDATED };
    if (newEmail && subject.id === actor.userId && !ownNewAddress)
      throw new ValidationError(CURRENT_PASSWORD_REQUIRED, {
        current_password: [CURRENT_PASSWORD_REQUIRED],
      });
    const errors: FieldErrors = {};
    const add = (f: string, m: string) => (errors[f] ??= []).push(m);

    if (input.birth_date) {
      const e = birthDateError(input.birth_date, ctx.now);
      if (e) add("birth_date", e);
    }
    const checks = [
      ["language_ids", schema.languages, input.language_ids],
      ["branch_ids", schema.branches, input.branch_ids],
      ["preferred_branch_ids", schema.branches, input.preferred_branch_ids],
      ["preferred_venue_ids", schema.venues, input.preferred_venue_ids],
      ["role_ids", schema.roles, input.role_ids],
      ["country_id", schema.countries, input.country_id ? [input.country_id] : undefined],
    ] as const;
    for (const [field, table, list] of checks) {
      if (!list?.length) continue;
      const found = await existingIds(ctx.db, table, list);
      if (list.some((i) => !found.has(i))) add(field, `The selected ${field} is invalid.`);
    }
    if (input.role_ids) {
      if (!canEditRoles(viewer, subject))
        throw new ForbiddenError(
          subject.id === actor.userId
            ? "You cannot change your own roles."
            : "You do not have permission to change roles.",
        );
      if (!input.role_ids.length) add("role_ids", "A user needs at least one role.");
      // Taking a role away needs nothing more: the actor already holds all the user holds.
      const held = await ctx.db
        .select({ id: schema.userRoles.roleId })
        .from(schema.userRoles)
        .where(eq(schema.userRoles.userId, subject.id));
      const added = input.role_ids.filter((id) => !held.some((h) => h.id === id));
      await assertMayGrantRoles(ctx.db, actor, added);
    }
    if (Object.keys(errors).length) throw new ValidationError(Object.values(errors)[0][0], errors);
    const emailChange = newEmail
      ? await requestEmailChange(
          ctx,
          { id: subject.id, ...current },
          newEmail,
          subject.id !== actor.userId,
        )
      : null;
    if (changed.every((k) => k === "email"))
      return { id: subject.id, message: emailChange!.message, pending_email: newEmail };

    const firstName = input.first_name ?? current.firstName ?? "";
    const lastName = input.last_name ?? current.lastName ?? "";
    const nameChanged = input.first_name !== undefined || input.last_name !== undefined;
    await ctx.db
      .update(schema.users)
      .set({
        ...(input.first_name !== undefined && { firstName }),
        ...(input.last_name !== undefined && { lastName }),
        ...(nameChanged && { name: `${firstName} ${lastName}`.trim() }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.address !== undefined && { address: input.address }),
        ...(input.city !== undefined && { city: input.city }),
        ...(input.zip !== undefined && { zip: input.zip }),
        ...(input.nationality !== undefined && { nationality: input.nationality }),
        ...(input.birth_date !== undefined && { birthDate: input.birth_date }),
        ...(input.country_id !== undefined && { countryId: input.country_id }),
        ...(input.notification_prefs && {
          notificationPrefs: mergeNotificationPrefs(current.prefs, input.notification_prefs),
        }),
        updatedAt: ctx.now,
      })
      .where(eq(schema.users.id, subject.id));
    await replaceLinks(ctx.db, subject.id, input);
    await logActivity(ctx, {
      logName: "users",
      description: "Profile updated",
      subjectType: "users",
      subjectId: subject.id,
      properties: { fields: changed.filter((k) => k !== "email") },
    });
    return emailChange
      ? {
          id: subject.id,
          message: `${DATA_UPDATED} ${emailChange.message}`,
          pending_email: newEmail,
        }
      : { id: subject.id, message: DATA_UPDATED };
  });
}

async function replaceLinks(db: Tx, userId: number, input: z.output<typeof updateProfileInput>) {
  const sets = [
    [schema.userLanguages, input.language_ids, (id: number) => ({ userId, languageId: id })],
    [schema.userBranches, input.branch_ids, (id: number) => ({ userId, branchId: id })],
    [
      schema.userPreferredBranches,
      input.preferred_branch_ids,
      (id: number) => ({ userId, branchId: id }),
    ],
    [
      schema.userPreferredVenues,
      input.preferred_venue_ids,
      (id: number) => ({ userId, venueId: id }),
    ],
    [schema.userRoles, input.role_ids, (id: number) => ({ userId, roleId: id })],
  ] as const;
  for (const [table, list, row] of sets) {
    if (!list) continue;
    await db.delete(table).where(eq(table.userId, userId));
    const unique = [...new Set(list)];
    // The tables differ in their second column; each row builder matches its table.
    if (unique.length) await db.insert(table).values(unique.map((id) => row(id)) as never);
  }
}

/** POST update_user: the signed-in user updates its own profile (never its roles). */
export async function updateOwnProfile(ctx: Ctx, raw: unknown) {
  const actor = requireUser(ctx);
  return updateProfile(ctx, actor.userId, raw);
}

/**
 * DELETE users/{id}/email-change: the pending change of address stops (oneself, or the office
 * under the rule of who may manage whom); the account keeps its address.
 */
export async function cancelEmailChange(ctx: Ctx, rawId: unknown) {
  return withTx(ctx, async (ctx) => {
    const { subject } = await editAccess(ctx, rawId, "personal", "change the e-mail of");
    return { id: subject.id, ...(await cancelPendingEmailChange(ctx, subject.id)) };
  });
}
