import { z } from "zod";
import { and, eq, isNull } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { type Ctx } from "../context";
import { optionalId, parseId } from "../params";
import { parseInput } from "../validate";
import { currencyInput } from "./client-schemas";
import {
  branchCurrency,
  loadCompany,
  requireRateAccess,
  skillsInOrder,
  type CurrencyView,
} from "./shared";

export interface RateSkillView {
  id: number;
  name: string;
  parent_id: number | null;
  parent_name: string | null;
  /** A card row exists for it (at `branch_id` when given, else at any branch). */
  has_rate: boolean;
}

export const skillsForRatesQuery = z.object({ branch_id: optionalId });

/**
 * GET skillsForRates/{id}: the skills a company's card can price, live skills in the admin's
 * order (each parent followed by its sub-skills), marking those that already have a rate.
 */
export async function skillsForRates(
  ctx: Ctx,
  rawCompanyId: unknown,
  raw: unknown = {},
): Promise<RateSkillView[]> {
  requireRateAccess(ctx);
  const companyId = parseId(rawCompanyId, "Company");
  const { branch_id } = parseInput(skillsForRatesQuery, raw ?? {});
  await loadCompany(ctx.db, companyId);
  const [skills, priced] = await sideBySide(
    ctx.db,
    () => skillsInOrder(ctx.db),
    () =>
      ctx.db
        .selectDistinct({ skillId: schema.clientRates.skillId })
        .from(schema.clientRates)
        .where(
          and(
            eq(schema.clientRates.companyId, companyId),
            isNull(schema.clientRates.jobId),
            branch_id ? eq(schema.clientRates.branchId, branch_id) : undefined,
          ),
        ),
  );
  const has = new Set(priced.map((p) => p.skillId));
  return skills.map((s) => ({ ...s, has_rate: has.has(s.id) }));
}

/**
 * POST rates/client/get-currency (company_id, branch_id): the currency of the branch's country,
 * in which every client rate of that card is stored.
 */
export async function getClientCurrency(ctx: Ctx, raw: unknown): Promise<CurrencyView> {
  requireRateAccess(ctx);
  const input = parseInput(currencyInput, raw ?? {});
  await loadCompany(ctx.db, input.company_id);
  return branchCurrency(ctx.db, input.branch_id);
}
