"use client";

import { useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { notify } from "@/components/ui/toaster";

/** The saved file's name from Content-Disposition: the exact `filename*`, else `filename`. */
function fileNameOf(disposition: string | null): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? "job-report.xlsx";
}

interface ReportError {
  message?: string;
  type?: string;
  details?: { company_id?: number; branch_id?: number | null };
}

/**
 * "Download report": GET jobs/{id}/report, saved under the name the server gives. No approved
 * hours: the spec's "No reports for requested job"; a skill without a client price: the
 * message with a link to the client's rate card for those who may open it (`canOpenRates`).
 */
export function useJobReportDownload(jobId: number, canOpenRates: boolean) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const res = await fetch(`/api/v2/jobs/${jobId}/report`, { credentials: "same-origin" });
      if (res.ok) {
        const url = URL.createObjectURL(await res.blob());
        const a = document.createElement("a");
        a.href = url;
        a.download = fileNameOf(res.headers.get("content-disposition"));
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 30_000);
        return;
      }
      const body = (await res.json().catch(() => null)) as ReportError | null;
      if (body?.type === "ERR.NO_REPORTS_FOR_JOB")
        return void notify.error("No reports for requested job");
      const company = body?.details?.company_id;
      if (res.status === 410 && body?.type === "MissingRates" && canOpenRates && company) {
        const branch = body.details?.branch_id;
        const href = `/client/${company}/rates${branch ? `?branch=${branch}` : ""}`;
        return void notify.error(
          <span>
            {body.message}{" "}
            <NavLink href={href} className="font-medium underline">
              Open the client&apos;s rate card
            </NavLink>
          </span>,
          10_000,
        );
      }
      notify.error(body?.message ?? "An error has occurred");
    } catch {
      notify.error("A network error has occurred");
    } finally {
      setBusy(false);
    }
  };
  return { download, busy };
}
