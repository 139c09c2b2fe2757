import { cardKey, clientBandsOf, planCardWrite } from "./card-write";
import { applyCardPlan } from "./card-apply";
import { and, asc, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, type DbOrTx } from "@/db";
import { logActivity } from "../activity";
import { withTx, type Ctx, type TxCtx } from "../context";
import { NotFoundError } from "../errors";
import { parseId } from "../params";
import { parseInput } from "../validate";
import { minorUnitsOf } from "@/lib/domain/money";
import { assertNoRateLosses, storedPrices } from "./losses";
import {
  clientRateInput,
  clientRateQuery,
  clientRateUpdate,
  isEmptyClientRow,
  ratesListInput,
  saveCardInput,
  type ClientCard,
} from "./client-schemas";
import {
  branchCurrency,
  loadCompany,
  RATE_MESSAGES,
  requireLiveLevels,
  requireLiveSkills,
  requireRateAccess,
  type CurrencyView,
} from "./shared";

/**
 * Client rate cards (spec §3 Rates, §7 "Rates and pricing"): what a company pays per hour for
 * a skill at one branch, with weekend and night bands and `rate_worker`, the worker pay the
 * price assumes (so the margin). A company × branch pair is one card; these verbs work on the
 * card rows (job_id NULL). Rows copied onto one job are the job tabs' business.
 */
export interface ClientRateView {
  id: number;
  company_id: number;
  branch_id: number;
  skill_id: number;
  skill_name: string;
  parent_skill_id: number | null;
  parent_skill_name: string | null;
  level_id: number | null;
  level_name: string | null;
  currency_code: string;
  standard_price: number;
  weekend_price: number | null;
  night_price: number | null;
  night_start: string | null;
  night_end: string | null;
  rate_worker: number | null;
}

const cr = schema.clientRates;
const parent = alias(schema.skills, "parent_skill");

/** Card rows with their skill, parent skill and level names, in skill order. */
export async function cardRows(db: DbOrTx, where: SQL | undefined): Promise<ClientRateView[]> {
  const rows = await db
    .select({
      id: cr.id,
      company_id: cr.companyId,
      branch_id: cr.branchId,
      skill_id: cr.skillId,
      skill_name: schema.skills.name,
      parent_skill_id: schema.skills.parentId,
      parent_skill_name: parent.name,
      level_id: cr.levelId,
      level_name: schema.levels.name,
      currency_code: cr.currencyCode,
      standard_price: cr.standardPrice,
      weekend_price: cr.weekendPrice,
      night_price: cr.nightPrice,
      night_start: cr.nightStart,
      night_end: cr.nightEnd,
      rate_worker: cr.rateWorker,
    })
    .from(cr)
    .innerJoin(schema.skills, eq(schema.skills.id, cr.skillId))
    .leftJoin(parent, eq(parent.id, schema.skills.parentId))
    .leftJoin(schema.levels, eq(schema.levels.id, cr.levelId))
    .where(and(isNull(cr.jobId), where))
    .orderBy(
      asc(cr.companyId),
      asc(cr.branchId),
      // Each parent, then its sub-skills, in the admin's skill order.
      sql`coalesce(${parent.order}, ${schema.skills.order})`,
      sql`coalesce(${parent.id}, ${schema.skills.id})`,
      sql`${schema.skills.parentId} nulls first`,
      asc(schema.skills.order),
      asc(cr.skillId),
      asc(cr.levelId),
    )
    .limit(2000);
  return rows.map((r) => ({ ...r, currency_code: r.currency_code.trim() }));
}

/**
 * GET rates?filter[company_id, branch_id, parent_skill_id, level_id, invoice] [rate_access].
 * `parent_skill_id` keeps a parent skill and its sub-skills. `invoice=1` keeps only the rows
 * that would put something on an invoice: a standard price above zero (a row priced 0 is a
 * placeholder the agency does not bill).
 */
export async function listClientRates(ctx: Ctx, raw: unknown): Promise<ClientRateView[]> {
  requireRateAccess(ctx);
  const { filter } = parseInput(ratesListInput, raw ?? {});
  return cardRows(
    ctx.db,
    and(
      filter.company_id ? eq(cr.companyId, filter.company_id) : undefined,
      filter.branch_id ? eq(cr.branchId, filter.branch_id) : undefined,
      filter.parent_skill_id
        ? or(
            eq(cr.skillId, filter.parent_skill_id),
            eq(schema.skills.parentId, filter.parent_skill_id),
          )
        : undefined,
      filter.level_id ? eq(cr.levelId, filter.level_id) : undefined,
      filter.invoice ? gt(cr.standardPrice, 0) : undefined,
    ),
  );
}

/**
 * Writes a card inside the caller's transaction: locks the card's rows, then upserts each row
 * sent and deletes those sent with every price empty. Rows not sent stay as they are (the grid
 * sends every row it shows). Returns how many rows were written and removed.
 */
export async function writeCard(
  ctx: TxCtx,
  card: ClientCard,
  saveAnyway?: boolean,
): Promise<{ currency: CurrencyView; saved: number; removed: number }> {
  await loadCompany(ctx.db, card.company_id);
  const currency = await branchCurrency(ctx.db, card.branch_id);
  await requireLiveSkills(
    ctx.db,
    card.rates.map((r) => ({ skill_id: r.skill_id })),
  );
  await requireLiveLevels(ctx.db, card.rates);
  const existing = await ctx.db
    .select({
      id: cr.id,
      skillId: cr.skillId,
      levelId: cr.levelId,
      standardPrice: cr.standardPrice,
      weekendPrice: cr.weekendPrice,
      nightPrice: cr.nightPrice,
      rateWorker: cr.rateWorker,
    })
    .from(cr)
    .where(
      and(eq(cr.companyId, card.company_id), eq(cr.branchId, card.branch_id), isNull(cr.jobId)),
    )
    .for("update");
  const stored = new Map(existing.map((r) => [cardKey(r.skillId, r.levelId), storedPrices(r)]));
  await assertNoRateLosses(
    ctx.db,
    card.rates,
    (r) => stored.get(cardKey(r.skill_id, r.level_id)),
    currency.minor_units,
    saveAnyway,
  );
  const plan = planCardWrite(
    existing.map((r) => ({ id: r.id, key: cardKey(r.skillId, r.levelId) })),
    card.rates,
    (r) => cardKey(r.skill_id, r.level_id),
    isEmptyClientRow,
  );
  const { saved, removed } = await applyCardPlan(ctx.db, cr, plan, {
    now: ctx.now,
    bands: (r) => ({ ...clientBandsOf(r), currencyCode: currency.code }),
    keys: (r) => ({
      companyId: card.company_id,
      branchId: card.branch_id,
      skillId: r.skill_id,
      levelId: r.level_id,
    }),
  });
  return { currency, saved, removed };
}

/** POST rates / PUT rates (jsonData = the whole card) [rate_access]: one transaction. */
export async function saveClientCard(
  ctx: Ctx,
  raw: unknown,
): Promise<{ rates: ClientRateView[]; currency: CurrencyView; message: string }> {
  requireRateAccess(ctx);
  const { jsonData: card, save_anyway } = parseInput(saveCardInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const { currency, saved, removed } = await writeCard(ctx, card, save_anyway);
    await logActivity(ctx, {
      logName: "rates",
      description: `Saved the client rate card (${saved} rates, ${removed} removed)`,
      subjectType: "companies",
      subjectId: card.company_id,
      properties: { branch_id: card.branch_id, attributes: card.rates },
    });
    const rates = await cardRows(
      ctx.db,
      and(eq(cr.companyId, card.company_id), eq(cr.branchId, card.branch_id)),
    );
    return { rates, currency, message: RATE_MESSAGES.updated };
  });
}

/** GET rates/client/{company_id}?skill=&branch=: the card row of a skill, with its currency. */
export async function getClientRate(
  ctx: Ctx,
  rawCompanyId: unknown,
  raw: unknown,
): Promise<ClientRateView & { currency: CurrencyView }> {
  requireRateAccess(ctx);
  const companyId = parseId(rawCompanyId, "Company");
  const q = parseInput(clientRateQuery, raw ?? {});
  await loadCompany(ctx.db, companyId);
  const [row] = await cardRows(
    ctx.db,
    and(
      eq(cr.companyId, companyId),
      eq(cr.branchId, q.branch),
      eq(cr.skillId, q.skill),
      isNull(cr.levelId),
    ),
  );
  if (!row) throw new NotFoundError("This client has no rate for the skill at this branch.");
  return { ...row, currency: await branchCurrency(ctx.db, row.branch_id) };
}

/** POST rates/client: sets one row of a card (creates it, or replaces its prices). */
export async function createClientRate(
  ctx: Ctx,
  raw: unknown,
): Promise<ClientRateView & { message: string }> {
  requireRateAccess(ctx);
  const input = parseInput(clientRateInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    await writeCard(
      ctx,
      { company_id: input.company_id, branch_id: input.branch_id, rates: [input] },
      input.save_anyway,
    );
    const [row] = await cardRows(
      ctx.db,
      and(
        eq(cr.companyId, input.company_id),
        eq(cr.branchId, input.branch_id),
        eq(cr.skillId, input.skill_id),
        input.level_id ? eq(cr.levelId, input.level_id) : isNull(cr.levelId),
      ),
    );
    await logActivity(ctx, {
      logName: "rates",
      description: `Set the client rate of ${row.skill_name}`,
      subjectType: "client_rates",
      subjectId: row.id,
      properties: { attributes: input },
    });
    return { ...row, message: RATE_MESSAGES.updated };
  });
}

/** PUT rates/update/{id}: the prices of one card row → "Record updated successfully". */
export async function updateClientRate(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<ClientRateView & { message: string }> {
  requireRateAccess(ctx);
  const id = parseId(rawId, "Rate");
  const input = parseInput(clientRateUpdate, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const [before] = await ctx.db
      .select()
      .from(cr)
      .where(and(eq(cr.id, id), isNull(cr.jobId)))
      .for("update");
    if (!before) throw new NotFoundError("Rate not found.");
    await assertNoRateLosses(
      ctx.db,
      [{ ...input, skill_id: before.skillId }],
      () => storedPrices(before),
      minorUnitsOf(before.currencyCode.trim()),
      input.save_anyway,
    );
    await ctx.db
      .update(cr)
      .set({ ...clientBandsOf(input), updatedAt: ctx.now })
      .where(eq(cr.id, id));
    await logActivity(ctx, {
      logName: "rates",
      description: "Edited a client rate",
      subjectType: "client_rates",
      subjectId: id,
      properties: { old: clientBandsOf(snake(before)), attributes: input },
    });
    const [row] = await cardRows(ctx.db, eq(cr.id, id));
    return { ...row, message: RATE_MESSAGES.updated };
  });
}

const snake = (r: typeof cr.$inferSelect) => ({
  standard_price: r.standardPrice,
  weekend_price: r.weekendPrice,
  night_price: r.nightPrice,
  night_start: r.nightStart,
  night_end: r.nightEnd,
  rate_worker: r.rateWorker,
});
