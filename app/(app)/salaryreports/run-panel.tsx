"use client";

import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { useRouter } from "next/navigation";
import { Play } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "@/components/ui/dialog-lazy";
import { notify } from "@/components/ui/toaster";
import type { CurrentSalaryRun } from "@/lib/services/salary/current-run";
import type { MissingRate } from "@/lib/services/salary";
import { missingRatesAction, startSalaryRunAction } from "./actions";

type Scope = { from: string; to: string; branch_id?: number; country_id?: number };
type Progress = Pick<
  CurrentSalaryRun,
  "status" | "done" | "total" | "percent" | "errors" | "message"
> & { monitor_id: number | null };

const POLL_MS = 1000;
const count = (n: number) => n.toLocaleString("en-GB");

/**
 * "Run salary" for the period and place: asks for the hours without a worker rate first (each
 * skill links to /worker-rates; the run may go ahead, leaving those hours out and naming them
 * in its errors), then starts the run and follows it every second. The bar comes back after a
 * reload (the page passes the running or last run); at 100 % the overview is read again.
 */
export function SalaryRunPanel({
  scope,
  label,
  current,
}: {
  scope: Scope;
  label: string;
  current: CurrentSalaryRun | null;
}) {
  const router = useRouter();
  const [progress, setProgress] = useState<Progress | null>(current);
  const [missing, setMissing] = useState<MissingRate[] | null>(null);
  const [busy, start] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hasPlace = scope.branch_id !== undefined || scope.country_id !== undefined;
  const live = progress?.status === "queued" || progress?.status === "running";

  const follow = useCallback(
    (monitorId: number) => {
      const poll = async () => {
        try {
          const res = await fetch(`/api/v2/job-progress/${monitorId}`, {
            credentials: "same-origin",
            cache: "no-store",
          });
          if (res.ok) {
            const { data } = (await res.json()) as { data: Progress };
            setProgress({ ...data, monitor_id: monitorId });
            if (data.status === "done") {
              notify.success(`Salary for ${label} is calculated.`);
              router.refresh();
              return;
            }
            if (data.status === "failed") {
              router.refresh();
              return;
            }
          }
        } catch {
          // A lost poll is tried again on the next tick.
        }
        timer.current = setTimeout(poll, POLL_MS);
      };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(poll, POLL_MS);
    },
    [label, router],
  );

  // A run waiting or running when the page was loaded (a reload): follow it again.
  useEffect(() => {
    if (current?.monitor_id && (current.status === "queued" || current.status === "running"))
      follow(current.monitor_id);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [current, follow]);

  const startRun = () =>
    start(async () => {
      setMissing(null);
      const r = await startSalaryRunAction(scope);
      if (r.ok) {
        setProgress({
          monitor_id: r.data.monitor_id,
          status: "queued",
          done: 0,
          total: 0,
          percent: 0,
          errors: [],
          message: null,
        });
        return follow(r.data.monitor_id);
      }
      // Hours without a worker rate (found since the check): list them instead of a toast.
      if (r.type === "MissingRates" && Array.isArray(r.details?.skills))
        return setMissing(r.details.skills as MissingRate[]);
      notify.error(r.message);
      // Already running: show that run's bar instead of starting a second.
      const monitorId = Number(r.details?.monitor_id);
      if (r.type === "salary_run_running" && monitorId) {
        setProgress((p) => ({
          monitor_id: monitorId,
          status: "running",
          done: p?.done ?? 0,
          total: p?.total ?? 0,
          percent: p?.percent ?? 0,
          errors: [],
          message: null,
        }));
        follow(monitorId);
      }
    });

  const check = () =>
    start(async () => {
      const r = await missingRatesAction(scope);
      if (!r.ok) return void notify.error(r.message);
      if (r.data.skills.length) return setMissing(r.data.skills);
      startRun();
    });

  return (
    <section aria-label="Salary run" className="mb-4 flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700">
          {hasPlace
            ? `Salary run for ${label}: calculates each worker's salary from the approved hours.`
            : "Choose a branch or a country to run salary for it."}
        </p>
        <Button onClick={check} loading={busy} disabled={!hasPlace || busy || live}>
          <Play aria-hidden /> Run salary
        </Button>
      </div>
      {progress && <RunProgress progress={progress} />}
      <Dialog open={missing !== null} onOpenChange={(open) => !open && setMissing(null)}>
        <DialogContent
          size="lg"
          title="Some approved hours have no worker rate"
          description={`Salary for ${label} runs once every approved hour has a worker rate, so that nobody is left unpaid. Add these rates on Worker rates, then run salary again.`}
        >
          <ul className="flex flex-col gap-3 text-sm">
            {missing?.map((m) => (
              <li key={`${m.skill_id}-${m.zero}`} className="flex flex-col gap-1">
                <span className="font-medium text-gray-900">
                  {m.skill}
                  {m.zero ? " (zero rate)" : ""}
                </span>
                <span className="text-gray-700">{m.workers.map((w) => w.name).join(", ")}</span>
                <NavLink
                  href={
                    scope.branch_id ? `/worker-rates?branch=${scope.branch_id}` : "/worker-rates"
                  }
                  className="w-fit font-medium text-accent-700 underline"
                >
                  Set the rate for {m.skill} on Worker rates
                </NavLink>
              </li>
            ))}
          </ul>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Close
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function RunProgress({ progress: p }: { progress: Progress }) {
  const live = p.status === "queued" || p.status === "running";
  const text =
    p.status === "queued"
      ? "Salary run waiting to start…"
      : p.status === "running"
        ? p.total > 0
          ? `Calculating salary… ${count(p.done)} of ${count(p.total)} workers`
          : "Calculating salary…"
        : p.status === "done"
          ? (p.message ?? "Salary calculated.")
          : (p.message ?? "The salary run failed.");
  return (
    <div className="flex flex-col gap-2 rounded-card border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-gray-900" aria-live="polite">
          {text}
        </span>
        <span className="whitespace-nowrap text-gray-700 tabular-nums">{p.percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label="Salary run progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.percent}
        aria-valuetext={`${p.percent} %`}
        className="h-3 w-full overflow-hidden rounded-full bg-gray-100"
      >
        <div
          className={
            p.status === "failed"
              ? "h-full bg-danger-600"
              : live
                ? "h-full bg-accent-600 transition-[width] duration-500"
                : "h-full bg-success-600"
          }
          style={{ width: `${p.percent}%` }}
        />
      </div>
      {p.errors.length > 0 && (
        <Alert
          tone={p.status === "failed" ? "error" : "warning"}
          title={
            p.status === "failed"
              ? "What went wrong"
              : "Hours left out of this run (add the rates on Worker rates and run again)"
          }
        >
          <ul className="list-disc pl-5">
            {p.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}
