import { desc, eq } from "drizzle-orm";
import { schema } from "@/db";
import { decimalHours } from "@/lib/domain/earnings";
import { formatDate } from "@/lib/domain/format";
import { formatMoney } from "@/lib/domain/money";
import { periodLabel } from "@/lib/domain/salary";
import { can, requireUser, type Ctx } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { parseId } from "../params";
import { USER_NOT_FOUND, loadSubject } from "../users/access";
import { AGENCY_TIME_ZONE } from "../viewer-zone";

/** The newest slips a profile shows: two years of monthly slips. */
export const WORKER_SLIPS_LIMIT = 24;

export interface WorkerPaySlip {
  id: number;
  period_from: string;
  period_to: string;
  /** "October 2026", or "01/10/2026 – 15/10/2026" for another span. */
  period: string;
  /** One entry per currency, never added across currencies. */
  totals: {
    currency_code: string;
    amount: number;
    minutes: number;
    hours: number;
    label: string;
  }[];
  minutes: number;
  hours: number;
  paid_at: string | null;
  /** "05/11/2026", the paid date in the agency's zone (as on the slip). */
  paid_on: string | null;
  /** GET salary/slip for this slip's period, as the PDF. */
  download_url: string;
}

interface StoredTotal {
  currency_code: string;
  amount: number;
  minutes: number;
}

const slipUrl = (userId: number, from: string, to: string) =>
  `/api/v2/salary/slip?${new URLSearchParams({ user_id: String(userId), from, to })}`;

/** Whose pay slips the caller reads: its own, or anyone's with salary_access. */
export function canReadPaySlips(ctx: Ctx, userId: number): boolean {
  return requireUser(ctx).userId === userId || can(ctx, "salary_access");
}

/**
 * GET users/{id}/pay-slips: a worker's pay slips, newest period first (the last
 * WORKER_SLIPS_LIMIT), each with its totals per currency, paid date and download link. The
 * worker its own; salary_access any live user (else 404), as the salary overview and the slip
 * download allow. Everyone else 403, whatever the id. At most two queries.
 */
export async function workerPaySlips(
  ctx: Ctx,
  rawUserId: unknown,
  /** The dashboard's card wants the latest only. */
  limit = WORKER_SLIPS_LIMIT,
): Promise<{ user_id: number; items: WorkerPaySlip[] }> {
  const id = parseId(rawUserId, "User");
  if (!canReadPaySlips(ctx, id)) throw new ForbiddenError("You may read your own pay slips only.");
  if (id !== requireUser(ctx).userId) {
    // As the salary overview: salary_access reads any live user's salary.
    if (!(await loadSubject(ctx.db, id))) throw new NotFoundError(USER_NOT_FOUND);
  }
  const ps = schema.paySlips;
  const rows = await ctx.db
    .select({
      id: ps.id,
      from: ps.periodFrom,
      to: ps.periodTo,
      totals: ps.totals,
      minutes: ps.minutesWorked,
      paidAt: ps.paidAt,
    })
    .from(ps)
    .where(eq(ps.userId, id))
    .orderBy(desc(ps.periodFrom), desc(ps.periodTo), desc(ps.id))
    .limit(Math.min(Math.max(1, limit), WORKER_SLIPS_LIMIT));
  return {
    user_id: id,
    items: rows.map((r) => ({
      id: r.id,
      period_from: r.from,
      period_to: r.to,
      period: periodLabel(r.from, r.to),
      totals: ((r.totals ?? []) as StoredTotal[]).map((t) => ({
        currency_code: t.currency_code,
        amount: t.amount,
        minutes: t.minutes,
        hours: decimalHours(t.minutes),
        label: formatMoney(t.amount, t.currency_code),
      })),
      minutes: r.minutes,
      hours: decimalHours(r.minutes),
      paid_at: r.paidAt?.toISOString() ?? null,
      paid_on: r.paidAt ? formatDate(r.paidAt, AGENCY_TIME_ZONE) : null,
      download_url: slipUrl(id, r.from, r.to),
    })),
  };
}
