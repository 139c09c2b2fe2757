import { sideBySide } from "@/db";
import {
  CALENDAR_VIEWS,
  dayText,
  perDayOf,
  parseDay,
  visibleRange,
  type CalendarView,
} from "@/lib/domain/calendar";
import { toLocal } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx } from "../context";
import { isId } from "../params";
import { AGENCY_TIME_ZONE } from "../viewer-zone";
import { branchesForJobs, clientsWithJobs, countriesWithJobs } from "../jobs/filters";
import { calendarJobs, calendarViewer, type CalendarJobs } from "./index";

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const idOrUndefined = (v: string | undefined) => (v && isId(v) ? v : undefined);

export interface CalendarScreen {
  view: CalendarView;
  /** The view's date (YYYY-MM-DD), and whether the URL named a view at all. */
  date: string;
  viewInUrl: boolean;
  calendar: CalendarJobs;
  /** Filter options; null for a caller who sees only its own shifts (a worker). */
  filters: {
    countries: { id: number; name: string }[];
    branches: { id: number; name: string }[];
    companies: { id: number; name: string }[];
  } | null;
}

/**
 * The /calendar screen from its URL (view, date, country_id, branch, company_id, own): the
 * events of exactly the visible days (month, week and agenda: the first few of each day and
 * each day's count; the day view: the day in full). A value the URL cannot mean (view=zzz, date=abc,
 * branch=abc) is left out rather than shown as an error: month, today, no filter.
 */
export async function calendarScreen(ctx: Ctx, sp: Search): Promise<CalendarScreen> {
  requirePermission(ctx, "calendar_access");
  const viewer = calendarViewer(requireUser(ctx));
  const rawView = one(sp.view);
  const view = (CALENDAR_VIEWS as readonly string[]).includes(rawView ?? "")
    ? (rawView as CalendarView)
    : "month";
  const today = toLocal(ctx.now, AGENCY_TIME_ZONE);
  const day = parseDay(one(sp.date) ?? "") ?? {
    year: today.year,
    month: today.month,
    day: today.day,
  };
  const range = visibleRange(view, day);
  const office = viewer.kind !== "worker";
  const [calendar, countries, branches, companies] = await sideBySide(
    ctx.db,
    () =>
      calendarJobs(ctx, {
        startDate: dayText(range.start),
        endDate: dayText(range.end),
        // A month cell, a week's column and an agenda day show a few and "+N more": the rest
        // of a busy day stays behind until the day view asks for it.
        perDay: perDayOf(view, range),
        filter: office
          ? {
              country_id: idOrUndefined(one(sp.country_id)),
              branches: idOrUndefined(one(sp.branch)),
              companies: idOrUndefined(one(sp.company_id)),
              own: one(sp.own) === "1" || one(sp.own) === "true",
            }
          : {},
      }),
    async () => (office ? countriesWithJobs(ctx) : []),
    async () => (office ? branchesForJobs(ctx) : []),
    async () => (office ? clientsWithJobs(ctx) : []),
  );
  return {
    view,
    date: dayText(day),
    viewInUrl: Boolean(rawView),
    calendar,
    filters: office ? { countries, branches, companies } : null,
  };
}
