import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  type ReactElement,
  type ReactNode,
} from "react";
import type {
  DateLocalizer,
  EventProps,
  EventWrapperProps,
  ShowMoreProps,
} from "react-big-calendar";
import { NavLink } from "@/components/ui/nav-link";
import {
  CALENDAR_FILL_LABEL,
  calendarEventLabel,
  moreOnDay,
  showMoreCount,
} from "@/lib/domain/calendar";
import type { CalendarEvent } from "@/lib/services/calendar";

/**
 * The pieces the calendar (calendar-view.tsx) draws inside react-big-calendar's views: an
 * event's label, a month cell's and a week day's "+N more", and what they share.
 */

/** An event as react-big-calendar holds it: the shift with its instants as Dates. */
export interface Item {
  id: number;
  title: string;
  start: Date;
  end: Date;
  event: CalendarEvent;
}

/**
 * A day's key (YYYY-MM-DD in the calendar's zone), opening it in the day view ("+N more"), how
 * many events it holds in all when the server sent only the first few of each (month, week,
 * agenda), and whether that count is the server's cap ("that many or more").
 */
export const DrillContext = createContext<{
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
export interface ViewDay {
  key: string;
  start: Date;
  end: Date;
  items: Item[];
}

/** The week's or agenda's days, each with its events: sorted into days once, not per day. */
export const ViewDaysContext = createContext<ViewDay[]>([]);

/**
 * A month cell's "+N more": the library's own is a bare button inside its ARIA row, which axe
 * refuses (a row owns cells); this one sits in a cell and drills into the day view.
 */
export function ShowMore({ slotDate, count, events }: ShowMoreProps<Item>) {
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

export function EventLabel({ event }: Pick<EventProps<Item>, "event">) {
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
export function MonthEventLabel(props: EventProps<Item>) {
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
export function WeekHeader({
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
      <span className="sr-only">{localizer.format(date, "cccc dd/MM/yyyy")} </span>
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
export function TimeEventBox(props: EventWrapperProps<Item> & { children?: ReactNode }) {
  // react-big-calendar passes type "time" from the week and day grids (not in its types).
  const { children } = props;
  if ((props as { type?: string }).type !== "time" || !isValidElement(children)) return children;
  return cloneElement(children as ReactElement<{ role?: string; tabIndex?: number }>, {
    role: undefined,
    tabIndex: undefined,
  });
}
