import { and, asc, count, desc, eq, gte, ilike, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { schema } from "@/db";
import { formatMoney } from "@/lib/domain/money";
import { decimalHours } from "@/lib/domain/earnings";
import { periodLabel } from "@/lib/domain/salary";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { can, requireUser, type Ctx } from "../context";
import { ForbiddenError } from "../errors";
import { containsPattern } from "../like";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, optionalId } from "../params";
import { parseInput } from "../validate";
import { salaryPeriodInput } from "./schemas";

const ps = schema.paySlips;
const u = schema.users;
const sl = schema.salaryLines;

/** GET salary/slips-list: a page of pay slips. */
export const listPaySlipsInput = pageInput(10).extend({
  filter: z
    .object({
      from: z.string().optional(),
      to: z.string().optional(),
      branch_id: optionalId,
      country_id: optionalId,
      user_id: z.union([z.literal("self"), z.literal("me"), idSchema]).optional(),
      search: z.string().trim().max(SEARCH_MAX).optional(),
    })
    .default({}),
});

export interface PaySlipRow {
  id: number;
  user_id: number;
  worker: string;
  period_from: string;
  period_to: string;
  /** "October 2026", or "01/10/2026–15/10/2026". */
  period: string;
  /** One per currency, never added across currencies. */
  totals: { currency_code: string; amount: number; minutes: number; label: string }[];
  minutes: number;
  hours: number;
  /** When the slip became final (every line of the period paid); null while lines are open. */
  paid_at: string | null;
}

/**
 * GET salary/slips-list: pay slips, newest period first, then by worker; 10 a page.
 * filter[from] and filter[to] (both or neither: the slips whose period overlaps them),
 * filter[branch_id] or filter[country_id] (slips paying hours there), filter[user_id],
 * filter[search] (worker name or e-mail). [salary_access] any worker's; anyone else its own
 * only (filter[user_id] of somebody else: 403). Two queries whatever the page holds.
 */
export async function listPaySlips(ctx: Ctx, raw: unknown): Promise<Page<PaySlipRow>> {
  const actor = requireUser(ctx);
  const input = parseInput(listPaySlipsInput, raw ?? {});
  const f = input.filter;
  const period =
    f.from !== undefined || f.to !== undefined
      ? parseInput(salaryPeriodInput, { from: f.from, to: f.to })
      : null;
  const office = can(ctx, "salary_access");
  const asked = f.user_id === "self" || f.user_id === "me" ? actor.userId : f.user_id;
  if (!office && asked !== undefined && asked !== actor.userId)
    throw new ForbiddenError("You may read your own pay slips only.");
  const userId = office ? asked : actor.userId;
  const paysThere = (column: typeof sl.branchId | typeof sl.countryId, id: number) =>
    sql`exists (select 1 from ${sl} where ${sl.paySlipId} = ${ps.id} and ${column} = ${id})`;
  const where = and(
    userId !== undefined ? eq(ps.userId, userId) : undefined,
    period ? and(lte(ps.periodFrom, period.to), gte(ps.periodTo, period.from)) : undefined,
    f.branch_id ? paysThere(sl.branchId, f.branch_id) : undefined,
    f.country_id ? paysThere(sl.countryId, f.country_id) : undefined,
    f.search
      ? or(ilike(u.name, containsPattern(f.search)), ilike(u.email, containsPattern(f.search)))
      : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(ps).innerJoin(u, eq(u.id, ps.userId)).where(where),
    ctx.db
      .select({ slip: ps, worker: u.name })
      .from(ps)
      .innerJoin(u, eq(u.id, ps.userId))
      .where(where)
      .orderBy(desc(ps.periodFrom), asc(u.name), asc(ps.id))
      .limit(input.perPage)
      .offset(offsetOf(input.page, input.perPage)),
  ]);
  return {
    items: rows.map(({ slip: s, worker }) => ({
      id: s.id,
      user_id: s.userId,
      worker,
      period_from: s.periodFrom,
      period_to: s.periodTo,
      period: periodLabel(s.periodFrom, s.periodTo),
      totals: (s.totals as { currency_code: string; amount: number; minutes: number }[]).map(
        (t) => ({ ...t, label: formatMoney(t.amount, t.currency_code) }),
      ),
      minutes: s.minutesWorked,
      hours: decimalHours(s.minutesWorked),
      paid_at: s.paidAt?.toISOString() ?? null,
    })),
    meta: pageMeta(input.page, input.perPage, total),
  };
}
