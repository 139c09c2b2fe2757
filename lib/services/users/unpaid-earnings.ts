import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { schema } from "@/db";
import { decimalHours, unpaidSummary, withoutRateNote } from "@/lib/domain/earnings";
import { formatMoney } from "@/lib/domain/money";
import { toMinorUnits } from "@/lib/domain/pricing";
import type { Ctx } from "../context";
import { parseInput } from "../validate";
import { priceWorkerTime } from "../rates/worker-pay";
import { profileAccess, tabAccessFirst } from "./access";
import { fieldOf } from "../params";

export const unpaidEarningsInput = z.object({
  user_id: z.union([z.string(), z.number()], { error: "The user id field is required." }),
});

/** Hours and shifts of one part of the unpaid earnings. */
interface HoursPart {
  minutes: number;
  hours: number;
  shifts: number;
}

export interface UnpaidEarnings extends HoursPart {
  user_id: number;
  /** What the priced hours come to, one entry per currency (never added across currencies). */
  by_currency: (HoursPart & { currency_code: string; amount: number; label: string })[];
  /** Approved hours no worker rate prices yet: counted, not priced. */
  without_rate: HoursPart & { note: string | null };
  /** The amount when every hour is priced in one currency; null otherwise. */
  amount: number | null;
  currency: string | null;
  /** "23.5 h · 3,240.00 DKK" (hours, then each currency's amount). */
  summary: string;
}

const part = (minutes: number, shifts: number): HoursPart => ({
  minutes,
  hours: decimalHours(minutes),
  shifts,
});

const rh = schema.reportedHours;
const a = schema.applications;
const slot = schema.shiftSlots;

/**
 * GET statistics/unpaid-earnings?user_id=: approved hours not yet paid (no paid salary line), priced at the worker's rate on each job by the one lookup of worker pay
 * (`priceWorkerTime`, as the dashboard's estimates), split into standard, weekend and night
 * minutes in the job's zone. Amounts are per currency; hours without a rate are counted and
 * named apart. Oneself, or whoever may open the user's payment tab. Reads only; a fixed number
 * of queries whatever the number of reports.
 */
export async function unpaidEarnings(ctx: Ctx, raw: unknown): Promise<UnpaidEarnings> {
  // Who may, before the query is read: another's earnings are 404 whatever was sent (issue 27).
  await tabAccessFirst(ctx, fieldOf(raw, "user_id"), "payment");
  const input = parseInput(unpaidEarningsInput, raw ?? {});
  const { subject } = await profileAccess(ctx, input.user_id, { tab: "payment" });
  const rows = await ctx.db
    .select({
      start: rh.startsAt,
      end: rh.endsAt,
      jobId: schema.shifts.jobId,
      skillId: slot.skillId,
    })
    .from(rh)
    .innerJoin(a, eq(a.id, rh.applicationId))
    .innerJoin(slot, eq(slot.id, rh.shiftSlotId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, slot.shiftId))
    .where(
      and(
        eq(a.assigneeId, subject.id),
        isNotNull(rh.approvedAt),
        sql`not exists (
          select 1 from ${schema.salaryLines} sl
          where sl.reported_hours_id = ${rh.id} and sl.status = 'paid')`,
      ),
    )
    .orderBy(asc(rh.startsAt), asc(rh.id));
  const priced = await priceWorkerTime(
    ctx.db,
    rows.map((r) => ({ userId: subject.id, ...r })),
  );

  const sums = new Map<string, { exact: number; minutes: number; shifts: number }>();
  let unratedMinutes = 0;
  let unratedShifts = 0;
  let minutes = 0;
  for (const p of priced) {
    const worked = p.minutes.standard + p.minutes.weekend + p.minutes.night;
    minutes += worked;
    if (p.rate === null) {
      unratedMinutes += worked;
      unratedShifts += 1;
      continue;
    }
    const sum = sums.get(p.currencyCode) ?? { exact: 0, minutes: 0, shifts: 0 };
    sum.exact += p.exact;
    sum.minutes += worked;
    sum.shifts += 1;
    sums.set(p.currencyCode, sum);
  }
  const byCurrency = [...sums]
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([currency_code, s]) => {
      // Exact sums rounded once per currency, as the projection rounds.
      const amount = toMinorUnits(s.exact);
      return {
        currency_code,
        amount,
        label: formatMoney(amount, currency_code),
        ...part(s.minutes, s.shifts),
      };
    });
  const single = byCurrency.length === 1 && unratedShifts === 0 ? byCurrency[0] : null;
  return {
    user_id: subject.id,
    ...part(minutes, rows.length),
    by_currency: byCurrency,
    without_rate: { ...part(unratedMinutes, unratedShifts), note: withoutRateNote(unratedMinutes) },
    amount: single?.amount ?? null,
    currency: single?.currency_code ?? null,
    summary: unpaidSummary(minutes, byCurrency),
  };
}
