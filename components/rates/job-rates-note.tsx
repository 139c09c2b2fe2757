import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate } from "@/lib/domain/format";
import { formatMoney } from "@/lib/domain/money";
import type { JobRateHeader, PriceExample } from "@/lib/services/rates/job-rates";

/**
 * The note above a job's rate grid: these rates belong to the job, copied from the card on a
 * date (or not copied yet, so the card applies). Server-rendered text only.
 */
export function JobRatesNote({
  header,
  card,
  timeZone,
}: {
  header: JobRateHeader;
  /** "the client's card", "the worker rate card". */
  card: string;
  timeZone: string;
}) {
  const at = header.branch ? ` at ${header.branch.name}` : "";
  return (
    <Alert tone="info" title="These rates belong to this job">
      {header.copied_at ? (
        <>
          They were copied from {card}
          {at} on {formatDate(new Date(header.copied_at), timeZone)}. Changes here apply to this job
          only, and later changes to the card do not reach it. Amounts are in {header.currency.code}
          .
        </>
      ) : (
        <>
          Nothing has been copied onto this job yet, so {card}
          {at} applies. Saving here stores the prices on this job only. Amounts are in{" "}
          {header.currency.code}.
        </>
      )}
    </Alert>
  );
}

/** One position on the skill's first shift: "4 h standard, 4 h night = 3,000.00 DKK". */
export function exampleText(example: PriceExample | null, currency: string) {
  if (!example) return null;
  return `${example.split} = ${formatMoney(example.total, currency)}`;
}

/**
 * Why a job's rate tab has no grid, or null when it has one: no branch prices the job, or the
 * job has no skills yet. `card` names what the rates are copied from.
 */
export function JobRatesEmpty({
  header,
  rows,
  card,
  perSkill,
}: {
  header: JobRateHeader;
  rows: number;
  /** "the client's card", "the worker rate card". */
  card: string;
  /** What each skill gets on the tab: "a rate", "its pay". */
  perSkill: string;
}) {
  if (!header.branch)
    return (
      <EmptyState
        title="No branch to price this job at"
        hint={`Give the client a default branch, or the job a branch to book from; the job's rates are copied from ${card} at that branch.`}
      />
    );
  if (!rows)
    return (
      <EmptyState
        title="No skills on this job yet"
        hint={`Add shifts with slots to the job; each skill it needs gets ${perSkill} here.`}
      />
    );
  return null;
}
