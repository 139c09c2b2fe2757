import { z } from "zod";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { requireUser, type Ctx } from "../context";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, optionalId } from "../params";
import { parseInput } from "../validate";
import { readPaySlips, type PaySlipItem } from "./pay-slips";
import { salaryPeriodInput } from "./schemas";

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

/** A pay slip as the Pay slips tab lists it (the one row of readPaySlips). */
export type PaySlipRow = PaySlipItem;

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
  const { items, total } = await readPaySlips(ctx, {
    userId: f.user_id === "self" || f.user_id === "me" ? actor.userId : f.user_id,
    period,
    branchId: f.branch_id,
    countryId: f.country_id,
    search: f.search,
    order: "period",
    limit: input.perPage,
    offset: offsetOf(input.page, input.perPage),
    withTotal: true,
  });
  return { items, meta: pageMeta(input.page, input.perPage, total ?? 0) };
}
