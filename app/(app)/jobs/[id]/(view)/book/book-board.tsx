"use client";

import { useState } from "react";
import { CheckCircle2, UserPlus } from "lucide-react";
import { Badge, Button, Card, CardContent } from "@/components/ui";
import { StatusBadge } from "@/components/work/status-badge";
import { endDayOffset, formatDate, formatTime } from "@/lib/domain/format";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import type { BoardApplication, BookBoard } from "@/lib/services/applications";
import { removeApplication, setApplicationStatus } from "./actions";
import { BookDialog } from "./book-dialog";
import { ConfirmRetry } from "./confirm-retry";
import { MoveDialog } from "./move-dialog";
import { useBookingCall } from "./use-booking-call";

const isFilled = (s: string) => (FILLED_STATUSES as readonly string[]).includes(s);

export function BookBoardView({
  board,
  branches,
}: {
  board: BookBoard;
  /** The job's book_from_branches: the search can be narrowed to one of them. */
  branches: { id: number; name: string }[];
}) {
  const tz = board.job.time_zone;
  // Ids, not objects: after each booking the board is fresh and the dialog follows it.
  const [targetIds, setTargetIds] = useState<{ shiftId: number; slotId: number } | null>(null);
  const targetShift = targetIds && board.shifts.find((x) => x.id === targetIds.shiftId);
  const targetSlot = targetShift?.slots.find((x) => x.id === targetIds?.slotId);
  const [moving, setMoving] = useState<{ shiftId: number; app: BoardApplication } | null>(null);
  const call = useBookingCall();

  return (
    <>
      <ol className="flex flex-col gap-4" aria-label="Shifts to book">
        {board.shifts.map((shift) => {
          const start = new Date(shift.start);
          const end = new Date(shift.end);
          const positions = shift.slots.reduce((n, s) => n + s.positions, 0);
          const filled = shift.slots.reduce((n, s) => n + Math.min(s.filled, s.positions), 0);
          return (
            <li key={shift.id}>
              <Card>
                <CardContent>
                  <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
                    <h2 className="font-semibold text-gray-900 tabular-nums">
                      {formatDate(start, tz)} · {formatTime(start, tz)}–{formatTime(end, tz)}
                      {endDayOffset(start, end, tz) && (
                        <span className="ml-1 text-sm font-normal text-gray-600">
                          ({endDayOffset(start, end, tz)})
                        </span>
                      )}
                    </h2>
                    <span className="text-sm text-gray-700 tabular-nums">
                      {filled}/{positions} filled{shift.ended && " · ended"}
                    </span>
                  </div>
                  {shift.slots.length === 0 && (
                    <p className="text-sm text-gray-600">This shift has no skill slots yet.</p>
                  )}
                  <div className="grid gap-3 lg:grid-cols-2">
                    {shift.slots.map((slot) => (
                      <section
                        key={slot.id}
                        aria-label={`${slot.skill.name} on ${formatDate(start, tz)}`}
                        className="rounded-control border border-gray-200 p-3"
                      >
                        <div className="flex items-center justify-between gap-2">
                          <h3 className="font-medium text-gray-900">
                            {slot.skill.name}{" "}
                            <span
                              className={
                                slot.filled >= slot.positions
                                  ? "text-sm text-success-700"
                                  : "text-sm text-gray-600"
                              }
                            >
                              {slot.filled}/{slot.positions}
                            </span>
                          </h3>
                          {!shift.ended && (
                            <Button
                              size="sm"
                              onClick={() => setTargetIds({ shiftId: shift.id, slotId: slot.id })}
                            >
                              <UserPlus aria-hidden /> Add worker
                            </Button>
                          )}
                        </div>
                        {slot.applications.length === 0 ? (
                          <p className="mt-2 text-sm text-gray-600">Nobody yet.</p>
                        ) : (
                          <ul className="mt-2 divide-y divide-gray-100">
                            {slot.applications.map((app) => (
                              <CrewRow
                                key={app.id}
                                app={app}
                                tz={tz}
                                canBook={board.can.book}
                                ended={shift.ended}
                                busy={call.pending}
                                onBook={() =>
                                  call.run(
                                    (f) => setApplicationStatus(app.id, "Booked", f),
                                    (d) => d.message,
                                  )
                                }
                                onRemove={() =>
                                  call.run(
                                    () => removeApplication(app.id),
                                    (d) => d.message,
                                  )
                                }
                                onMove={() => setMoving({ shiftId: shift.id, app })}
                              />
                            ))}
                          </ul>
                        )}
                      </section>
                    ))}
                  </div>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ol>
      {targetShift && targetSlot && (
        <BookDialog
          board={board}
          branches={branches}
          shift={targetShift}
          slot={targetSlot}
          onClose={() => setTargetIds(null)}
        />
      )}
      {moving && (
        <MoveDialog
          shiftId={moving.shiftId}
          app={moving.app}
          tz={tz}
          onClose={() => setMoving(null)}
        />
      )}
      <ConfirmRetry pending={call.confirm} busy={call.pending} onCancel={call.dismiss} />
    </>
  );
}

function CrewRow({
  app,
  tz,
  canBook,
  ended,
  busy,
  onBook,
  onRemove,
  onMove,
}: {
  app: BoardApplication;
  tz: string;
  canBook: boolean;
  ended: boolean;
  busy: boolean;
  onBook: () => void;
  onRemove: () => void;
  onMove: () => void;
}) {
  const filled = isFilled(app.status);
  const hoursDue = ["Report!", "Reported", "Approved"].includes(app.status);
  const bookable = ["Applied", "Reserve", "Request denied", "Requested"].includes(app.status);
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
      </div>
      {canBook && !hoursDue && !ended && (
        <div className="flex flex-wrap gap-1">
          {bookable && (
            <Button size="sm" variant="secondary" disabled={busy} onClick={onBook}>
              Book
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
