"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { formatDate, formatTime } from "@/lib/domain/format";
import { reportsAndHours } from "@/lib/domain/hours-plan";
import type { ApproveMatchingPreview, MatchingReport } from "@/lib/services/hours";

/** How many reports without a check-in the question lists by name. */
const LISTED = 20;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The question of "Approve all that match the plan" (./approve-matching.tsx), shown open. */
export function ApproveMatchingDialog({
  preview,
  pending,
  onClose,
  onApprove,
}: {
  preview: ApproveMatchingPreview;
  pending: boolean;
  onClose: () => void;
  onApprove: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        role="alertdialog"
        // Its footer has Cancel (or Close) already; Escape closes it too.
        hideClose
        title={
          preview.count
            ? `Approve ${reportsAndHours(preview.count, preview.minutes)}?`
            : "No report to approve by the plan"
        }
        description={`The rule: ${preview.rule}, and the worker checked in. It covers every page of these filters.`}
      >
        <Summary preview={preview} />
        <DialogFooter>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            {preview.count ? "Cancel" : "Close"}
          </Button>
          {preview.count > 0 && (
            <Button loading={pending} onClick={onApprove}>
              Approve {plural(preview.count, "report", "reports")}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Summary({ preview }: { preview: ApproveMatchingPreview }) {
  const missing = preview.without_check_in;
  return (
    <div className="flex flex-col gap-3 text-sm text-gray-800">
      {preview.differ > 0 && (
        <p>
          {preview.differ === 1
            ? "1 report differs from the plan by more than that and stays for a look."
            : `${preview.differ} reports differ from the plan by more than that and stay for a look.`}
        </p>
      )}
      {missing.length > 0 && (
        <section aria-labelledby="no-check-in" className="flex flex-col gap-2">
          <h3 id="no-check-in" className="font-medium text-gray-900">
            Not approved by this: {plural(missing.length, "report", "reports")} without a check-in
          </h3>
          <p className="text-gray-600">
            They match the plan, but nothing on site confirms the times. Approve them one by one
            once you have checked.
          </p>
          <ul className="flex flex-col divide-y divide-gray-200 rounded-control border border-gray-200">
            {missing.slice(0, LISTED).map((r) => (
              <li key={r.id} className="flex flex-wrap justify-between gap-x-3 px-3 py-2">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{r.worker.name}</span> · {r.job.name}
                </span>
                <Times report={r} />
              </li>
            ))}
          </ul>
          {missing.length > LISTED && (
            <p className="text-gray-600">and {missing.length - LISTED} more.</p>
          )}
        </section>
      )}
      {preview.limited && (
        <p className="text-gray-600">
          More reports wait than one approval looks at; run it again afterwards for the rest.
        </p>
      )}
    </div>
  );
}

function Times({ report: r }: { report: MatchingReport }) {
  const start = new Date(r.reported.start);
  const end = new Date(r.reported.end);
  return (
    <span className="whitespace-nowrap text-gray-600 tabular-nums">
      {formatDate(new Date(r.shift.start), r.time_zone)} {formatTime(start, r.time_zone)}–
      {formatTime(end, r.time_zone)}
    </span>
  );
}
