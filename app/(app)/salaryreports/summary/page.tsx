import { EmptyState } from "@/components/ui/empty-state";
import { routeMetadata } from "@/lib/auth/metadata";
import { decimalHours } from "@/lib/domain/earnings";
import { formatMoney } from "@/lib/domain/money";
import { BAND_LABELS, summaryBy, summaryByBand, viewPlace } from "@/lib/domain/salary-screen";
import { pageData } from "@/lib/http/page";
import { salarySummary } from "@/lib/services/salary";
import { salaryPage, type Search } from "../data";
import { FigureTable, type FigureRow } from "./figure-table";

export const metadata = routeMetadata("/salaryreports/summary");

const hours = (minutes: number) =>
  `${decimalHours(minutes).toLocaleString("en-GB", { maximumFractionDigits: 2 })} h`;

/** Summary: totals per currency, then per branch, skill and band; never across currencies. */
export default async function SalarySummaryPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const { ctx, view } = await salaryPage(searchParams);
  const s = await pageData(
    salarySummary(ctx, { from: view.from, to: view.to, ...viewPlace(view) }),
  );
  if (!s.totals.length)
    return (
      <EmptyState
        title={`No salary for ${s.period} yet`}
        hint="Run salary on the Overview tab; its totals per currency, branch, skill and band show here."
      />
    );
  const row = (r: {
    key: string;
    currency_code: string;
    name: string;
    minutes: number;
    amount: number;
    paid_amount?: number;
  }): FigureRow => ({
    key: r.key,
    name: r.name,
    currency: r.currency_code,
    hours: hours(r.minutes),
    amount: formatMoney(r.amount, r.currency_code),
    paid: r.paid_amount === undefined ? undefined : formatMoney(r.paid_amount, r.currency_code),
  });
  return (
    <div className="flex flex-col gap-6">
      <FigureTable
        title={`Totals for ${s.period}`}
        nameHeader="Currency"
        rows={s.totals.map((t) =>
          row({
            key: t.currency_code,
            currency_code: t.currency_code,
            name: t.currency_code,
            minutes: t.minutes,
            amount: t.amount,
            paid_amount: t.paid_amount,
          }),
        )}
      />
      <FigureTable
        title="By branch"
        nameHeader="Branch"
        rows={summaryBy(s.groups, "branch").map(row)}
      />
      <FigureTable
        title="By skill"
        nameHeader="Skill"
        rows={summaryBy(s.groups, "skill").map(row)}
      />
      <FigureTable
        title="By band"
        nameHeader="Band"
        rows={summaryByBand(s.groups).map((b) =>
          row({
            key: `${b.currency_code}:${b.band}`,
            currency_code: b.currency_code,
            name: BAND_LABELS[b.band],
            minutes: b.minutes,
            amount: b.amount,
          }),
        )}
      />
    </div>
  );
}
