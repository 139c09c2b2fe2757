"use client";

import { useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DataTable } from "@/components/ui/data-table";
import { notify } from "@/components/ui/toaster";
import type { PaginationMeta } from "@/components/ui/pagination";
import { formatDate, formatDateTime, formatHours, formatTime } from "@/lib/domain/format";
import { formatLate, lateMinutes } from "@/lib/domain/lateness";
import type { ApprovalRow, ApprovalTab } from "@/lib/services/hours";
import { approve, approveSelected, disapproveSelected } from "./actions";
import { ReportedTimes, RowActions } from "./approval-row";
import { ApproveMatching } from "./approve-matching";

const APPROVED = "Report approved!";
// The spec's text, typo included (spec §8).
const DISAPPROVED = "Report Dissapproved!";

export function ApprovalsTable({
  tab,
  items,
  meta,
  emptyHint,
  filter,
}: {
  tab: ApprovalTab;
  items: ApprovalRow[];
  meta: PaginationMeta;
  emptyHint: string;
  /** The list's filters, for "Approve all that match the plan" (all pages). */
  filter: Record<string, string | undefined>;
}) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, startTransition] = useTransition();
  const [busyRow, setBusyRow] = useState<number | null>(null);

  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = items.length > 0 && items.every((r) => selected.has(r.id));

  function runRow(id: number, fn: () => ReturnType<typeof approve>) {
    setBusyRow(id);
    startTransition(async () => {
      const result = await fn();
      setBusyRow(null);
      if (!result.ok) return void notify.error(result.message);
      notify.success(result.data.message);
      toggle(id, false);
      router.refresh();
    });
  }

  function runSelected() {
    const ids = items.filter((r) => selected.has(r.id)).map((r) => r.id);
    if (!ids.length) return;
    const undo = tab === "approved";
    startTransition(async () => {
      const result = await (undo ? disapproveSelected(ids) : approveSelected(ids));
      if (!result.ok) return void notify.error(result.message);
      const { done, failed } = result.data;
      if (done.length)
        notify.success(undo ? DISAPPROVED : APPROVED, {
          description: `${done.length} ${done.length === 1 ? "row" : "rows"} ${undo ? "disapproved" : "approved"}.`,
        });
      if (failed.length) {
        const names = new Map(items.map((r) => [r.id, r.worker.name]));
        notify.error(
          `${failed.length} ${failed.length === 1 ? "row was" : "rows were"} not ${undo ? "disapproved" : "approved"}.`,
          { description: failed.map((f) => `${names.get(f.id) ?? f.id}: ${f.message}`).join(" ") },
        );
      }
      setSelected(new Set(failed.map((f) => f.id)));
      router.refresh();
    });
  }

  // Built on each render: the cells read the selection and the pending row.
  const columns: ColumnDef<ApprovalRow>[] = [
    {
      id: "select",
      header: "",
      cell: ({ row }) => (
        <Checkbox
          label={
            <>
              <span className="sm:sr-only">Select</span>
              <span className="sr-only"> {row.original.worker.name}</span>
            </>
          }
          checked={selected.has(row.original.id)}
          onChange={(e) => toggle(row.original.id, e.target.checked)}
        />
      ),
      meta: { label: "", headerClassName: "w-12" },
    },
    {
      id: "worker",
      header: "Worker",
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col">
          <span className="font-medium">{row.original.worker.name}</span>
          <span className="text-xs font-normal text-gray-600">{row.original.skill.name}</span>
        </div>
      ),
      meta: { mobileTitle: true },
    },
    {
      id: "job",
      header: "Job",
      cell: ({ row }) => (
        <div className="flex min-w-0 flex-col">
          <NavLink
            href={`/jobs/${row.original.job.id}`}
            className="font-medium text-accent-700 hover:underline"
          >
            {row.original.job.name}
          </NavLink>
          <span className="text-xs text-gray-600">{row.original.company.name}</span>
        </div>
      ),
    },
    {
      id: "shift",
      header: "Shift",
      cell: ({ row }) => {
        const { shift, time_zone: tz } = row.original;
        const start = new Date(shift.start);
        return (
          <div className="flex flex-col whitespace-nowrap tabular-nums">
            <span>{formatDate(start, tz)}</span>
            <span className="text-gray-600">
              {formatTime(start, tz)}–{formatTime(new Date(shift.end), tz)}
            </span>
          </div>
        );
      },
    },
    {
      id: "reported",
      header: "Reported",
      cell: ({ row }) => {
        const h = row.original.reported_hours;
        return (
          <div className="flex flex-col items-start gap-1">
            <ReportedTimes row={row.original} />
            {h && (
              <span className="flex items-center gap-2 whitespace-nowrap text-gray-600">
                <span className="tabular-nums">{formatHours(h.hours)}</span>
                <Difference minutes={h.difference_minutes} text={h.difference} />
                {h.i_was_late === 1 && <Badge tone="warning">Late</Badge>}
              </span>
            )}
            {h?.last_change && (
              <span className="text-xs text-gray-600">
                {h.last_change.by?.name ?? "Someone"} changed{" "}
                <span className="whitespace-nowrap tabular-nums">{h.last_change.from}</span> →{" "}
                <span className="whitespace-nowrap tabular-nums">{h.last_change.to}</span>
              </span>
            )}
          </div>
        );
      },
    },
    {
      id: "comment",
      header: "Comment",
      cell: ({ row }) => {
        const h = row.original.reported_hours;
        if (!h?.comment && !h?.office_comment) return "—";
        return (
          <div className="flex max-w-56 flex-col gap-1 break-words">
            {h.comment && <span className="line-clamp-3 whitespace-pre-line">{h.comment}</span>}
            {h.office_comment && (
              <span className="line-clamp-3 whitespace-pre-line text-gray-600">
                <span className="font-medium">Office:</span> {h.office_comment}
              </span>
            )}
          </div>
        );
      },
    },
    {
      id: "check_in",
      header: "Checked in / out",
      cell: ({ row }) => {
        const { check_in_at, check_out_at, shift, time_zone: tz } = row.original;
        if (!check_in_at) return "—";
        const at = new Date(check_in_at);
        const start = new Date(shift.start);
        const shown = (d: Date) =>
          formatDate(d, tz) === formatDate(start, tz) ? formatTime(d, tz) : formatDateTime(d, tz);
        const late = formatLate(lateMinutes(start, at));
        return (
          <span className="flex flex-col whitespace-nowrap tabular-nums">
            <span>In {shown(at)}</span>
            {late && <span className="text-xs font-medium text-warning-800">{late}</span>}
            <span className={check_out_at ? undefined : "text-gray-600"}>
              {check_out_at ? `Out ${shown(new Date(check_out_at))}` : "Not checked out"}
            </span>
          </span>
        );
      },
    },
    {
      id: "actions",
      header: "",
      cell: ({ row }) => (
        <RowActions
          row={row.original}
          busy={pending && busyRow === row.original.id}
          disabled={pending}
          onRun={runRow}
          onSent={(id) => toggle(id, false)}
        />
      ),
      meta: { label: "" },
    },
  ];

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {items.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 rounded-card border border-gray-200 bg-gray-50 px-4 py-2">
          <Checkbox
            label="Select all on this page"
            checked={allOnPage}
            onChange={(e) =>
              setSelected(e.target.checked ? new Set(items.map((r) => r.id)) : new Set())
            }
          />
          <span className="text-sm text-gray-600" aria-live="polite">
            {selected.size} selected
          </span>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {tab === "awaiting" && (
              <ApproveMatching
                filter={filter}
                disabled={pending}
                onDone={() => setSelected(new Set())}
              />
            )}
            <Button
              size="sm"
              variant={tab === "approved" ? "secondary" : "primary"}
              disabled={selected.size === 0 || pending}
              loading={pending && busyRow === null}
              onClick={runSelected}
            >
              {tab === "approved" ? "Disapprove selected" : "Approve selected"}
            </Button>
          </div>
        </div>
      )}
      <DataTable
        caption="Hours to approve"
        columns={columns}
        data={items}
        meta={meta}
        getRowId={(row) => String(row.id)}
        emptyTitle="Nothing to show"
        emptyHint={emptyHint}
      />
    </div>
  );
}

/** Reported minus planned time: "+0:45", "−0:25"; red beyond two hours. */
function Difference({ minutes, text }: { minutes: number; text: string }) {
  const far = Math.abs(minutes) > 120;
  return (
    <span
      className={
        far
          ? "font-semibold text-danger-700 tabular-nums"
          : minutes === 0
            ? "text-gray-500 tabular-nums"
            : "text-gray-800 tabular-nums"
      }
      title="Difference to the planned shift"
    >
      {text}
      <span className="sr-only"> against the plan</span>
    </span>
  );
}
