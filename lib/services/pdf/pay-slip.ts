import { formatDecimalHours } from "@/lib/domain/earnings";
import { formatDate, formatTimeRange } from "@/lib/domain/format";
import { formatAmount, formatMoney, minorUnitsOf } from "@/lib/domain/money";
import { maskIban, maskValue } from "@/lib/domain/payment-details";
import { describeSplit, type Band } from "@/lib/domain/pricing";
import { periodLabel } from "@/lib/domain/salary";
import type { BusinessDocumentModel } from "./business-document";

/** One salary line as the slip prints it (amounts and rates in minor units). */
export interface PaySlipLine {
  /** The shift's local date, YYYY-MM-DD. */
  workDate: string;
  job: string;
  skill: string;
  startsAt: Date;
  endsAt: Date;
  /** The job's zone: the times are printed as the worker saw them on site. */
  timeZone: string;
  minutes: Record<Band, number>;
  rates: { standard: number; weekend: number | null; night: number | null };
  currencyCode: string;
  amount: number;
  paid: boolean;
}

export interface PaySlipSource {
  worker: {
    name: string;
    iban: string | null;
    reg: string | null;
    konto: string | null;
  };
  /** Inclusive local dates, YYYY-MM-DD. */
  period: { from: string; to: string };
  issuedAt: Date;
  /** The agency's zone, for the issue date. */
  timeZone: string;
  lines: PaySlipLine[];
  /** When the whole period was paid (the slip is final); null while any line is open. */
  paidAt: Date | null;
}

/** "2026-10-05" → "05/10/2026" (spec §9's date format, without moving through a time zone). */
const localDate = (iso: string) => iso.split("-").reverse().join("/");

/** Where the pay goes, masked: the account's last digits only. */
function accountLine(w: PaySlipSource["worker"]): string {
  if (w.iban) return `IBAN ${maskIban(w.iban)}`;
  if (w.konto) return `Reg. ${w.reg ?? "–"} · account ${maskValue(w.konto)}`;
  return "No bank account on file";
}

/** "150.00/h", or "150.00/h · night 180.00" when another band's rate was paid too. */
function rateText(line: PaySlipLine): string {
  const digits = minorUnitsOf(line.currencyCode);
  const parts = [`${formatAmount(line.rates.standard, digits)}/h`];
  for (const band of ["weekend", "night"] as const) {
    const rate = line.rates[band];
    if (line.minutes[band] > 0 && rate !== null && rate !== line.rates.standard)
      parts.push(`${band} ${formatAmount(rate, digits)}`);
  }
  return parts.join(" · ");
}

export const TAX_NOTE =
  "Amounts are gross. Tax, pension and other deductions are not computed by Crewdeck; they follow from your tax card with the payroll system.";

/**
 * The pay slip of one worker for one period: every salary line with its bands and rate, the
 * gross per currency (never added across currencies) and what of it is already paid.
 */
export function paySlipModel(s: PaySlipSource): BusinessDocumentModel {
  const label = periodLabel(s.period.from, s.period.to);
  const currencies = [...new Set(s.lines.map((l) => l.currencyCode))].sort();
  return {
    title: `Pay slip ${label}`,
    subtitle: s.worker.name,
    recipient: { heading: "Worker", lines: [s.worker.name, accountLine(s.worker)] },
    references: [
      { label: "Period", value: `${localDate(s.period.from)}–${localDate(s.period.to)}` },
      { label: "Issued", value: formatDate(s.issuedAt, s.timeZone) },
      {
        label: "Status",
        value: s.paidAt ? `Paid ${formatDate(s.paidAt, s.timeZone)}` : "Not paid yet",
      },
    ],
    tables: [
      {
        heading: "Approved hours",
        columns: [
          { label: "Date", width: 1.7 },
          { label: "Job", width: 3.2 },
          { label: "Skill", width: 2 },
          { label: "Time", width: 1.9 },
          { label: "Hours", width: 2.8 },
          { label: "Rate", width: 2.2, align: "right" },
          { label: "Amount", width: 2.2, align: "right" },
        ],
        rows: s.lines.map((l) => [
          localDate(l.workDate),
          l.job,
          l.skill,
          formatTimeRange(l.startsAt, l.endsAt, l.timeZone),
          describeSplit(l.minutes),
          rateText(l),
          `${formatMoney(l.amount, l.currencyCode)}${l.paid ? "" : " *"}`,
        ]),
        empty: "No approved hours in this period.",
      },
    ],
    totals: currencies.map((currency) => {
      const lines = s.lines.filter((l) => l.currencyCode === currency);
      const sum = (ls: PaySlipLine[]) => ls.reduce((n, l) => n + l.amount, 0);
      const minutes = lines.reduce(
        (n, l) => n + l.minutes.standard + l.minutes.weekend + l.minutes.night,
        0,
      );
      const paid = sum(lines.filter((l) => l.paid));
      const gross = sum(lines);
      return {
        heading: currency,
        rows: [
          { label: "Hours", value: formatDecimalHours(minutes) },
          { label: "Already paid", value: formatMoney(paid, currency) },
          { label: "Still to pay", value: formatMoney(gross - paid, currency) },
          { label: "Gross", value: formatMoney(gross, currency), strong: true },
        ],
      };
    }),
    notes: [
      ...(s.lines.some((l) => !l.paid)
        ? [{ heading: "Not paid yet", text: "* Lines marked with a star are not paid yet." }]
        : []),
      { heading: "Tax", text: TAX_NOTE },
    ],
  };
}
