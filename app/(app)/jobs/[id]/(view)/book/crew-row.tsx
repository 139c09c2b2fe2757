"use client";

import { useId } from "react";
import { CheckCircle2 } from "lucide-react";
import { Badge, Button } from "@/components/ui";
import { StatusBadge } from "@/components/work/status-badge";
import { formatTime } from "@/lib/domain/format";
import { formatLate, lateMinutes } from "@/lib/domain/lateness";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import type { BoardApplication } from "@/lib/services/applications";

export const isFilled = (s: string) => (FILLED_STATUSES as readonly string[]).includes(s);
const BOOKABLE = ["Applied", "Reserve", "Request denied", "Requested"];

/**
 * One person on a slot with what a booker may do: Book (disabled with the reason on a full
 * slot, offering "Add as reserve" instead), Move, Remove.
 */
export function CrewRow({
  app,
  tz,
  shiftStart,
  canBook,
  ended,
  slotFull,
  busy,
  onBook,
  onReserve,
  onRemove,
  onMove,
}: {
  app: BoardApplication;
  tz: string;
  /** The shift's start (ISO), to say how late a check-in was. */
  shiftStart: string;
  canBook: boolean;
  ended: boolean;
  slotFull: boolean;
  busy: boolean;
  onBook: () => void;
  onReserve: () => void;
  onRemove: () => void;
  onMove: () => void;
}) {
  const reasonId = useId();
  const filled = isFilled(app.status);
  const hoursDue = ["Report!", "Reported", "Approved"].includes(app.status);
  const bookable = BOOKABLE.includes(app.status);
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
      </div>
      {canBook && !hoursDue && !ended && (
        <div className="flex flex-wrap items-center gap-1">
          {bookable && slotFull && (
            <span id={reasonId} className="text-sm text-gray-600">
              Slot is full
            </span>
          )}
          {bookable && (
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
          {bookable && slotFull && app.status !== "Reserve" && (
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
          {filled && (
            <Button size="sm" variant="secondary" disabled={busy} onClick={onMove}>
              Move
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={onRemove}
            aria-label={`Remove ${app.worker.name}`}
          >
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}
