import { and, asc, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { decimalHours } from "@/lib/domain/earnings";
import { formatDate } from "@/lib/domain/format";
import { formatMoney } from "@/lib/domain/money";
import { periodLabel } from "@/lib/domain/salary";
import { can, requireUser, type Ctx } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { containsPattern } from "../like";
import { USER_NOT_FOUND, loadSubject } from "../users/access";
import { AGENCY_TIME_ZONE } from "../viewer-zone";

/**
 * Reading pay slips (issue 24): one verb and one query shape behind both GET users/{id}/pay-slips
 * (a worker's slips on its profile and dashboard) and GET salary/slips-list (the Pay slips tab).
 * Who may read whose slips is one check: one's own always; anyone's with salary_access.
 */

export interface PaySlipItem {
  id: number;
  user_id: number;
  worker: string;
  period_from: string;
  period_to: string;
  /** "October 2026", or "01/10/2026–15/10/2026" for another span. */
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
  /** When the slip became final (every line of the period paid); null while lines are open. */
  paid_at: string | null;
  /** "05/11/2026", the paid date in the agency's zone (as on the slip). */
  paid_on: string | null;
  /** GET salary/slip for this slip's period, as the PDF. */
  download_url: string;
}

export const OWN_SLIPS_ONLY = "You may read your own pay slips only.";

/** Whose pay slips the caller reads: its own, or anyone's with salary_access. */
export function canReadPaySlips(ctx: Ctx, userId: number): boolean {
  return requireUser(ctx).userId === userId || can(ctx, "salary_access");
}

/**
 * The access check of every pay slip read: the worker whose slips are read, or undefined for
 * every worker's. `asked` is the user asked for (none: everyone's for salary_access, else
 * one's own). Another user than oneself without salary_access: 403.
 */
export function paySlipOwner(ctx: Ctx, asked: number | undefined): number | undefined {
  const me = requireUser(ctx).userId;
  if (asked === undefined) return can(ctx, "salary_access") ? undefined : me;
  if (!canReadPaySlips(ctx, asked)) throw new ForbiddenError(OWN_SLIPS_ONLY);
  return asked;
}

export interface PaySlipQuery {
  /** The user asked for; see paySlipOwner. */
  userId?: number;
  /** The user is a path resource (users/{id}): one not found (or deleted) is 404. */
  subject?: boolean;
  /** Slips whose period overlaps it. */
  period?: { from: string; to: string } | null;
  /** Slips paying hours in this branch or country. */
  branchId?: number;
  countryId?: number;
  /** Worker name or e-mail. */
  search?: string;
  /** "period": newest period first, then by worker (one list of many workers); "worker" newest period, then newest slip (one worker). */
  order?: "period" | "worker";
  limit: number;
  offset?: number;
  /** Count every match too (a paged list); one more query. */
  withTotal?: boolean;
}

const ps = schema.paySlips;
const u = schema.users;
const sl = schema.salaryLines;

const slipUrl = (userId: number, from: string, to: string) =>
  `/api/v2/salary/slip?${new URLSearchParams({ user_id: String(userId), from, to })}`;

interface StoredTotal {
  currency_code: string;
  amount: number;
  minutes: number;
}

/**
 * The pay slips the caller may read, filtered and ordered, with the worker's name. One query
 * (two with withTotal; one more when salary_access reads another user by path id).
 */
export async function readPaySlips(
  ctx: Ctx,
  q: PaySlipQuery,
): Promise<{ userId: number | undefined; items: PaySlipItem[]; total: number | null }> {
  const userId = paySlipOwner(ctx, q.userId);
  if (q.subject && userId !== undefined && userId !== requireUser(ctx).userId) {
    // As the salary overview: salary_access reads any live user's salary.
    if (!(await loadSubject(ctx.db, userId))) throw new NotFoundError(USER_NOT_FOUND);
  }
  const paysThere = (column: typeof sl.branchId | typeof sl.countryId, id: number) =>
    sql`exists (select 1 from ${sl} where ${sl.paySlipId} = ${ps.id} and ${column} = ${id})`;
  const where: SQL | undefined = and(
    userId !== undefined ? eq(ps.userId, userId) : undefined,
    q.period ? and(lte(ps.periodFrom, q.period.to), gte(ps.periodTo, q.period.from)) : undefined,
    q.branchId ? paysThere(sl.branchId, q.branchId) : undefined,
    q.countryId ? paysThere(sl.countryId, q.countryId) : undefined,
    q.search
      ? or(ilike(u.name, containsPattern(q.search)), ilike(u.email, containsPattern(q.search)))
      : undefined,
  );
  const order =
    q.order === "worker"
      ? [desc(ps.periodFrom), desc(ps.periodTo), desc(ps.id)]
      : [desc(ps.periodFrom), asc(u.name), asc(ps.id)];
  const [rows, total] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ slip: ps, worker: u.name })
        .from(ps)
        .innerJoin(u, eq(u.id, ps.userId))
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.offset ?? 0),
    () =>
      q.withTotal
        ? ctx.db
            .select({ n: count() })
            .from(ps)
            .innerJoin(u, eq(u.id, ps.userId))
            .where(where)
            .then(([r]) => r.n)
        : Promise.resolve(null),
  );
  return {
    userId,
    total,
    items: rows.map(({ slip: s, worker }) => ({
      id: s.id,
      user_id: s.userId,
      worker,
      period_from: s.periodFrom,
      period_to: s.periodTo,
      period: periodLabel(s.periodFrom, s.periodTo),
      totals: ((s.totals ?? []) as StoredTotal[]).map((t) => ({
        currency_code: t.currency_code,
        amount: t.amount,
        minutes: t.minutes,
        hours: decimalHours(t.minutes),
        label: formatMoney(t.amount, t.currency_code),
      })),
      minutes: s.minutesWorked,
      hours: decimalHours(s.minutesWorked),
      paid_at: s.paidAt?.toISOString() ?? null,
      paid_on: s.paidAt ? formatDate(s.paidAt, AGENCY_TIME_ZONE) : null,
      download_url: slipUrl(s.userId, s.periodFrom, s.periodTo),
    })),
  };
}
