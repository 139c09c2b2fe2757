import {
  CalendarClock,
  CheckCircle2,
  Clock,
  MapPin,
  Navigation,
  Shirt,
  StickyNote,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { StatusBadge } from "@/components/work/status-badge";
import { formatDate, formatTime } from "@/lib/domain/format";
import type { NextShift } from "@/lib/services/worker";
import { dayOf, timeRange } from "./format";
import { DetailLine, placeOf } from "./shift-card";
import { CheckInButton, CheckOutButton, UndoCheckOutButton } from "./shift-actions";

/** The next-shift widget: where to be and when, and the big "Check in" button on site. */
export function NextShiftCard({ shift }: { shift: NextShift | null }) {
  if (!shift)
    return (
      <section aria-labelledby="next-shift" className="mb-6">
        <h2 id="next-shift" className="sr-only">
          Your next shift
        </h2>
        <EmptyState
          title="No booked shifts yet"
          hint="Apply for new jobs below. When you are booked, your next shift shows here with the time and place."
        />
      </section>
    );
  const tz = shift.time_zone;
  const place = placeOf(shift);
  const opens = new Date(shift.check_in_opens_at);
  return (
    <section aria-labelledby="next-shift" className="mb-6">
      <Card className="border-accent-300">
        <CardContent className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2
              id="next-shift"
              className="text-sm font-semibold tracking-wide text-accent-700 uppercase"
            >
              {shift.running ? "Your current shift" : "Your next shift"}
            </h2>
            <div className="flex flex-wrap gap-1.5">
              <StatusBadge status={shift.status} />
              {shift.crew_boss && <Badge tone="warning">Crew boss</Badge>}
            </div>
          </div>
          <div className="min-w-0">
            <p className="text-xl font-semibold break-words text-gray-900">{shift.job.name}</p>
            <p className="text-sm break-words text-gray-600">
              {shift.company.name} · {shift.skill.name}
            </p>
          </div>
          <ul className="flex flex-col gap-2 text-gray-800">
            <DetailLine icon={CalendarClock} className="text-lg font-medium tabular-nums">
              {dayOf(shift.start, tz)} · {timeRange(shift.start, shift.end, tz)}
            </DetailLine>
            {place && (
              <DetailLine icon={MapPin} className="min-w-0 break-words">
                {place}{" "}
                <a
                  className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-accent-700 underline-offset-4 hover:underline"
                  href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`}
                  target="_blank"
                  rel="noreferrer"
                >
                  <Navigation className="size-4" aria-hidden /> Directions
                </a>
              </DetailLine>
            )}
            {(shift.dresscode || shift.dresscode_notes) && (
              <DetailLine icon={Shirt} className="min-w-0 break-words">
                {[shift.dresscode, shift.dresscode_notes].filter(Boolean).join(" – ")}
              </DetailLine>
            )}
            {shift.notes_for_workers && (
              <DetailLine icon={StickyNote} className="min-w-0 break-words whitespace-pre-line">
                {shift.notes_for_workers}
              </DetailLine>
            )}
          </ul>
          {shift.check_in_at ? (
            <p
              role="status"
              className="flex items-center gap-2 rounded-control bg-success-50 px-3 py-3 text-base font-medium text-success-800"
            >
              <CheckCircle2 className="size-5 shrink-0" aria-hidden />
              Checked in at {formatTime(new Date(shift.check_in_at), tz)}
              {shift.check_out_at &&
                ` · checked out at ${formatTime(new Date(shift.check_out_at), tz)}`}
            </p>
          ) : (
            <CheckInButton
              key={shift.id}
              applicationId={shift.id}
              canCheckIn={shift.can_check_in}
              opensAt={shift.check_in_opens_at}
              endsAt={shift.end}
              closedHint={
                <p className="flex items-center gap-2 text-sm text-gray-600">
                  <Clock className="size-4 shrink-0" aria-hidden />
                  Check-in opens at {formatTime(opens, tz)} on {formatDate(opens, tz)}.
                </p>
              }
            />
          )}
          {shift.can_check_out && (
            <CheckOutButton key={`out-${shift.id}`} applicationId={shift.id} />
          )}
          {shift.check_out_undo_until && (
            <UndoCheckOutButton
              key={`undo-${shift.id}-${shift.check_out_undo_until}`}
              applicationId={shift.id}
              until={shift.check_out_undo_until}
              untilLabel={formatTime(new Date(shift.check_out_undo_until), tz)}
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}
