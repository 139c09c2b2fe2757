"use client";

import { lazy, Suspense, useState } from "react";
import type { ColumnDef } from "@/components/ui/data-table-columns";
import { FileSpreadsheet, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { rosterRangeProblem, thisMonth } from "@/lib/domain/roster";

// The dialog (Radix, the date inputs) is fetched when first opened, not with the jobs list
// (React.lazy: next/dynamic's loader would itself join the first load).
const RosterDialog = lazy(() =>
  import("./roster-dialog").then((m) => ({ default: m.RosterDialog })),
);

/** What the selection needs of a job row (the jobs list's items). */
export interface SelectableJob {
  id: number;
  name: string;
  /** ISO 8601 in the job's zone ("2026-12-10T08:00:00+01:00"): its local date leads. */
  start: string | null;
  end: string | null;
}

type Selection<T> = Map<number, T>;

/**
 * The check-box column of the jobs list (first column; on a phone a "Select" box at the foot
 * of each card). The selection outlives paging: jobs picked on page 1 stay picked on page 2.
 */
export function selectColumn<T extends SelectableJob>(
  items: T[],
  selected: Selection<T>,
  setSelected: (s: Selection<T>) => void,
): ColumnDef<T> {
  const allOnPage = items.length > 0 && items.every((j) => selected.has(j.id));
  const toggle = (jobs: T[], on: boolean) => {
    const next = new Map(selected);
    for (const j of jobs) {
      if (on) next.set(j.id, j);
      else next.delete(j.id);
    }
    setSelected(next);
  };
  return {
    id: "select",
    header: () => (
      <input
        type="checkbox"
        className="size-4 accent-accent-600"
        aria-label="Select every job on this page"
        checked={allOnPage}
        onChange={(e) => toggle(items, e.target.checked)}
      />
    ),
    cell: ({ row }) => (
      <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900 sm:min-h-0">
        <input
          type="checkbox"
          className="size-5 accent-accent-600 sm:size-4"
          aria-label={`Select ${row.original.name}`}
          checked={selected.has(row.original.id)}
          onChange={(e) => toggle([row.original], e.target.checked)}
        />
        <span className="sm:hidden" aria-hidden>
          Select
        </span>
      </label>
    ),
    meta: { label: "", headerClassName: "w-10", cellClassName: "w-10" },
  };
}

/** The selected jobs' days: first start to last end (local dates), or this month. */
function rangeOf(jobs: SelectableJob[]): { start: string; end: string } {
  const starts = jobs.flatMap((j) => (j.start ? [j.start.slice(0, 10)] : [])).sort();
  const ends = jobs.flatMap((j) => (j.end ? [j.end.slice(0, 10)] : [])).sort();
  if (!starts.length || !ends.length) return thisMonth();
  const range = { start: starts[0], end: ends[ends.length - 1] };
  // Longer than a roster may be: the dialog opens on the first days and says why it stops.
  return rosterRangeProblem(range.start, range.end) ? { ...range, end: range.start } : range;
}

/** Above the jobs list: how many are selected, "Download roster" and "Clear". */
export function RosterSelection<T extends SelectableJob>({
  selected,
  onClear,
}: {
  selected: Selection<T>;
  onClear: () => void;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (so it can close as it does).
  const [used, setUsed] = useState(false);
  const jobs = [...selected.values()];
  const n = jobs.length;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" role="group" aria-label="Selected jobs">
      <p className="text-sm text-gray-700" aria-live="polite">
        {n === 0
          ? "Select jobs to download their roster."
          : `${n} ${n === 1 ? "job" : "jobs"} selected`}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={n === 0}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <FileSpreadsheet aria-hidden /> Download roster
      </Button>
      {n > 0 && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden /> Clear selection
        </Button>
      )}
      {used && (
        <Suspense fallback={null}>
          <RosterDialog
            open={open}
            onOpenChange={setOpen}
            target={{ jobs: jobs.map((j) => j.id) }}
            initial={rangeOf(jobs)}
            description={`The crew of the ${n === 1 ? "selected job" : `${n} selected jobs`} on the shifts between these days, one sheet per job.`}
          />
        </Suspense>
      )}
    </div>
  );
}
