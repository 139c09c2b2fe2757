"use client";

import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Search } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField, Input } from "@/components/ui/form-field";
import { Select } from "@/components/ui/select";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { PaginationControls } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/components/ui/toaster";
import { StatusBadge } from "@/components/work/status-badge";
import { bookedMessage } from "@/lib/domain/application-status";
import { formatDate, formatTime, formatWeekdayDate } from "@/lib/domain/format";
import { FILLED_STATUSES, type ApplicationStatus } from "@/lib/domain/statuses";
import type { BoardSlot, BookBoard } from "@/lib/services/applications";
import { bookWorker, searchWorkers } from "./actions";
import { useBookingCall } from "./use-booking-call";
import { ConfirmRetry } from "./confirm-retry";
import { formatDay } from "@/lib/domain/document-badge";

type Shift = BookBoard["shifts"][number];
type Results = Extract<Awaited<ReturnType<typeof searchWorkers>>, { ok: true }>["data"];

/**
 * Search bookable workers for a slot and book them, on this shift or on several shifts of
 * the job with the same skill at once; each worker shows its clashes before booking.
 */
export function BookDialog({
  board,
  branches,
  shift,
  slot,
  onClose,
}: {
  board: BookBoard;
  branches: { id: number; name: string }[];
  shift: Shift;
  slot: BoardSlot;
  onClose: () => void;
}) {
  const tz = board.job.time_zone;
  const sameSkill = board.shifts.filter(
    (s) => !s.ended && s.slots.some((x) => x.skill.id === slot.skill.id),
  );
  const [shiftIds, setShiftIds] = useState<number[]>([shift.id]);
  const [name, setName] = useState("");
  const [query, setQuery] = useState("");
  const [onlySkill, setOnlySkill] = useState(true);
  // The job's booking branches first (book_from_branches); "any" widens the search.
  const [branch, setBranch] = useState(branches.length ? "job" : "");
  const [page, setPage] = useState(1);
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  const call = useBookingCall();

  const load = useCallback(async () => {
    setLoading(true);
    const res = await searchWorkers({
      page,
      username: query || undefined,
      skill: onlySkill ? slot.skill.id : undefined,
      prefer_skill: slot.skill.id,
      branches:
        branch === "job" ? branches.map((b) => b.id) : branch ? [Number(branch)] : undefined,
      shiftIds,
    });
    setLoading(false);
    if (res.ok) setResults(res.data);
    else notify.error(res.message);
  }, [page, query, onlySkill, branch, branches, slot.skill.id, shiftIds]);

  // A selected shift whose slot of this skill has no free position: Book is off there.
  const fullOn = sameSkill.filter((s) => {
    if (!shiftIds.includes(s.id)) return false;
    const x = s.slots.find((y) => y.skill.id === slot.skill.id);
    return x ? x.filled >= x.positions : false;
  });

  useEffect(() => {
    // Searching is fetching: the results follow the filters.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setQuery(name.trim());
  };

  const book = (workerId: number, name: string, status: "Booked" | "Reserve" | "Requested") =>
    call.run(
      (f) =>
        bookWorker({
          assignee_id: workerId,
          shiftIds,
          shift_slots: [slot.id],
          status,
          ...f,
        }),
      bookedMessage(
        name,
        status,
        board.job.name,
        sameSkill
          .filter((s) => shiftIds.includes(s.id))
          .map((s) => formatWeekdayDate(new Date(s.start), tz)),
      ),
      {},
      () => void load(),
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size="lg"
        title={`Book ${slot.skill.name}`}
        description={`${board.job.name} · ${slot.filled}/${slot.positions} filled on this shift`}
      >
        {sameSkill.length > 1 && (
          <fieldset className="mb-3">
            <legend className="mb-1 text-sm font-medium text-gray-900">Shifts</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {sameSkill.map((s) => {
                const start = new Date(s.start);
                return (
                  <Checkbox
                    key={s.id}
                    label={`${formatDate(start, tz)} ${formatTime(start, tz)}`}
                    checked={shiftIds.includes(s.id)}
                    onChange={(e) =>
                      setShiftIds((ids) =>
                        e.currentTarget.checked
                          ? [...ids, s.id]
                          : ids.length > 1
                            ? ids.filter((x) => x !== s.id)
                            : ids,
                      )
                    }
                  />
                );
              })}
            </div>
          </fieldset>
        )}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2" role="search">
          <FormField label="Name" className="min-w-0 flex-1">
            {(p) => (
              <Input
                {...p}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                placeholder="Search workers"
              />
            )}
          </FormField>
          {branches.length > 0 && (
            <FormField label="Branch" className="w-full sm:w-48">
              {(p) => (
                <Select
                  {...p}
                  value={branch}
                  onChange={(e) => {
                    setPage(1);
                    setBranch(e.currentTarget.value);
                  }}
                >
                  <option value="job">Booking branches of the job</option>
                  <option value="">Any branch</option>
                  {branches.map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          <Button type="submit" variant="secondary">
            <Search aria-hidden /> Search
          </Button>
        </form>
        <div className="mt-2">
          <Checkbox
            label={`Only workers with ${slot.skill.name}`}
            checked={onlySkill}
            onChange={(e) => {
              setPage(1);
              setOnlySkill(e.currentTarget.checked);
            }}
          />
        </div>
        <div className="mt-3 min-h-24" aria-busy={loading}>
          {!results ? (
            <Spinner label="Loading workers" />
          ) : results.items.length === 0 ? (
            <p className="text-sm text-gray-600">
              No workers match. Try another name or any skill.
            </p>
          ) : (
            <ul className="divide-y divide-gray-100" aria-label="Workers">
              {results.items.map((u) => {
                const here = u.applications.filter((a) => shiftIds.includes(a.shift_id));
                const overlap = u.conflicts.find((c) => c.kind === "overlap");
                const holding = here.find((a) =>
                  (FILLED_STATUSES as readonly string[]).includes(a.status),
                );
                const whyNot = holding
                  ? `Already ${holding.status} on this shift`
                  : fullOn.length
                    ? "Slot is full"
                    : overlap
                      ? "Booked elsewhere at the same time"
                      : null;
                return (
                  <li
                    key={u.id}
                    className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="font-medium text-gray-900">
                        {u.name}
                        {u.level && <span className="ml-2 text-sm text-gray-600">{u.level}</span>}
                      </p>
                      <p className="text-sm text-gray-600">
                        {[
                          u.skills
                            .slice(0, 4)
                            .map((s) => s.name)
                            .join(", ") || "No skills",
                          u.branches.map((b) => b.name).join(", "),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                      {here.map((a) => (
                        <span key={a.id} className="mt-1 mr-1 inline-flex">
                          <StatusBadge status={a.status as ApplicationStatus} />
                        </span>
                      ))}
                      {u.conflicts.map((c, i) => (
                        <p
                          key={i}
                          className={
                            c.kind === "overlap"
                              ? "mt-1 text-sm text-danger-700"
                              : "mt-1 text-sm text-warning-800"
                          }
                        >
                          <Badge tone={c.kind === "overlap" ? "danger" : "warning"}>
                            {c.kind === "overlap" ? "Overlap" : "Rest time"}
                          </Badge>{" "}
                          {c.message.replace(/ Book anyway\?$/, "")}
                        </p>
                      ))}
                      {u.unavailable.length > 0 && (
                        <p className="mt-1 text-sm text-warning-800">
                          <Badge tone="warning">Unavailable</Badge>{" "}
                          {u.unavailable
                            .map((d) => `${formatDay(d.date)}${d.note ? ` — ${d.note}` : ""}`)
                            .join(", ")}
                        </p>
                      )}
                      {u.missing_documents.length > 0 && (
                        <p className="mt-1 text-sm text-warning-800">
                          <Badge tone="warning">Documents</Badge> No valid{" "}
                          {u.missing_documents.map((x) => x.name).join(", ")} for {slot.skill.name}
                        </p>
                      )}
                    </div>
                    <div className="flex shrink-0 flex-wrap items-center gap-1 sm:max-w-64 sm:justify-end">
                      {board.can.book && (
                        <BookButtons
                          name={u.name}
                          whyNot={whyNot}
                          reserve={!holding && !here.some((a) => a.status === "Reserve")}
                          busy={call.pending}
                          onBook={() => book(u.id, u.name, "Booked")}
                          onReserve={() => book(u.id, u.name, "Reserve")}
                        />
                      )}
                      {board.can.request && !holding && (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={call.pending}
                          onClick={() => book(u.id, u.name, "Requested")}
                          aria-label={`Request ${u.name}`}
                        >
                          Request
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {results && results.meta.last_page > 1 && (
          <PaginationControls
            meta={results.meta}
            onPageChange={(p: number) => setPage(p)}
            className="mt-3"
          />
        )}
        <ConfirmRetry
          pending={call.confirm}
          busy={call.pending}
          onCancel={call.dismiss}
          canOpenRates={board.can.rates}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Book, or why not (already on the shift, the slot is full, booked elsewhere at the time), with
 * "Add as reserve" offered instead while the worker holds no place on the shift.
 */
function BookButtons({
  name,
  whyNot,
  reserve,
  busy,
  onBook,
  onReserve,
}: {
  name: string;
  whyNot: string | null;
  reserve: boolean;
  busy: boolean;
  onBook: () => void;
  onReserve: () => void;
}) {
  const reasonId = useId();
  return (
    <>
      {whyNot && (
        <span id={reasonId} className="w-full text-sm text-gray-600 sm:text-right">
          {whyNot}
        </span>
      )}
      <Button
        size="sm"
        disabled={busy || whyNot !== null}
        aria-describedby={whyNot ? reasonId : undefined}
        onClick={onBook}
        aria-label={`Book ${name}`}
      >
        Book
      </Button>
      {reserve && (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={onReserve}
          aria-label={`Add ${name} as reserve`}
        >
          Add as reserve
        </Button>
      )}
    </>
  );
}
