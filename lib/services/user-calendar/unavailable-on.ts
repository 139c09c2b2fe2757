import { and, asc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { toLocal } from "@/lib/domain/time";
import { unavailableLabel } from "@/lib/domain/unavailable-days";

/**
 * Days marked unavailable as the booking side sees them (issue 25): the day of a shift is its
 * start date in its job's zone; a worker who marked that day sorts after the free ones in the
 * bookable list and carries "Unavailable — <note>". Kept apart from the verbs so the booking
 * code needs nothing but the table.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** The start date (YYYY-MM-DD) of each shift in its zone, without repeats. */
export function shiftDays(shifts: { startsAt: Date; timeZone: string }[]): string[] {
  const days = shifts.map((s) => {
    const l = toLocal(s.startsAt, s.timeZone);
    return `${l.year}-${pad(l.month)}-${pad(l.day)}`;
  });
  return [...new Set(days)].sort();
}

/** SQL: the outer `users` row marked one of `days` unavailable (served by the unique index). */
export const markedUnavailableOn = (db: DbOrTx, days: string[]): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(schema.unavailableDays)
      .where(
        and(
          eq(schema.unavailableDays.userId, schema.users.id),
          inArray(schema.unavailableDays.day, days),
        ),
      ),
  );

/** The days among `days` each of `userIds` marked unavailable, in one query. */
export async function unavailableOfUsers(
  db: DbOrTx,
  userIds: number[],
  days: string[],
): Promise<Map<number, { date: string; note: string | null; label: string }[]>> {
  const out = new Map<number, { date: string; note: string | null; label: string }[]>();
  if (!userIds.length || !days.length) return out;
  const d = schema.unavailableDays;
  const rows = await db
    .select({ userId: d.userId, day: d.day, note: d.note })
    .from(d)
    .where(and(inArray(d.userId, userIds), inArray(d.day, days)))
    .orderBy(asc(d.day));
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ date: r.day, note: r.note, label: unavailableLabel(r.note) });
    out.set(r.userId, list);
  }
  return out;
}
