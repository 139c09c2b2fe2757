"use client";

import { useState } from "react";
import { UserPlus, UsersRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { notify } from "@/components/ui/toaster";
import { endDayOffset, formatDate, formatTime } from "@/lib/domain/format";
import type { BoardApplication, BoardSlot, BookBoard } from "@/lib/services/applications";
import { bookApplicants, removeApplication, setApplicationStatus } from "./actions";
import { BookDialog } from "./book-dialog";
import { CheckTimesDialog } from "./check-times-dialog";
import { ConfirmRetry } from "./confirm-retry";
import { CrewRow, isFilled } from "./crew-row";
import { MoveDialog } from "./move-dialog";
import { RemoveDialog } from "./remove-dialog";
import { useBookingCall } from "./use-booking-call";

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
  const [removing, setRemoving] = useState<{ app: BoardApplication; label: string } | null>(null);
  const [timing, setTiming] = useState<{ app: BoardApplication; label: string } | null>(null);
  const call = useBookingCall();

  const remove = (app: BoardApplication, notifyWorker = false) =>
    call.run(
      () => removeApplication(app.id, { notify: notifyWorker }),
      (d) => d.message,
      {},
      () => setRemoving(null),
    );
  const bookAll = (slot: BoardSlot) =>
    call.run(
      (f) => bookApplicants(slot.id, { book_anyway: f.book_anyway }),
      (d) => {
        if (d.not_booked.length)
          notify.warning(`Not booked: ${d.not_booked.length}`, {
            description: d.not_booked.map((n) => `${n.worker.name}: ${n.reason}`).join(" "),
          });
        return d.message;
      },
    );

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
                        {board.can.book && !shift.ended && (
                          <BookAllApplicants
                            slot={slot}
                            busy={call.pending}
                            onBookAll={() => bookAll(slot)}
                          />
                        )}
                        {slot.applications.length === 0 ? (
                          <p className="mt-2 text-sm text-gray-600">Nobody yet.</p>
                        ) : (
                          <ul className="mt-2 divide-y divide-gray-100">
                            {slot.applications.map((app) => (
                              <CrewRow
                                key={app.id}
                                app={app}
                                tz={tz}
                                shiftStart={shift.start}
                                canBook={board.can.book}
                                ended={shift.ended}
                                checkInOpen={shift.check_in_open}
                                slotFull={slot.filled >= slot.positions}
                                busy={call.pending}
                                onBook={() =>
                                  call.run(
                                    (f) => setApplicationStatus(app.id, "Booked", f),
                                    (d) => d.message,
                                  )
                                }
                                onReserve={() =>
                                  call.run(
                                    (f) => setApplicationStatus(app.id, "Reserve", f),
                                    (d) => d.message,
                                  )
                                }
                                onRemove={() =>
                                  // A held place (or a checked-in worker) is asked about first.
                                  isFilled(app.status) || app.check_in_at
                                    ? setRemoving({
                                        app,
                                        label: `${slot.skill.name} on ${formatDate(start, tz)} ${formatTime(start, tz)}`,
                                      })
                                    : remove(app)
                                }
                                onMove={() => setMoving({ shiftId: shift.id, app })}
                                onCheckTimes={() =>
                                  setTiming({
                                    app,
                                    label: `${slot.skill.name} · ${formatDate(start, tz)} ${formatTime(start, tz)}–${formatTime(end, tz)}`,
                                  })
                                }
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
          canOpenRates={board.can.rates}
          onClose={() => setMoving(null)}
        />
      )}
      {timing && (
        <CheckTimesDialog
          app={timing.app}
          tz={tz}
          shiftLabel={timing.label}
          onClose={() => setTiming(null)}
        />
      )}
      <RemoveDialog
        app={removing?.app ?? null}
        slotLabel={removing?.label ?? ""}
        busy={call.pending}
        onCancel={() => setRemoving(null)}
        onRemove={(notifyWorker) => removing && remove(removing.app, notifyWorker)}
      />
      <ConfirmRetry
        pending={call.confirm}
        busy={call.pending}
        onCancel={call.dismiss}
        canOpenRates={board.can.rates}
      />
    </>
  );
}

/** "Book all applicants": the slot's applicants in the order they applied, up to its free places. */
function BookAllApplicants({
  slot,
  busy,
  onBookAll,
}: {
  slot: BoardSlot;
  busy: boolean;
  onBookAll: () => void;
}) {
  const applicants = slot.applications.filter((a) => a.status === "Applied").length;
  if (!applicants) return null;
  const free = Math.max(0, slot.positions - slot.filled);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <Button size="sm" variant="secondary" disabled={busy || free === 0} onClick={onBookAll}>
        <UsersRound aria-hidden /> Book all applicants ({applicants})
      </Button>
      <span className="text-sm text-gray-600">
        {free === 0
          ? "Slot is full"
          : `Up to ${free} free ${free === 1 ? "position" : "positions"}, first come first booked`}
      </span>
    </div>
  );
}
