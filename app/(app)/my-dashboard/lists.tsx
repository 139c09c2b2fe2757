import { NavLink } from "@/components/ui/nav-link";
import { CheckCircle2, Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { buttonClass } from "@/components/ui/button";
import { formatRange, formatTime } from "@/lib/domain/format";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import {
  checkInOpensAt,
  checkInWindow,
  myShifts,
  newJobsList,
  pastShifts,
  pendingShifts,
  type PastShift,
  type WorkerShift,
} from "@/lib/services/worker";
import { workerFigures } from "./data";
import { duration, hhmm, timeRange } from "./format";
import { ShiftCard } from "./shift-card";
import { ApplyButton } from "./apply-button";
import {
  AnswerRequest,
  CheckInButton,
  EditHoursButton,
  ReportHoursButton,
  UnapplyButton,
  UndoCheckOutButton,
} from "./shift-actions";

const PER_PAGE = 10;

const label = (s: Pick<WorkerShift, "job" | "start" | "end" | "time_zone">) =>
  `${s.job.name} · ${formatRange(new Date(s.start), new Date(s.end), s.time_zone)}`;

function List({ label: name, children }: { label: string; children: React.ReactNode }) {
  return (
    <ul aria-label={name} className="flex flex-col gap-3">
      {children}
    </ul>
  );
}

/** Tab "New": open slots of the worker's skills, soonest first, with "Apply". */
export async function NewJobsList({ page }: { page: number }) {
  const ctx = await requestCtx();
  const res = await pageData(newJobsList(ctx, { page, perPage: PER_PAGE }));
  if (!res.items.length)
    return (
      <EmptyState
        title="No new jobs for you right now"
        hint="Jobs that need your skills in your branches show up here as soon as they are published. Make sure your skills are up to date in your profile."
      />
    );
  return (
    <>
      <List label="New jobs">
        {res.items.map((j) => (
          <li key={j.shift_slot_id}>
            <ShiftCard
              shift={j}
              extra={
                <Badge tone="neutral">
                  {j.positions - j.filled} of {j.positions} open
                </Badge>
              }
            >
              <ApplyButton shiftId={j.shift_id} slotId={j.shift_slot_id} />
            </ShiftCard>
          </li>
        ))}
      </List>
      <Pagination meta={res.meta} className="mt-4" label="New jobs pages" />
    </>
  );
}

/** Tab "My shifts": booked, accepted and requested upcoming shifts. */
export async function MyShiftsList({ page }: { page: number }) {
  const ctx = await requestCtx();
  const res = await pageData(myShifts(ctx, { page, perPage: PER_PAGE }));
  if (!res.items.length)
    return (
      <EmptyState
        title="No upcoming shifts"
        hint="Apply for new jobs; shifts you are booked on or asked to work show up here."
        action={
          <NavLink href="/my-dashboard/new" className={buttonClass({ size: "lg" })}>
            See new jobs
          </NavLink>
        }
      />
    );
  return (
    <>
      <List label="My shifts">
        {res.items.map((s) => {
          const booked = s.status === "Booked" || s.status === "Request accepted";
          const windowOpen = checkInWindow(ctx.now, new Date(s.start), new Date(s.end)) === "open";
          return (
            <li key={s.id}>
              <ShiftCard
                shift={s}
                extra={
                  s.check_in_at && (
                    <Badge tone="success">
                      <CheckCircle2 className="size-3.5" aria-hidden /> Checked in at{" "}
                      {formatTime(new Date(s.check_in_at), s.time_zone)}
                      {s.check_out_at &&
                        ` · out at ${formatTime(new Date(s.check_out_at), s.time_zone)}`}
                    </Badge>
                  )
                }
              >
                {s.status === "Requested" && <AnswerRequest applicationId={s.id} what={label(s)} />}
                {booked && !s.check_in_at && s.job.status !== "Cancelled" && (
                  <CheckInButton
                    applicationId={s.id}
                    canCheckIn={windowOpen}
                    opensAt={checkInOpensAt(new Date(s.start)).toISOString()}
                    endsAt={s.end}
                    fullWidth={false}
                  />
                )}
              </ShiftCard>
            </li>
          );
        })}
      </List>
      <Pagination meta={res.meta} className="mt-4" label="My shifts pages" />
    </>
  );
}

/** Tab "Pending": applied and reserve shifts, with "Unapply". */
export async function PendingShiftsList({ page }: { page: number }) {
  const ctx = await requestCtx();
  const res = await pageData(pendingShifts(ctx, { page, perPage: PER_PAGE }));
  if (!res.items.length)
    return (
      <EmptyState
        title="Nothing pending"
        hint="Shifts you have applied for, or are on the reserve list for, wait here for an answer."
      />
    );
  return (
    <>
      <List label="Pending shifts">
        {res.items.map((s) => (
          <li key={s.id}>
            <ShiftCard
              shift={s}
              extra={
                s.status === "Reserve" && (
                  <span className="text-sm text-gray-600">You are on the reserve list.</span>
                )
              }
            >
              <UnapplyButton applicationId={s.id} what={label(s)} />
            </ShiftCard>
          </li>
        ))}
      </List>
      <Pagination meta={res.meta} className="mt-4" label="Pending shifts pages" />
    </>
  );
}

/** "Checked in at 08:02 · checked out at 16:05", when the worker did. */
function Attendance({ shift }: { shift: WorkerShift }) {
  if (!shift.check_in_at) return null;
  const tz = shift.time_zone;
  return (
    <span className="text-sm text-gray-700 tabular-nums">
      Checked in at {formatTime(new Date(shift.check_in_at), tz)}
      {shift.check_out_at && ` · checked out at ${formatTime(new Date(shift.check_out_at), tz)}`}
    </span>
  );
}

function Hours({ shift }: { shift: PastShift }) {
  const h = shift.reported_hours;
  if (!h)
    return (
      <span className="flex flex-col gap-0.5">
        <span className="flex items-center gap-1.5 text-sm font-medium text-warning-800">
          <Clock className="size-4" aria-hidden /> Hours not reported yet
        </span>
        <Attendance shift={shift} />
      </span>
    );
  return (
    <span className="flex flex-col gap-0.5 text-sm text-gray-800">
      <span>
        Your hours:{" "}
        <span className="font-medium tabular-nums">
          {timeRange(h.start, h.end, shift.time_zone)}
        </span>{" "}
        ({duration(h.minutes)}){h.i_was_late ? " · I was late" : ""}
      </span>
      {h.comment && <span className="break-words text-gray-600">“{h.comment}”</span>}
    </span>
  );
}

/**
 * The Past tab's two views: every past shift, or only those whose hours are due (the tab's
 * badge counts exactly these: `shiftsToReport`, the count this list pages with).
 */
function PastFilter({ toReport, count }: { toReport: boolean; count: number }) {
  const views = [
    { href: "/my-dashboard/past", label: "All past shifts", current: !toReport },
    {
      href: "/my-dashboard/past?to_report=1",
      label: `To report (${count})`,
      current: toReport,
    },
  ];
  return (
    <nav aria-label="Past shifts filter" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {views.map((v) => (
          <li key={v.href}>
            <NavLink
              href={v.href}
              aria-current={v.current ? "page" : undefined}
              className={buttonClass({ size: "md", variant: v.current ? "primary" : "secondary" })}
            >
              {v.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Tab "Past": finished shifts, with "Report hours" or "Edit hours" until approved. */
export async function PastShiftsList({ page, toReport }: { page: number; toReport: boolean }) {
  const ctx = await requestCtx();
  const [res, figures] = await Promise.all([
    pageData(pastShifts(ctx, { page, perPage: PER_PAGE, to_report: toReport })),
    pageData(workerFigures()),
  ]);
  // The filtered list counts itself; the full list shows the badge's figure (the same query).
  const dueCount = toReport ? res.meta.total : figures.toReport;
  const filter = <PastFilter toReport={toReport} count={dueCount} />;
  if (!res.items.length)
    return (
      <>
        {filter}
        {toReport ? (
          <EmptyState
            title="No hours to report"
            hint="Every past shift has its hours reported. Shifts show up here when they end."
          />
        ) : (
          <EmptyState
            title="No past shifts yet"
            hint="After a shift has ended it shows up here, so you can report the hours you worked."
          />
        )}
      </>
    );
  return (
    <>
      {filter}
      <List label={toReport ? "Past shifts to report" : "Past shifts"}>
        {res.items.map((s) => {
          const h = s.reported_hours;
          return (
            <li key={s.id}>
              <ShiftCard shift={s} extra={<Hours shift={s} />}>
                {s.check_out_undo_until && !h && (
                  <UndoCheckOutButton
                    key={s.check_out_undo_until}
                    applicationId={s.id}
                    until={s.check_out_undo_until}
                    untilLabel={formatTime(new Date(s.check_out_undo_until), s.time_zone)}
                    fullWidth={false}
                  />
                )}
                {s.status === "Report!" && !h && (
                  <ReportHoursButton
                    applicationId={s.id}
                    shiftLabel={label(s)}
                    planned={{
                      start: hhmm(s.start, s.time_zone),
                      // The check-out, when the worker gave one, is when it really stopped.
                      end: hhmm(s.check_out_at ?? s.end, s.time_zone),
                      i_was_late:
                        s.check_in_at !== null &&
                        new Date(s.check_in_at).getTime() > new Date(s.start).getTime(),
                      comment: "",
                    }}
                  />
                )}
                {h && s.status !== "Approved" && (
                  <EditHoursButton
                    reportId={h.id}
                    shiftLabel={label(s)}
                    initial={{
                      start: hhmm(h.start, s.time_zone),
                      end: hhmm(h.end, s.time_zone),
                      i_was_late: h.i_was_late === 1,
                      comment: h.comment ?? "",
                    }}
                  />
                )}
              </ShiftCard>
            </li>
          );
        })}
      </List>
      <Pagination meta={res.meta} className="mt-4" label="Past shifts pages" />
    </>
  );
}
