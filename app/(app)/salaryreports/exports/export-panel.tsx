"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import { startSalaryExportAction } from "./actions";
import { ProgressBar, useProgress } from "./progress";

export interface ExportScope {
  from: string;
  to: string;
  branch_id?: number;
  country_id?: number;
}

const downloadHref = (exportId: number) => `/api/v2/salary/history/${exportId}`;

/**
 * "Export period": starts the export of the period and place chosen in the tab's filters, shows
 * its progress (polled each second) and then the download link. An export of the same period
 * already running (409) is followed instead of refused silently.
 */
export function ExportPanel({
  scope,
  periodLabel,
  placeLabel,
}: {
  scope: ExportScope | null;
  periodLabel: string;
  placeLabel: string | null;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<{ exportId: number; monitorId: number } | null>(null);
  const progress = useProgress(started?.monitorId ?? null, (p) => {
    if (p.status === "done") notify.success(p.message ?? "Export ready.");
    else notify.error(p.message ?? "The export failed.");
    router.refresh();
  });

  async function start() {
    if (!scope) return;
    setBusy(true);
    try {
      const r = await startSalaryExportAction(scope);
      if (r.ok) {
        setStarted({ exportId: r.data.export_id, monitorId: r.data.monitor_id });
        router.refresh();
        return;
      }
      notify.error(r.message);
      const d = r.details as { export_id?: number; monitor_id?: number } | undefined;
      if (r.status === 409 && d?.export_id && d.monitor_id)
        setStarted({ exportId: d.export_id, monitorId: d.monitor_id });
    } catch {
      notify.error("A network error has occurred");
    } finally {
      setBusy(false);
    }
  }

  const running =
    started && (!progress || progress.status === "queued" || progress.status === "running");
  return (
    <section
      aria-labelledby="export-period-title"
      className="mb-6 rounded-lg border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="export-period-title" className="font-semibold text-gray-900">
            Export for the bank or payroll system
          </h2>
          <p className="text-sm break-words text-gray-700">
            {placeLabel
              ? `${periodLabel}, ${placeLabel}: every salary line of the period as an Excel file, with each worker's bank details and totals per currency.`
              : `${periodLabel}: choose a branch or a country in the filters to export its salary lines.`}
          </p>
        </div>
        <Button
          className="shrink-0 whitespace-nowrap"
          onClick={start}
          loading={busy}
          disabled={!scope || busy || Boolean(running)}
        >
          Export period
        </Button>
      </div>
      {started && (
        <div className="mt-4" aria-live="polite">
          {progress?.status === "done" ? (
            <Alert tone="success">
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span>{progress.message ?? "Export ready."}</span>
                <a
                  href={downloadHref(started.exportId)}
                  className="font-medium text-accent-700 underline"
                  download
                >
                  Download the export
                </a>
              </span>
            </Alert>
          ) : progress?.status === "failed" ? (
            <Alert tone="error">{progress.message ?? "The export failed."}</Alert>
          ) : (
            <div className="flex flex-col gap-1">
              <span className="text-sm text-gray-700">
                {progress?.status === "running"
                  ? `Writing the export: ${progress.done} of ${progress.total} lines`
                  : "Waiting to start…"}
              </span>
              <ProgressBar percent={progress?.percent ?? 0} label="Export progress" />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
