"use client";

import { useEffect, useState } from "react";

export interface Progress {
  status: "queued" | "running" | "done" | "failed";
  percent: number;
  done: number;
  total: number;
  message: string | null;
}

/**
 * Follows background work: GET job-progress/{id} each second until it is done or failed
 * (then `onEnd` once). A failed poll (a network blip) is tried again on the next tick.
 */
export function useProgress(monitorId: number | null, onEnd?: (p: Progress) => void) {
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    if (monitorId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const res = await fetch(`/api/v2/job-progress/${monitorId}`, {
          credentials: "same-origin",
          cache: "no-store",
        });
        if (res.ok) {
          const { data } = (await res.json()) as { data: Progress };
          if (stopped) return;
          setProgress(data);
          if (data.status === "done" || data.status === "failed") {
            onEnd?.(data);
            return;
          }
        }
      } catch {
        // Tried again below.
      }
      if (!stopped) timer = setTimeout(poll, 1000);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // onEnd is read when the work ends; a new function each render must not restart the poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monitorId]);
  return progress;
}

/** A bar for background work, named for screen readers. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="block h-2 w-full max-w-64 min-w-16 overflow-hidden rounded-full bg-gray-200"
      >
        <span
          className="block h-full rounded-full bg-accent-600 transition-[width]"
          style={{ width: `${value}%` }}
        />
      </span>
      <span className="text-sm text-gray-700 tabular-nums">{value} %</span>
    </span>
  );
}
