import { NavLink } from "@/components/ui/nav-link";
import type { ReactNode } from "react";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { dayLabel, type CalendarKind } from "@/lib/domain/user-calendar";
import type { UnavailableDay, UserCalendarMonth } from "@/lib/services/user-calendar";

const TONE: Record<CalendarKind, BadgeTone> = {
  booked: "success",
  requested: "warning",
  applied: "accent",
};

/**
 * A worker's month as a list of days (it reads the same on a phone and a desktop): each
 * shift with its time in the job's zone, the job, skill and place, and its status in words;
 * a day marked unavailable says so ("Unavailable — <note>"), with `remove` beside it when the
 * viewer may change it. `form` (marking days) sits above the list.
 */
export function UserCalendarMonthList({
  data,
  basePath,
  form,
  remove,
}: {
  data: UserCalendarMonth;
  basePath: string;
  form?: ReactNode;
  remove?: (day: UnavailableDay) => ReactNode;
}) {
  const total = data.days.reduce((n, d) => n + d.shifts.length, 0);
  const unavailable = new Map(data.unavailable.map((u) => [u.date, u]));
  const shiftsOf = new Map(data.days.map((d) => [d.date, d.shifts]));
  const dates = [...new Set([...shiftsOf.keys(), ...unavailable.keys()])].sort();
  return (
    <div className="flex flex-col gap-4">
      <nav
        aria-label="Month"
        className="flex flex-wrap items-center justify-between gap-2 rounded-card border border-gray-200 bg-white p-2"
      >
        <NavLink
          href={`${basePath}?month=${data.previous}`}
          className={buttonClass({ variant: "secondary", size: "sm" })}
          aria-label="Previous month"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Previous</span>
        </NavLink>
        <h2 className="text-base font-semibold text-gray-900" aria-live="polite">
          {data.label}
        </h2>
        <NavLink
          href={`${basePath}?month=${data.next}`}
          className={buttonClass({ variant: "secondary", size: "sm" })}
          aria-label="Next month"
        >
          <span className="hidden sm:inline">Next</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </NavLink>
      </nav>
      <p className="text-sm text-gray-600">
        {total === 0 ? "No shifts" : total === 1 ? "1 shift" : `${total} shifts`} this month
        {data.unavailable.length === 1
          ? ", 1 day marked unavailable"
          : data.unavailable.length > 1
            ? `, ${data.unavailable.length} days marked unavailable`
            : ""}
        . Times are in each job&apos;s own time zone.
      </p>
      {form}
      {dates.length === 0 ? (
        <EmptyState
          icon={<CalendarDays />}
          title="No shifts this month"
          hint="Booked, requested and applied shifts show here."
        />
      ) : (
        <ol className="flex flex-col gap-4">
          {dates.map((date) => (
            <li key={date}>
              <h3 className="mb-2 text-sm font-semibold text-gray-900">
                <time dateTime={date}>{dayLabel(date)}</time>
              </h3>
              <ul className="flex flex-col gap-2">
                {unavailable.has(date) ? (
                  <li data-testid="unavailable-day">
                    <Card>
                      <CardContent className="flex flex-wrap items-center justify-between gap-2">
                        <p className="min-w-0 font-medium break-words text-gray-900">
                          {unavailable.get(date)!.label}
                        </p>
                        {remove?.(unavailable.get(date)!)}
                      </CardContent>
                    </Card>
                  </li>
                ) : null}
                {(shiftsOf.get(date) ?? []).map((s) => (
                  <li key={s.id}>
                    <Card>
                      <CardContent className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                        <div className="min-w-0">
                          <p className="font-medium break-words text-gray-900">
                            {s.time} · {s.job.name}
                          </p>
                          <p className="text-sm break-words text-gray-600">
                            {s.skill}
                            {s.place ? ` · ${s.place}` : ""}
                            {` · ${s.time_zone}`}
                          </p>
                        </div>
                        <Badge
                          tone={s.job.cancelled ? "danger" : TONE[s.kind]}
                          className="self-start"
                        >
                          {s.label}
                        </Badge>
                      </CardContent>
                    </Card>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
