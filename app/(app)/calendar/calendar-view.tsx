"use client";

import "react-big-calendar/lib/css/react-big-calendar.css";
import "./calendar.css";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import {
  Calendar,
  luxonLocalizer,
  type EventProps,
  type ShowMoreProps,
  type View,
} from "react-big-calendar";
import { DateTime, Settings } from "luxon";
import { useQueryNavigation } from "@/components/ui/use-query-navigation";
import {
  CALENDAR_FILL_LABEL,
  calendarEventLabel,
  moreOnDay,
  showMoreCount,
  type CalendarFill,
  type CalendarView as ViewName,
} from "@/lib/domain/calendar";
import type { CalendarEvent } from "@/lib/services/calendar";

interface Item {
  id: number;
  title: string;
  start: Date;
  end: Date;
  event: CalendarEvent;
}

const VIEWS: ViewName[] = ["month", "week", "day", "agenda"];
const LEGEND: CalendarFill[] = ["full", "partial", "empty", "none", "draft", "cancelled"];
const PHONE = "(max-width: 639px)";

/** luxon's default zone is what the localizer draws in: the zone the server read the days in. */
function localizerIn(timeZone: string) {
  Settings.defaultZone = timeZone;
  return luxonLocalizer(DateTime, { firstDayOfWeek: 1 });
}

/**
 * Opens a day in the day view (a month cell's "+N more"), how many events a day holds in all
 * when the server sent only the first few of each (month view), and whether that count is the
 * server's cap ("that many or more").
 */
const DrillContext = createContext<{
  drill: (day: Date) => void;
  totalOn: (day: Date) => number | undefined;
  cappedOn: (day: Date) => boolean;
}>({ drill: () => undefined, totalOn: () => undefined, cappedOn: () => false });

/**
 * A month cell's "+N more": the library's own is a bare button inside its ARIA row, which axe
 * refuses (a row owns cells); this one sits in a cell and drills into the day view.
 */
function ShowMore({ slotDate, count, events }: ShowMoreProps<Item>) {
  const { drill, totalOn, cappedOn } = useContext(DrillContext);
  const more = moreOnDay(totalOn(slotDate), events.length - count, events.length);
  return (
    <span role="cell">
      <button
        type="button"
        className="rbc-button-link rbc-show-more"
        onClick={(e) => {
          e.stopPropagation();
          drill(slotDate);
        }}
      >
        {showMoreCount(more, cappedOn(slotDate))}
        {/* A phone's cell is too narrow for the word: it stays for screen readers. */}
        <span className="cal-more-word"> more</span>
      </button>
    </span>
  );
}

function EventLabel({ event }: EventProps<Item>) {
  const e = event.event;
  const label = calendarEventLabel({ ...e, fill: e.fill });
  // A real link, so the keyboard reaches and opens every event (react-big-calendar's event box
  // only takes clicks); the box's own click handler would navigate a second time.
  return (
    <NavLink
      href={e.href}
      prefetch={false}
      onClick={(ev) => ev.stopPropagation()}
      className="cal-ev-label"
      title={`${label} (${CALENDAR_FILL_LABEL[e.fill]})`}
    >
      {e.fill === "cancelled" && <span className="cal-ev-tag">Cancelled</span>}
      {e.fill === "draft" && <span className="cal-ev-tag">Draft</span>}
      <span className="cal-ev-count">
        {e.booked} / {e.positions}
      </span>{" "}
      <span className="cal-ev-title">{e.title}</span>
      <span className="sr-only"> ({CALENDAR_FILL_LABEL[e.fill]})</span>
    </NavLink>
  );
}

/** In the month grid the event sits in an ARIA row: its link needs a cell (as "+N more"). */
function MonthEventLabel(props: EventProps<Item>) {
  return (
    <span role="cell" className="cal-ev-cell">
      <EventLabel {...props} />
    </span>
  );
}

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
  /** Month view: each day's count (the events are the first few of each day). */
  days?: Record<string, number>;
  /** Month view: the days whose count is the server's cap (YYYY-MM-DD). */
  daysCapped?: string[];
}) {
  const router = useRouter();
  const { navigate, hrefWith, pending } = useQueryNavigation();
  const localizer = useMemo(() => localizerIn(timeZone), [timeZone]);
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
      drill: (d: Date) => navigate({ date: dayOf(d), view: "day" }),
      totalOn: (d: Date) => days?.[dayOf(d)],
      cappedOn: (d: Date) => daysCapped?.includes(dayOf(d)) ?? false,
    }),
    [navigate, dayOf, days, daysCapped],
  );

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
        <div
          className={`cal-wrap cal-view-${view}`}
          data-pending={pending ? "" : undefined}
          aria-busy={pending}
        >
          <Calendar<Item>
            localizer={localizer}
            events={items}
            view={view}
            views={VIEWS}
            date={current}
            onView={(v: View) => navigate({ view: v })}
            onNavigate={(d: Date) => navigate({ date: dayOf(d) })}
            onDrillDown={(d: Date, v: View) => navigate({ date: dayOf(d), view: v })}
            onSelectEvent={(item: Item) => router.push(item.event.href)}
            eventPropGetter={(item: Item) => ({ className: `cal-ev cal-ev-${item.event.fill}` })}
            components={{
              event: EventLabel,
              month: { event: MonthEventLabel },
              agenda: { event: EventLabel },
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
              dayFormat: "ccc dd/MM",
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
