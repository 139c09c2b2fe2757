import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { schema } from "@/db";
import { toLocal } from "@/lib/domain/time";
import {
  UNAVAILABLE_MESSAGES,
  unavailableLabel,
  unavailableNote,
  unavailableRange,
} from "@/lib/domain/unavailable-days";
import { addMonths, daysInMonth, monthKey, parseMonth } from "@/lib/domain/user-calendar";
import { withTx, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { logActivity } from "../activity";
import { editAccess, profileAccess } from "../users/access";
import { viewerTimeZone } from "../viewer-zone";

/**
 * Days a worker marks unavailable (issue 25; the spec is silent, rules in
 * lib/domain/unavailable-days.ts). The worker itself, or the office that may edit its profile
 * (canEditProfile: user_create), on the user-calendar tab; who may not see that tab gets 404,
 * who sees but may not edit it 403. Marking and unmarking are idempotent.
 */

export interface UnavailableDay {
  /** YYYY-MM-DD. */
  date: string;
  note: string | null;
  /** "Unavailable — <note>". */
  label: string;
}

export const UNAVAILABLE_MARKED = "The days are marked unavailable.";
export const UNAVAILABLE_REMOVED = "The days are no longer marked unavailable.";

/** What the REST calls take (for the OpenAPI document; the verbs check input themselves). */
export const markUnavailableInput = z.object({
  from: z.string().describe("YYYY-MM-DD, today or later"),
  to: z.string().optional().describe("YYYY-MM-DD; missing: just `from`; at most 62 days"),
  note: z.string().max(200).nullable().optional(),
});
export const unmarkUnavailableInput = z.object({
  from: z.string().describe("YYYY-MM-DD"),
  to: z.string().optional().describe("YYYY-MM-DD; missing: just `from`; at most 62 days"),
});
export const unavailableMonthInput = z.object({
  month: z.string().optional().describe("YYYY-MM; missing or bad: the current month"),
});

const pad = (n: number) => String(n).padStart(2, "0");

/** Today in the caller's zone, YYYY-MM-DD. */
async function todayOf(ctx: Ctx): Promise<string> {
  const l = toLocal(ctx.now, await viewerTimeZone(ctx));
  return `${l.year}-${pad(l.month)}-${pad(l.day)}`;
}

const fieldsOf = (raw: unknown): Record<string, unknown> =>
  raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};

function rangeOrThrow(raw: Record<string, unknown>, today?: string) {
  const range = unavailableRange(raw.from, raw.to, today);
  if (!range.ok) throw new ValidationError(range.message, { [range.field]: [range.message] });
  return range;
}

/**
 * POST users/{id}/unavailable-days { from, to?, note? }: marks every day from..to (at most 62,
 * none before today in the caller's zone). A day already marked stays marked and takes the new
 * note. One transaction: the user's row is locked, then the days written and one activity row.
 */
export async function markUnavailableDays(ctx: Ctx, rawId: unknown, raw: unknown) {
  // Who may, before the days are read: another's calendar is 404 whatever was sent (issue 27).
  await editAccess(ctx, rawId, "user-calendar");
  const input = fieldsOf(raw);
  const range = rangeOrThrow(input, await todayOf(ctx));
  const note = unavailableNote(input.note);
  if (!note.ok) throw new ValidationError(note.message, { note: [note.message] });
  const d = schema.unavailableDays;
  const added = await withTx(ctx, async (ctx) => {
    const { subject } = await editAccess(ctx, rawId, "user-calendar");
    const before = await ctx.db
      .select({ day: d.day })
      .from(d)
      .where(and(eq(d.userId, subject.id), inArray(d.day, range.days)));
    await ctx.db
      .insert(d)
      .values(
        range.days.map((day) => ({ userId: subject.id, day, note: note.note, createdAt: ctx.now })),
      )
      .onConflictDoUpdate({ target: [d.userId, d.day], set: { note: sql`excluded.note` } });
    const added = range.days.length - before.length;
    await logActivity(ctx, {
      logName: "users",
      description: "Days marked unavailable",
      subjectType: "users",
      subjectId: subject.id,
      properties: { from: range.from, to: range.to, note: note.note, added },
    });
    return added;
  });
  return {
    message: UNAVAILABLE_MARKED,
    data: { from: range.from, to: range.to, days: range.days.length, added },
  };
}

/**
 * DELETE users/{id}/unavailable-days { from, to? }: unmarks every day from..to (at most 62;
 * past days too). Days not marked are no error. One transaction with its activity row.
 */
export async function unmarkUnavailableDays(ctx: Ctx, rawId: unknown, raw: unknown) {
  await editAccess(ctx, rawId, "user-calendar");
  const range = rangeOrThrow(fieldsOf(raw));
  const d = schema.unavailableDays;
  const removed = await withTx(ctx, async (ctx) => {
    const { subject } = await editAccess(ctx, rawId, "user-calendar");
    const rows = await ctx.db
      .delete(d)
      .where(and(eq(d.userId, subject.id), between(d.day, range.from, range.to)))
      .returning({ id: d.id });
    await logActivity(ctx, {
      logName: "users",
      description: "Days no longer marked unavailable",
      subjectType: "users",
      subjectId: subject.id,
      properties: { from: range.from, to: range.to, removed: rows.length },
    });
    return rows.length;
  });
  return {
    message: UNAVAILABLE_REMOVED,
    data: { from: range.from, to: range.to, removed },
  };
}

/** The marked days of one month (bounded: at most 31 rows), by date. */
export async function unavailableDaysOfMonth(
  ctx: Ctx,
  userId: number,
  month: { year: number; month: number },
): Promise<UnavailableDay[]> {
  const d = schema.unavailableDays;
  const key = monthKey(month);
  const rows = await ctx.db
    .select({ day: d.day, note: d.note })
    .from(d)
    .where(
      and(eq(d.userId, userId), between(d.day, `${key}-01`, `${key}-${pad(daysInMonth(month))}`)),
    )
    .orderBy(asc(d.day));
  return rows.map((r) => ({ date: r.day, note: r.note, label: unavailableLabel(r.note) }));
}

/**
 * GET users/{id}/unavailable-days?month=YYYY-MM (a bad value: the current month): the days the
 * user marked unavailable that month. Who may see the user-calendar tab; anyone else 404.
 */
export async function listUnavailableDays(ctx: Ctx, rawId: unknown, rawMonth: unknown) {
  const { subject } = await profileAccess(ctx, rawId, { tab: "user-calendar" });
  const local = toLocal(ctx.now, await viewerTimeZone(ctx));
  const month = parseMonth(rawMonth, { year: local.year, month: local.month });
  return {
    user: { id: subject.id },
    month: monthKey(month),
    next: monthKey(addMonths(month, 1)),
    days: await unavailableDaysOfMonth(ctx, subject.id, month),
  };
}

export { UNAVAILABLE_MESSAGES };
