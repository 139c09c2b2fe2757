import { NavLink } from "@/components/ui/nav-link";
import { Phone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/components/ui/cn";
import { formatRange, formatTime } from "@/lib/domain/format";
import { formatLate } from "@/lib/domain/lateness";
import type { DashboardShift, LateCheckIn, NotCheckedIn } from "@/lib/services/dashboard";
import { FillBar } from "./fill-bar";

/** A phone number as a tel: link target: digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

type ShiftHref = (jobId: number) => string;

/** Shifts with their fill bar, each linked to where the missing crew is booked. */
export function ShiftList({
  shifts,
  href,
  empty,
  narrow = false,
}: {
  shifts: DashboardShift[];
  href: ShiftHref;
  empty: { title: string; hint: string };
  /** In a side column: the fill bar goes under the shift, never beside it. */
  narrow?: boolean;
}) {
  if (!shifts.length)
    return <EmptyState className="m-4 sm:m-6" title={empty.title} hint={empty.hint} />;
  return (
    <ul className="divide-y divide-gray-100">
      {shifts.map((s) => (
        <li key={s.shiftId} className="relative px-4 py-3 hover:bg-gray-50 sm:px-6">
          <div
            className={cn(
              "flex flex-col gap-2",
              !narrow && "sm:flex-row sm:items-center sm:justify-between",
            )}
          >
            <span className="min-w-0">
              <NavLink
                href={href(s.jobId)}
                className="block truncate font-medium text-accent-700 after:absolute after:inset-0 hover:underline"
              >
                {s.jobName}
              </NavLink>
              <span className="block truncate text-sm text-gray-600">{s.companyName}</span>
              <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-gray-700 tabular-nums">
                {formatRange(s.startsAt, s.endsAt, s.timeZone)}
                {s.running && <Badge tone="accent">Running</Badge>}
              </span>
            </span>
            <FillBar filled={s.filled} positions={s.positions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Booked workers who have not checked in, with their phone; and today's late check-ins. */
export function CheckInAlerts({
  missing,
  late,
  href,
}: {
  missing: NotCheckedIn[];
  late: LateCheckIn[];
  href: ShiftHref;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Check-ins</CardTitle>
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        {!missing.length && !late.length ? (
          <p className="px-4 py-4 text-sm text-gray-600 sm:px-6">
            Everyone booked on a running shift has checked in.
          </p>
        ) : (
          <ul className="divide-y divide-gray-100" aria-label="Check-in alerts">
            {missing.map((a) => (
              <li key={`m${a.applicationId}`} className="px-4 py-3 text-sm sm:px-6">
                <p className="font-medium text-danger-700">{a.workerName} has not checked in</p>
                <p className="text-gray-700">
                  <NavLink href={href(a.jobId)} className="text-accent-700 underline">
                    {a.jobName}
                  </NavLink>
                  , started {formatTime(a.startsAt, a.timeZone)} ({a.minutesLate} min ago)
                </p>
                {a.phone ? (
                  <a
                    href={telHref(a.phone)}
                    className="mt-1 inline-flex min-h-11 items-center gap-1.5 font-medium text-accent-700 hover:underline sm:min-h-0"
                  >
                    <Phone aria-hidden className="size-4" />
                    Call {a.phone}
                  </a>
                ) : (
                  <p className="text-gray-600">No phone number on file</p>
                )}
              </li>
            ))}
            {late.map((l) => (
              <li key={`l${l.applicationId}`} className="px-4 py-3 text-sm sm:px-6">
                <p className="font-medium text-warning-800">
                  {l.workerName} checked in {formatLate(l.minutesLate)}
                </p>
                <p className="text-gray-700">
                  <NavLink href={href(l.jobId)} className="text-accent-700 underline">
                    {l.jobName}
                  </NavLink>
                  , started {formatTime(l.startsAt, l.timeZone)}, checked in{" "}
                  {formatTime(l.checkInAt, l.timeZone)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
