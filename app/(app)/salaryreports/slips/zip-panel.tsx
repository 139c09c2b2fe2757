"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/toaster";
import { ProgressBar, useProgress } from "../exports/progress";
import { startPaySlipsZipAction } from "./actions";

export interface SlipsScope {
  from: string;
  to: string;
  branch_id?: number;
  country_id?: number;
}

/**
 * "Download all (ZIP)": starts the background ZIP of every pay slip of the period and place
 * (POST salary/slips), shows its bar (polled each second) and then the download link. A ZIP of
 * the same period already being written (409) is followed instead.
 */
export function SlipsZipPanel({ scope }: { scope: SlipsScope }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<{ exportId: number; monitorId: number } | null>(null);
  const progress = useProgress(started?.monitorId ?? null, (p) => {
    if (p.status === "done") notify.success(p.message ?? "Pay slips ready.");
    else notify.error(p.message ?? "The pay slips could not be written.");
  });

  async function start() {
    setBusy(true);
    try {
      const r = await startPaySlipsZipAction(scope);
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
    <div className="flex min-w-0 flex-col gap-2 sm:items-end">
      <Button
        variant="secondary"
        className="shrink-0 self-start whitespace-nowrap sm:self-end"
        onClick={start}
        loading={busy}
        disabled={busy || Boolean(running)}
      >
        Download all (ZIP)
      </Button>
      {started && (
        <div aria-live="polite" className="min-w-0">
          {progress?.status === "done" ? (
            <Alert tone="success">
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span>{progress.message ?? "Pay slips ready."}</span>
                <a
                  href={`/api/v2/salary/history/${started.exportId}`}
                  className="font-medium text-accent-700 underline"
                  download
                >
                  Download the ZIP
                </a>
              </span>
            </Alert>
          ) : progress?.status === "failed" ? (
            <Alert tone="error">{progress.message ?? "The pay slips could not be written."}</Alert>
          ) : (
            <div className="flex flex-col gap-1">
              <span className="text-sm text-gray-700">
                {progress?.status === "running"
                  ? `Writing the pay slips: ${progress.done} of ${progress.total} workers`
                  : "Waiting to start…"}
              </span>
              <ProgressBar percent={progress?.percent ?? 0} label="Pay slips ZIP progress" />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
