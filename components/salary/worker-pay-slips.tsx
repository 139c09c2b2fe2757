import { Download } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { formatDecimalHours } from "@/lib/domain/earnings";
import type { WorkerPaySlip } from "@/lib/services/salary/worker-slips";

/** "1,650.50 DKK · 300.00 SEK": each currency on its own, never added together. */
export const slipTotals = (slip: WorkerPaySlip) => slip.totals.map((t) => t.label).join(" · ");

/** The PDF download of a slip (GET salary/slip), a plain link: no client script. */
export function SlipDownload({ slip, className }: { slip: WorkerPaySlip; className?: string }) {
  return (
    <a
      href={slip.download_url}
      download
      className={buttonClass({ variant: "secondary", size: "sm", className })}
      aria-label={`Download PDF of the pay slip for ${slip.period}`}
    >
      <Download aria-hidden />
      Download PDF
    </a>
  );
}

const paidOn = (slip: WorkerPaySlip) => (slip.paid_on ? `Paid ${slip.paid_on}` : "Not paid yet");

/**
 * A worker's pay slips, newest first: one row each on a wide screen, a stacked card on a
 * phone (period, totals per currency, hours, paid date, download).
 */
export function WorkerPaySlipList({ slips }: { slips: WorkerPaySlip[] }) {
  if (!slips.length)
    return (
      <p className="text-sm text-gray-600">No pay slips yet. They appear once a month is paid.</p>
    );
  return (
    <ul aria-label="Pay slips" className="flex flex-col divide-y divide-gray-200">
      {slips.map((s) => (
        <li
          key={s.id}
          className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-6"
        >
          <div className="min-w-0 sm:w-44">
            <p className="font-medium text-gray-900">{s.period}</p>
            <p className="text-sm text-gray-600">{paidOn(s)}</p>
          </div>
          <p className="min-w-0 flex-1 font-semibold break-words text-gray-900 tabular-nums">
            {slipTotals(s)}
            <span className="ml-2 text-sm font-normal text-gray-600">
              {formatDecimalHours(s.minutes)}
            </span>
          </p>
          <SlipDownload slip={s} className="self-start sm:self-center" />
        </li>
      ))}
    </ul>
  );
}
