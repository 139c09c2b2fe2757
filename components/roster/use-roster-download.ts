"use client";

import { useState } from "react";
import { notify } from "@/components/ui/toaster";
import { ROSTER_FAILED, ROSTER_FILENAME, ROSTER_NO_DATA } from "@/lib/domain/roster";

/** What a roster covers: jobs or a client, and the local dates (YYYY-MM-DD). */
export interface RosterRequest {
  jobs?: number[];
  client?: number;
  start: string;
  end: string;
}

/**
 * GET roster, saved as Crew-roster.xlsx. On 404 the spec's "No data found for the selected date
 * range", on any other failure "An error occurred while downloading the file. Please try again."
 * (spec §8). Resolves true when the file was saved.
 */
export function useRosterDownload() {
  const [busy, setBusy] = useState(false);
  const download = async (r: RosterRequest): Promise<boolean> => {
    const q = new URLSearchParams({ start: r.start, end: r.end });
    if (r.jobs) q.set("jobs", r.jobs.join(","));
    if (r.client !== undefined) q.set("client", String(r.client));
    setBusy(true);
    try {
      const res = await fetch(`/api/v2/roster?${q}`, { credentials: "same-origin" });
      if (!res.ok) {
        notify.error(res.status === 404 ? ROSTER_NO_DATA : ROSTER_FAILED);
        return false;
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = ROSTER_FILENAME;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
      return true;
    } catch {
      notify.error(ROSTER_FAILED);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
