import { NavLink } from "@/components/ui/nav-link";
import { Card, CardContent } from "@/components/ui/card";
import { SlipDownload, slipTotals } from "@/components/salary/worker-pay-slips";
import { formatDecimalHours } from "@/lib/domain/earnings";
import type { WorkerPaySlip } from "@/lib/services/salary/worker-slips";
import type { UnpaidEarnings } from "@/lib/services/users/unpaid-earnings";

/**
 * The worker's money at a glance: approved hours not yet paid (each currency on its own, and
 * the hours no rate prices yet), and the latest pay slip with its PDF. A server component: it
 * adds no script to the dashboard.
 */
export function EarningsCard({
  earnings,
  latest,
}: {
  earnings: UnpaidEarnings;
  latest: WorkerPaySlip | null;
}) {
  const amounts = earnings.by_currency.map((c) => c.label);
  return (
    <section aria-labelledby="earnings" className="mb-6">
      <Card>
        <CardContent className="flex flex-col gap-4 sm:flex-row sm:gap-8">
          <div className="min-w-0 flex-1">
            <h2
              id="earnings"
              className="text-sm font-semibold tracking-wide text-gray-700 uppercase"
            >
              Earnings
            </h2>
            <p className="mt-2 text-sm text-gray-600">Unpaid (approved hours)</p>
            <p className="text-xl font-semibold break-words text-gray-900 tabular-nums">
              {amounts.length ? amounts.join(" · ") : "Nothing unpaid"}
            </p>
            <p className="text-sm text-gray-700 tabular-nums">
              {formatDecimalHours(earnings.minutes)} · {earnings.shifts}{" "}
              {earnings.shifts === 1 ? "shift" : "shifts"}
            </p>
            {earnings.without_rate.note && (
              <p className="mt-1 text-sm font-medium text-warning-800">
                {earnings.without_rate.note}
              </p>
            )}
          </div>
          <div className="min-w-0 flex-1 border-t border-gray-200 pt-4 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-8">
            <p className="text-sm text-gray-600">Latest pay slip</p>
            {latest ? (
              <>
                <p className="font-medium text-gray-900">{latest.period}</p>
                <p className="font-semibold break-words text-gray-900 tabular-nums">
                  {slipTotals(latest)}
                </p>
                <p className="text-sm text-gray-600">
                  {latest.paid_on ? `Paid ${latest.paid_on}` : "Not paid yet"}
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <SlipDownload slip={latest} />
                  <NavLink
                    href="/users/me/payment"
                    className="text-sm text-accent-700 underline-offset-4 hover:underline"
                  >
                    All pay slips
                  </NavLink>
                </div>
              </>
            ) : (
              <p className="text-sm text-gray-700">No pay slips yet.</p>
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
