import { and, asc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import { schema } from "@/db";
import { statusAsOf } from "@/lib/domain/application-status";
import { formatTimeRange } from "@/lib/domain/format";
import { fromLocal, isoInZone, toLocal } from "@/lib/domain/time";
import {
  addMonths,
  CALENDAR_STATUSES,
  calendarKind,
  calendarStatusLabel,
  monthKey,
  monthLabel,
  parseMonth,
  type CalendarKind,
} from "@/lib/domain/user-calendar";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import type { Ctx } from "../context";
import { liveJobOfShift, liveShiftOfApplication } from "../applications/on-live-shifts";
import { profileAccess } from "../users/access";
import { viewerTimeZone } from "../viewer-zone";
import { unavailableDaysOfMonth, type UnavailableDay } from "./unavailable";

/** A bound on one month's answer (a worker has a few shifts a day at most). */
export const USER_CALENDAR_LIMIT = 500;

export interface UserCalendarShift {
  /** The application's id. */
  id: number;
  status: ApplicationStatus;
  kind: CalendarKind;
  /** The status in words (a cancelled job says so). */
  label: string;
  start: string;
  end: string;
  /** "22:00–06:00 (+1 day)" in the job's zone. */
  time: string;
  time_zone: string;
  job: { id: number; name: string; cancelled: boolean };
  skill: string;
  place: string | null;
}

export interface UserCalendarDay {
  /** YYYY-MM-DD, the shift's start date in its job's zone. */
  date: string;
  shifts: UserCalendarShift[];
}

export interface UserCalendarMonth {
  user: { id: number };
  month: string;
  label: string;
  previous: string;
  next: string;
  days: UserCalendarDay[];
  /** The days the user marked unavailable this month, by date. */
  unavailable: UnavailableDay[];
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The user-calendar tab: the user's booked, requested and applied shifts starting in `month`
 * (YYYY-MM; a bad value is the current month), grouped by day in each job's zone. Who may see
 * it: oneself, or the office (lib/domain/profile-tabs.ts); anyone else gets 404. One query
 * for the shifts and one for the days marked unavailable, besides the access check and the
 * viewer's zone.
 */
export async function userCalendarMonth(
  ctx: Ctx,
  rawId: unknown,
  rawMonth: unknown,
): Promise<UserCalendarMonth> {
  const { subject } = await profileAccess(ctx, rawId, { tab: "user-calendar" });
  const zone = await viewerTimeZone(ctx);
  const local = toLocal(ctx.now, zone);
  const month = parseMonth(rawMonth, { year: local.year, month: local.month });
  const after = addMonths(month, 1);
  // Jobs sit in many zones: read half a day either side, then keep what starts in the month
  // in its own job's zone.
  const from = new Date(
    fromLocal({ ...month, day: 1, hour: 0, minute: 0 }, zone).getTime() - 14 * 3_600_000,
  );
  const to = new Date(
    fromLocal({ ...after, day: 1, hour: 0, minute: 0 }, zone).getTime() + 14 * 3_600_000,
  );

  const a = schema.applications;
  const s = schema.shifts;
  const j = schema.jobs;
  const v = schema.venues;
  const rows = await ctx.db
    .select({
      id: a.id,
      status: a.status,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      timeZone: schema.countries.timeZone,
      jobId: j.id,
      jobName: j.name,
      jobStatus: j.status,
      skill: schema.skills.name,
      venue: v.name,
      city: j.city,
      venueCity: v.city,
    })
    .from(a)
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, a.shiftSlotId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .innerJoin(s, liveShiftOfApplication)
    .innerJoin(j, liveJobOfShift)
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .leftJoin(v, eq(v.id, j.venueId))
    .where(
      and(
        eq(a.assigneeId, subject.id),
        inArray(a.status, CALENDAR_STATUSES),
        isNull(schema.shiftSlots.deletedAt),
        gte(s.startsAt, from),
        lt(s.startsAt, to),
      ),
    )
    .orderBy(asc(s.startsAt), asc(a.id))
    .limit(USER_CALENDAR_LIMIT);

  const key = monthKey(month);
  const byDay = new Map<string, UserCalendarShift[]>();
  for (const r of rows) {
    const l = toLocal(r.startsAt, r.timeZone);
    const date = `${l.year}-${pad(l.month)}-${pad(l.day)}`;
    if (!date.startsWith(key)) continue;
    const status = statusAsOf(r.status, r.endsAt, ctx.now);
    const kind = calendarKind(status) ?? "booked";
    const list = byDay.get(date) ?? [];
    list.push({
      id: r.id,
      status,
      kind,
      label: calendarStatusLabel(status, r.jobStatus),
      start: isoInZone(r.startsAt, r.timeZone),
      end: isoInZone(r.endsAt, r.timeZone),
      time: formatTimeRange(r.startsAt, r.endsAt, r.timeZone),
      time_zone: r.timeZone,
      job: { id: r.jobId, name: r.jobName, cancelled: r.jobStatus === "Cancelled" },
      skill: r.skill,
      place: [r.venue, r.city ?? r.venueCity].filter(Boolean).join(", ") || null,
    });
    byDay.set(date, list);
  }
  return {
    user: { id: subject.id },
    month: key,
    label: monthLabel(month),
    previous: monthKey(addMonths(month, -1)),
    next: monthKey(after),
    days: [...byDay.entries()].map(([date, shifts]) => ({ date, shifts })),
    unavailable: await unavailableDaysOfMonth(ctx, subject.id, month),
  };
}
