"use client";

import { Button } from "@/components/ui/button";
import { SendBackButton } from "@/components/approvals/send-back-button";
import { ReportHoursButton } from "@/components/work/report-hours-button";
import { endDayOffset, formatRange, formatTime } from "@/lib/domain/format";
import type { ApprovalRow } from "@/lib/services/hours";
import { approve, disapprove, editHours, enterHours } from "./actions";

/** "22:00–02:00 (+1 day)": the reported times in the job's zone. */
export function ReportedTimes({ row }: { row: ApprovalRow }) {
  const h = row.reported_hours;
  if (!h) return <span className="text-gray-600">No report</span>;
  const start = new Date(h.start);
  const end = new Date(h.end);
  const later = endDayOffset(start, end, row.time_zone);
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatTime(start, row.time_zone)}–{formatTime(end, row.time_zone)}
      {later && (
        <span className="ml-1 text-xs font-medium text-warning-800" title="Ends on a later day">
          {later}
        </span>
      )}
    </span>
  );
}

export function shiftLabel(row: ApprovalRow) {
  return `${row.worker.name} · ${row.job.name} · ${formatRange(
    new Date(row.shift.start),
    new Date(row.shift.end),
    row.time_zone,
  )}`;
}

export function RowActions({
  row,
  busy,
  disabled,
  onRun,
  onSent,
}: {
  row: ApprovalRow;
  busy: boolean;
  disabled: boolean;
  onRun: (id: number, fn: () => ReturnType<typeof approve>) => void;
  /** After Disapprove's dialog sent the hours back (the row leaves the selection). */
  onSent?: (id: number) => void;
}) {
  const h = row.reported_hours;
  const tz = row.time_zone;
  return (
    <div className="flex flex-wrap gap-2 lg:flex-col lg:items-stretch lg:whitespace-nowrap">
      {row.status === "Approved" ? (
        <SendBackButton
          shiftLabel={shiftLabel(row)}
          disabled={disabled}
          onSubmit={(comment) => disapprove(row.id, comment)}
          onDone={() => onSent?.(row.id)}
        />
      ) : (
        <Button
          size="sm"
          loading={busy}
          disabled={disabled}
          onClick={() => onRun(row.id, () => approve(row.id))}
        >
          {h ? "Approve" : "Approve planned times"}
        </Button>
      )}
      {h ? (
        <ReportHoursButton
          triggerLabel="Edit hours"
          triggerVariant="ghost"
          triggerSize="sm"
          title="Edit hours"
          shiftLabel={shiftLabel(row)}
          initial={{
            start: formatTime(new Date(h.start), tz),
            end: formatTime(new Date(h.end), tz),
            i_was_late: h.i_was_late === 1,
            comment: h.office_comment ?? "",
          }}
          office={{ workerComment: h.comment }}
          onSubmit={(values) => editHours(h.id, values)}
        />
      ) : (
        row.can_report && (
          <ReportHoursButton
            triggerLabel="Enter hours"
            triggerVariant="ghost"
            triggerSize="sm"
            title="Enter hours"
            shiftLabel={shiftLabel(row)}
            initial={{
              start: formatTime(new Date(row.shift.start), tz),
              end: formatTime(new Date(row.shift.end), tz),
              i_was_late: false,
              comment: "",
            }}
            office={{ workerComment: null }}
            onSubmit={(values) => enterHours(row.id, values)}
          />
        )
      )}
    </div>
  );
}
