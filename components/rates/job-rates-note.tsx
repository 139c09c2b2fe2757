import { Alert } from "@/components/ui";
import { formatDate, formatDateTime } from "@/lib/domain/format";
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

/** "first shift 01/12/2026 18:00: 4 h standard, 4 h night = 3.000,00 DKK" */
export function exampleText(example: PriceExample | null, currency: string, timeZone: string) {
  if (!example) return null;
  return `first shift ${formatDateTime(new Date(example.starts_at), timeZone)}: ${example.split} = ${formatMoney(example.total, currency)}`;
}
