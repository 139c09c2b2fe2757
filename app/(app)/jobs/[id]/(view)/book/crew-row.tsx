"use client";

import { useId } from "react";
import { CheckCircle2, Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { StatusBadge } from "@/components/work/status-badge";
import { formatTime } from "@/lib/domain/format";
import { formatLate, lateMinutes } from "@/lib/domain/lateness";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import type { BoardApplication } from "@/lib/services/applications";

export const isFilled = (s: string) => (FILLED_STATUSES as readonly string[]).includes(s);
const BOOKABLE = ["Applied", "Reserve", "Request denied", "Requested"];

/** Crew whose check-in and check-out the office may correct (hours not approved yet). */
const CHECK_TIMES = ["Booked", "Request accepted", "Report!", "Reported"];

/**
 * One person on a slot with what a booker may do: Book (disabled with the reason on a full
 * slot, offering "Add as reserve" instead), Move, Remove; and, for the crew, correct the
 * check-in and check-out.
 */
export function CrewRow({
  app,
  tz,
  shiftStart,
  canBook,
  ended,
  checkInOpen,
  slotFull,
  busy,
  onBook,
  onReserve,
  onRemove,
  onMove,
  onCheckTimes,
}: {
  app: BoardApplication;
  tz: string;
  /** The shift's start (ISO), to say how late a check-in was. */
  shiftStart: string;
  canBook: boolean;
  ended: boolean;
  /** Check-in has opened on the shift: its check-in times may be corrected. */
  checkInOpen: boolean;
  slotFull: boolean;
  busy: boolean;
  onBook: () => void;
  onReserve: () => void;
  onRemove: () => void;
  onMove: () => void;
  onCheckTimes: () => void;
}) {
  const reasonId = useId();
  const filled = isFilled(app.status);
  const hoursDue = ["Report!", "Reported", "Approved"].includes(app.status);
  const bookable = BOOKABLE.includes(app.status);
  const manage = canBook && !hoursDue && !ended;
  const correct = canBook && checkInOpen && CHECK_TIMES.includes(app.status);
  const late = app.check_in_at
    ? formatLate(lateMinutes(new Date(shiftStart), new Date(app.check_in_at)))
    : "";
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="font-medium break-words text-gray-900">{app.worker.name}</span>
        <StatusBadge status={app.status} />
        {app.check_in_at && (
          <Badge tone="success">
            <CheckCircle2 aria-hidden className="size-3.5" /> In at{" "}
            {formatTime(new Date(app.check_in_at), tz)}
          </Badge>
        )}
        {late && <Badge tone="warning">{late}</Badge>}
        {app.check_out_at && (
          <Badge tone="neutral">
            <Clock aria-hidden className="size-3.5" /> Out at{" "}
            {formatTime(new Date(app.check_out_at), tz)}
          </Badge>
        )}
      </div>
      {(manage || correct) && (
        <div className="flex flex-wrap items-center gap-1">
          {manage && bookable && slotFull && (
            <span id={reasonId} className="text-sm text-gray-600">
              Slot is full
            </span>
          )}
          {manage && bookable && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || slotFull}
              aria-describedby={slotFull ? reasonId : undefined}
              onClick={onBook}
              aria-label={`Book ${app.worker.name}`}
            >
              Book
            </Button>
          )}
          {manage && bookable && slotFull && app.status !== "Reserve" && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={onReserve}
              aria-label={`Add ${app.worker.name} as reserve`}
            >
              Add as reserve
            </Button>
          )}
          {correct && (
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={onCheckTimes}
              aria-label={`Check-in times of ${app.worker.name}`}
            >
              Check-in times
            </Button>
          )}
          {manage && filled && (
            <Button size="sm" variant="secondary" disabled={busy} onClick={onMove}>
              Move
            </Button>
          )}
          {manage && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={onRemove}
              aria-label={`Remove ${app.worker.name}`}
            >
              Remove
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
