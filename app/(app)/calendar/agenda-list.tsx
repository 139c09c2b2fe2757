import { Fragment, useContext, type SyntheticEvent } from "react";
import type { DateLocalizer, NavigateAction, TitleOptions } from "react-big-calendar";
import { AGENDA_DAYS, moreOnDay, showMoreCount } from "@/lib/domain/calendar";
import {
  DrillContext,
  EventLabel,
  ViewDaysContext,
  type Item,
  type ViewDay,
} from "./calendar-cells";

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
export function AgendaList({ localizer, onSelectEvent }: AgendaProps) {
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
