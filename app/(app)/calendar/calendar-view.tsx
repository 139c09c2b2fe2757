"use client";

import "react-big-calendar/lib/css/react-big-calendar.css";
import "./calendar.css";
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { Calendar, luxonLocalizer, type View } from "react-big-calendar";
import { DateTime, Settings } from "luxon";
import { useQueryNavigation } from "@/components/ui/use-query-navigation";
import {
  addDaysTo,
  byDay,
  CALENDAR_FILL_LABEL,
  calendarEventLabel,
  dayText,
  daysBetween,
  parseDay,
  visibleRange,
  type CalendarFill,
  type CalendarView as ViewName,
} from "@/lib/domain/calendar";
import type { CalendarEvent } from "@/lib/services/calendar";
import { AgendaList } from "./agenda-list";
import {
  DrillContext,
  EventLabel,
  MonthEventLabel,
  ShowMore,
  TimeEventBox,
  ViewDaysContext,
  WeekHeader,
  type Item,
  type ViewDay,
} from "./calendar-cells";

const LEGEND: CalendarFill[] = ["full", "partial", "empty", "none", "draft", "cancelled"];
const PHONE = "(max-width: 639px)";

/** Whether the window is a phone's (PHONE), following it as it turns or resizes. */
function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE);
      query.addEventListener("change", changed);
      return () => query.removeEventListener("change", changed);
    },
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/** luxon's default zone is what the localizer draws in: the zone the server read the days in. */
function localizerIn(timeZone: string) {
  Settings.defaultZone = timeZone;
  return luxonLocalizer(DateTime, { firstDayOfWeek: 1 });
}

const VIEW_COMPONENTS = { month: true, week: true, day: true, agenda: AgendaList };

/**
 * The job/shift calendar (react-big-calendar with luxon), drawn in the range's time zone. Its
 * view and date live in the URL (view, date), as the filters do: the server sends the events
 * of exactly the visible days. On a phone it opens in the agenda view.
 */
export default function CalendarView({
  view,
  date,
  viewInUrl,
  timeZone,
  events,
  truncated,
  total,
  days,
  daysCapped,
}: {
  view: ViewName;
  date: string;
  viewInUrl: boolean;
  timeZone: string;
  events: CalendarEvent[];
  truncated: boolean;
  total: number;
  /** Month, week, agenda: each day's count (the events are the first few of each day). */
  days?: Record<string, number>;
  /** Month, week, agenda: the days whose count is the server's cap (YYYY-MM-DD). */
  daysCapped?: string[];
}) {
  const router = useRouter();
  const { navigate, hrefWith, pending } = useQueryNavigation();
  const localizer = useMemo(() => localizerIn(timeZone), [timeZone]);
  const phone = usePhone();
  const wrap = useRef<HTMLDivElement>(null);
  const items = useMemo<Item[]>(
    () =>
      events.map((e) => ({
        id: e.id,
        title: calendarEventLabel(e),
        start: new Date(e.start),
        end: new Date(e.end),
        event: e,
      })),
    [events],
  );
  const current = useMemo(
    () => DateTime.fromISO(date, { zone: timeZone }).toJSDate(),
    [date, timeZone],
  );
  const dayOf = useCallback(
    (d: Date) => DateTime.fromJSDate(d).setZone(timeZone).toISODate() ?? date,
    [timeZone, date],
  );

  const drillDay = useMemo(
    () => ({
      dayOf,
      drill: (day: string) => navigate({ date: day, view: "day" }),
      totalOn: (day: string) => days?.[day],
      cappedOn: (day: string) => daysCapped?.includes(day) ?? false,
    }),
    [navigate, dayOf, days, daysCapped],
  );
  const viewDays = useMemo<ViewDay[]>(() => {
    const first = parseDay(date);
    if ((view !== "week" && view !== "agenda") || !first) return [];
    const range = visibleRange(view, first);
    const list = Array.from({ length: daysBetween(range.start, range.end) + 2 }, (_, i) =>
      addDaysTo(range.start, i),
    );
    const bounds = list.map((d) => DateTime.fromObject(d, { zone: timeZone }).toMillis());
    const shares = byDay(items, (it) => [it.start.getTime(), it.end.getTime()], bounds);
    return shares.map((share, i) => ({
      key: dayText(list[i]!),
      start: new Date(bounds[i]!),
      end: new Date(bounds[i + 1]!),
      items: share.sort((a, b) => a.start.getTime() - b.start.getTime()),
    }));
  }, [view, date, timeZone, items]);

  useEffect(() => {
    // The week and day grids scroll inside a box: make it reachable by keyboard.
    wrap.current?.querySelectorAll(".rbc-time-content").forEach((el) => {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "region");
      el.setAttribute("aria-label", "Shifts by time of day");
    });
  }, [view, events]);

  useEffect(() => {
    // A phone opens on the agenda; a view named in the URL (or chosen) is kept.
    if (!viewInUrl && window.matchMedia(PHONE).matches)
      router.replace(hrefWith({ view: "agenda" }), { scroll: false });
  }, [viewInUrl, router, hrefWith]);

  return (
    <div className="flex flex-col gap-3">
      {truncated && (
        <p role="status" className="text-sm text-warning-800">
          Showing the first {events.length.toLocaleString("en-GB")} of{" "}
          {total.toLocaleString("en-GB")} shifts. Filter the calendar or pick a shorter view to see
          the rest.
        </p>
      )}
      <DrillContext value={drillDay}>
        <ViewDaysContext value={viewDays}>
          <div
            className={`cal-wrap cal-view-${view}`}
            data-pending={pending ? "" : undefined}
            aria-busy={pending}
          >
            <Calendar<Item>
              localizer={localizer}
              events={items}
              view={view}
              views={VIEW_COMPONENTS}
              date={current}
              onView={(v: View) => navigate({ view: v })}
              onNavigate={(d: Date) => navigate({ date: dayOf(d) })}
              onDrillDown={(d: Date, v: View) => navigate({ date: dayOf(d), view: v })}
              onSelectEvent={(item: Item) => router.push(item.event.href)}
              eventPropGetter={(item: Item) => ({ className: `cal-ev cal-ev-${item.event.fill}` })}
              components={{
                event: EventLabel,
                month: { event: MonthEventLabel },
                week: { header: WeekHeader },
                eventWrapper: TimeEventBox,
                showMore: ShowMore,
              }}
              tooltipAccessor={null}
              popup={false}
              showMultiDayTimes
              messages={{
                showMore: (n: number) => `+${n} more`,
                noEventsInRange: "No shifts in this range.",
              }}
              formats={{
                timeGutterFormat: "HH:mm",
                agendaTimeFormat: "HH:mm",
                agendaDateFormat: "ccc dd/MM",
                // A phone's week column is ~44 px wide: the narrow weekday and the day.
                dayFormat: phone ? "ccccc dd" : "ccc dd/MM",
                dayHeaderFormat: "cccc dd/MM/yyyy",
                eventTimeRangeFormat: ({ start, end }, culture, l) =>
                  `${l!.format(start, "HH:mm", culture)}–${l!.format(end, "HH:mm", culture)}`,
                agendaTimeRangeFormat: ({ start, end }, culture, l) =>
                  `${l!.format(start, "HH:mm", culture)}–${l!.format(end, "HH:mm", culture)}`,
                dayRangeHeaderFormat: ({ start, end }, culture, l) =>
                  `${l!.format(start, "dd/MM", culture)} – ${l!.format(end, "dd/MM/yyyy", culture)}`,
                agendaHeaderFormat: ({ start, end }, culture, l) =>
                  `${l!.format(start, "dd/MM/yyyy", culture)} – ${l!.format(end, "dd/MM/yyyy", culture)}`,
              }}
            />
          </div>
        </ViewDaysContext>
      </DrillContext>
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-gray-700" aria-label="Colour key">
        {LEGEND.map((fill) => (
          <li key={fill} className="flex items-center gap-1.5">
            <span aria-hidden className={`cal-swatch cal-ev-${fill}`} />
            {CALENDAR_FILL_LABEL[fill]}
          </li>
        ))}
        <li className="text-gray-500">Times in {timeZone.replace("_", " ")}</li>
      </ul>
    </div>
  );
}
