import { and, eq, exists, sql, type Placeholder, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { USERS_ID } from "../users/workers";
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

/**
 * The days asked about, as one array parameter: `sql.param(days)`, or a placeholder of a
 * precompiled statement (the bookable list's).
 */
export type Days = SQL | Placeholder;

/** SQL: the outer `users` row marked one of `days` unavailable (served by the unique index). */
export const markedUnavailableOn = (db: DbOrTx, days: Days): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(schema.unavailableDays)
      .where(
        and(
          eq(schema.unavailableDays.userId, schema.users.id),
          sql`${schema.unavailableDays.day} = any(${days})`,
        ),
      ),
  );

export interface UnavailableDay {
  date: string;
  note: string | null;
  /** "Unavailable — <note>". */
  label: string;
}

/**
 * SQL: the days among `days` the outer `users` row marked unavailable, as json
 * [{ date, note }] by day (null when none): a subselect, so a page of workers carries its own.
 * Give each to `unavailableDay` for its label.
 */
export const unavailableDaysOfUser = (days: Days): SQL<Omit<UnavailableDay, "label">[] | null> =>
  sql`(
  select json_agg(json_build_object('date', ud.day, 'note', ud.note) order by ud.day)
  from ${schema.unavailableDays} ud
  where ud.user_id = ${USERS_ID} and ud.day = any(${days}))`;

/** A marked day with the words the booker sees. */
export const unavailableDay = (d: Omit<UnavailableDay, "label">): UnavailableDay => ({
  date: d.date,
  note: d.note,
  label: unavailableLabel(d.note),
});
