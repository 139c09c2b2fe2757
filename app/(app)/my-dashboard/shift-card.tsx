import type { ReactNode } from "react";
import { Banknote, CalendarClock, MapPin, Shirt, StickyNote, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { StatusBadge } from "@/components/work/status-badge";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { dayOf, timeRange } from "./format";

/** What every card of the worker's dashboard shows about a shift. */
export interface ShiftCardData {
  start: string;
  end: string;
  time_zone: string;
  job: { name: string; status?: JobStatus };
  company: { name: string };
  venue: { name: string } | null;
  address: string | null;
  city: string | null;
  skill: { name: string };
  notes_for_workers: string | null;
  dresscode: string | null;
  dresscode_notes?: string | null;
  status?: ApplicationStatus;
  crew_boss?: boolean;
  /** New jobs: what one position would pay the worker ("Est. 1,240.00 DKK · 6 h standard"). */
  estimate?: { label: string } | null;
  estimate_reason?: string | null;
}

export const placeOf = (s: Pick<ShiftCardData, "venue" | "address" | "city">): string =>
  [s.venue?.name, s.address, s.city].filter(Boolean).join(", ");

/**
 * One shift as a card on a phone: when, where, as what, what to wear and know; the caller
 * puts the next action (apply, accept, check in, report hours) underneath.
 */
export function ShiftCard({
  shift,
  extra,
  children,
  headingLevel: Heading = "h3",
}: {
  shift: ShiftCardData;
  /** Badges or lines after the details (positions, check-in time, hours). */
  extra?: ReactNode;
  /** The actions. */
  children?: ReactNode;
  headingLevel?: "h2" | "h3";
}) {
  const place = placeOf(shift);
  const cancelled = shift.job.status === "Cancelled";
  return (
    <Card className={cancelled ? "border-danger-200" : undefined}>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <Heading className="text-lg font-semibold break-words text-gray-900">
              {shift.job.name}
            </Heading>
            <p className="text-sm break-words text-gray-600">{shift.company.name}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {cancelled && <Badge tone="danger">Job cancelled</Badge>}
            {shift.status && <StatusBadge status={shift.status} />}
          </div>
        </div>
        <ul className="flex flex-col gap-2 text-gray-800">
          <DetailLine icon={CalendarClock} className="tabular-nums">
            <span className="sr-only">When: </span>
            {dayOf(shift.start, shift.time_zone)} ·{" "}
            {timeRange(shift.start, shift.end, shift.time_zone)}
          </DetailLine>
          {place && (
            <DetailLine icon={MapPin} className="min-w-0 break-words">
              <span className="sr-only">Where: </span>
              {place}
            </DetailLine>
          )}
          {(shift.dresscode || shift.dresscode_notes) && (
            <DetailLine icon={Shirt} className="min-w-0 break-words">
              <span className="sr-only">Dress code: </span>
              {[shift.dresscode, shift.dresscode_notes].filter(Boolean).join(" – ")}
            </DetailLine>
          )}
          {shift.notes_for_workers && (
            <DetailLine icon={StickyNote} className="min-w-0 break-words whitespace-pre-line">
              <span className="sr-only">Notes: </span>
              {shift.notes_for_workers}
            </DetailLine>
          )}
          {shift.estimate ? (
            <DetailLine icon={Banknote} className="min-w-0 font-medium break-words tabular-nums">
              <span className="sr-only">Estimated pay: </span>
              {shift.estimate.label}
            </DetailLine>
          ) : (
            shift.estimate_reason && (
              <DetailLine icon={Banknote} className="min-w-0 text-sm break-words text-gray-600">
                <span className="sr-only">Estimated pay: </span>
                {shift.estimate_reason}
              </DetailLine>
            )
          )}
        </ul>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone="accent">{shift.skill.name}</Badge>
          {shift.crew_boss && <Badge tone="warning">Crew boss</Badge>}
          {extra}
        </div>
        {children && <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">{children}</div>}
      </CardContent>
    </Card>
  );
}

/** One line of a shift's details: an icon, then the text beside it. */
export function DetailLine({
  icon: Icon,
  className,
  children,
}: {
  icon: LucideIcon;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-2">
      <Icon className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden />
      <span className={className}>{children}</span>
    </li>
  );
}
