"use client";

import "react-big-calendar/lib/css/react-big-calendar.css";
import "./calendar.css";
import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
} from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import {
  Calendar,
  luxonLocalizer,
  type DateLocalizer,
  type EventProps,
  type EventWrapperProps,
  type NavigateAction,
  type TitleOptions,
  type ShowMoreProps,
  type View,
} from "react-big-calendar";
import { DateTime, Settings } from "luxon";
import { useQueryNavigation } from "@/components/ui/use-query-navigation";
import {
  AGENDA_DAYS,
  addDaysTo,
  byDay,
  CALENDAR_FILL_LABEL,
  calendarEventLabel,
  dayText,
  daysBetween,
  moreOnDay,
  parseDay,
  visibleRange,
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

/**
 * A day's key (YYYY-MM-DD in the calendar's zone), opening it in the day view ("+N more"), how
 * many events it holds in all when the server sent only the first few of each (month, week,
 * agenda), and whether that count is the server's cap ("that many or more").
 */
const DrillContext = createContext<{
  dayOf: (day: Date) => string;
  drill: (day: string) => void;
  totalOn: (day: string) => number | undefined;
  cappedOn: (day: string) => boolean;
}>({
  dayOf: () => "",
  drill: () => undefined,
  totalOn: () => undefined,
  cappedOn: () => false,
});

/** A visible day of the week or agenda view and the events held for it (in start order). */
interface ViewDay {
  key: string;
  start: Date;
  end: Date;
  items: Item[];
}

/** The week's or agenda's days, each with its events: sorted into days once, not per day. */
const ViewDaysContext = createContext<ViewDay[]>([]);

/**
 * A month cell's "+N more": the library's own is a bare button inside its ARIA row, which axe
 * refuses (a row owns cells); this one sits in a cell and drills into the day view.
 */
function ShowMore({ slotDate, count, events }: ShowMoreProps<Item>) {
  const { dayOf, drill, totalOn, cappedOn } = useContext(DrillContext);
  const day = dayOf(slotDate);
  const more = moreOnDay(totalOn(day), events.length - count, events.length);
  return (
    <span role="cell">
      <button
        type="button"
        className="rbc-button-link rbc-show-more"
        onClick={(e) => {
          e.stopPropagation();
          drill(day);
        }}
      >
        {showMoreCount(more, cappedOn(day))}
        {/* A phone's cell is too narrow for the word: it stays for screen readers. */}
        <span className="cal-more-word"> more</span>
      </button>
    </span>
  );
}

function EventLabel({ event }: Pick<EventProps<Item>, "event">) {
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
 * A week column's header: the day and, when the server sent only its first few, "+N more" (the
 * header is react-big-calendar's button into the day view, which lists the day in full).
 */
function WeekHeader({
  date,
  label,
  localizer,
}: {
  date: Date;
  label: string;
  localizer: DateLocalizer;
}) {
  const { dayOf, totalOn, cappedOn } = useContext(DrillContext);
  const days = useContext(ViewDaysContext);
  const key = dayOf(date);
  const held = days.find((d) => d.key === key)?.items.length ?? 0;
  const more = moreOnDay(totalOn(key), held, held);
  return (
    <span className="cal-week-head">
      {/* A phone's column shows "M 02": the reader hears the whole date. */}
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{localizer.format(date, "cccc dd/MM/yyyy")}</span>
      {more > 0 && (
        <span className="cal-day-more">
          {showMoreCount(more, cappedOn(key))}
          <span className="cal-more-word"> more</span>
        </span>
      )}
    </span>
  );
}

/**
 * A time grid's event box is a focusable role="button" around the event's own link: two tab
 * stops and a control inside a control (axe: nested-interactive). The link stays the
 * keyboard's way in; a click on the box still opens the job.
 */
function TimeEventBox(props: EventWrapperProps<Item> & { children?: ReactNode }) {
  // react-big-calendar passes type "time" from the week and day grids (not in its types).
  const { children } = props;
  if ((props as { type?: string }).type !== "time" || !isValidElement(children)) return children;
  return cloneElement(children as ReactElement<{ role?: string; tabIndex?: number }>, {
    role: undefined,
    tabIndex: undefined,
  });
}

interface AgendaProps {
  localizer: DateLocalizer;
  onSelectEvent?: (item: Item, e: SyntheticEvent) => void;
}

/** The agenda row's time: its range, or where it begins or ends when it runs past the day. */
function agendaTime(localizer: DateLocalizer, day: ViewDay, item: Item) {
  const at = (d: Date) => localizer.format(d, "HH:mm");
  const startsHere = item.start >= day.start;
  const endsHere = item.end <= day.end;
  if (startsHere && endsHere) return { text: `${at(item.start)}–${at(item.end)}`, className: "" };
  if (startsHere) return { text: at(item.start), className: "rbc-continues-after" };
  if (endsHere) return { text: at(item.end), className: "rbc-continues-prior" };
  return {
    text: localizer.messages.allDay ?? "All day",
    className: "rbc-continues-prior rbc-continues-after",
  };
}

/**
 * The agenda: each day with its shifts, and "+N more on <day>" under a day the server cut. It
 * replaces react-big-calendar's, whose every day filtered every event through luxon (30 days of
 * 3,000 events: ~30 s in Chromium); the same markup and classes, so it looks the same.
 */
function AgendaList({ localizer, onSelectEvent }: AgendaProps) {
  const { drill, totalOn, cappedOn } = useContext(DrillContext);
  const days = useContext(ViewDaysContext).filter((d) => d.items.length > 0);
  const { messages } = localizer;
  if (days.length === 0)
    return (
      <div className="rbc-agenda-view">
        <span className="rbc-agenda-empty">{messages.noEventsInRange}</span>
      </div>
    );
  return (
    <div className="rbc-agenda-view">
      <div className="rbc-agenda-content">
        <table className="rbc-agenda-table">
          <thead>
            <tr>
              <th className="rbc-header">{messages.date}</th>
              <th className="rbc-header">{messages.time}</th>
              <th className="rbc-header">{messages.event}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => {
              const held = day.items.length;
              const more = moreOnDay(totalOn(day.key), held, held);
              const label = localizer.format(day.start, "agendaDateFormat");
              return (
                <Fragment key={day.key}>
                  {day.items.map((item, i) => {
                    const time = agendaTime(localizer, day, item);
                    return (
                      <tr key={item.id} className={`cal-ev cal-ev-${item.event.fill}`}>
                        {i === 0 && (
                          <td rowSpan={held + (more > 0 ? 1 : 0)} className="rbc-agenda-date-cell">
                            {label}
                          </td>
                        )}
                        <td className="rbc-agenda-time-cell">
                          <span className={time.className || undefined}>{time.text}</span>
                        </td>
                        <td
                          className="rbc-agenda-event-cell"
                          onClick={(e) => onSelectEvent?.(item, e)}
                        >
                          <EventLabel event={item} />
                        </td>
                      </tr>
                    );
                  })}
                  {more > 0 && (
                    <tr className="cal-agenda-more">
                      <td colSpan={2}>
                        <button
                          type="button"
                          className="rbc-button-link rbc-show-more"
                          onClick={() => drill(day.key)}
                        >
                          {showMoreCount(more, cappedOn(day.key))} more on {label}
                        </button>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const agendaEnd = (start: Date, localizer: DateLocalizer) =>
  localizer.add(start, AGENDA_DAYS - 1, "day");
AgendaList.range = (start: Date, { localizer }: { localizer: DateLocalizer }) => ({
  start,
  end: agendaEnd(start, localizer),
});
AgendaList.navigate = (
  date: Date,
  action: NavigateAction,
  { localizer }: { localizer: DateLocalizer },
) => {
  if (action === "PREV") return localizer.add(date, -AGENDA_DAYS, "day");
  if (action === "NEXT") return localizer.add(date, AGENDA_DAYS, "day");
  return date;
};
AgendaList.title = (start: Date, { localizer }: TitleOptions) =>
  (localizer as DateLocalizer).format(
    { start, end: agendaEnd(start, localizer as DateLocalizer) },
    "agendaHeaderFormat",
  );

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
