import { toastName, upperFirst } from "@/lib/domain/done";
import { jobPricing } from "../rates/job-pricing";
import { asc, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import {
  ADDITIONAL_COST_CATEGORIES,
  ADDITIONAL_COST_CATEGORY_LABELS,
  costLineTotal,
  type AdditionalCostCategory,
} from "@/lib/domain/additional-costs";
import { minorUnitsOf } from "@/lib/domain/money";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx, type TxCtx, type UserActor } from "../context";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { parseId } from "../params";

/**
 * A job's additional costs (issue 13 "On the job", spec §7 Jobs): travel, equipment, food and
 * other costs beyond crew hours, in the job's currency (the one its rates price in, see
 * `jobPricing`). Office users holding
 * can_view_additional_costs read and change them; a client contact never sees them (they feed
 * the margin), whatever its roles hold. An archived job's costs are history: a read 404s like
 * the job itself, a change is refused with 409.
 */
export const ADDITIONAL_COST_MESSAGES = {
  /** "Travel cost 150.00 DKK added to Roskilde"; a change: "… saved on Roskilde". */
  saved: (what: string, job: string, added: boolean) =>
    `${upperFirst(what)} ${added ? "added to" : "saved on"} ${toastName(job)}`,
  deleted: (what: string, job: string) => `${upperFirst(what)} deleted from ${toastName(job)}`,
  notFound: "Additional cost not found.",
  archivedJob: "This job is archived, so its additional costs can no longer be changed.",
  equipmentRequired: "Choose the kind of equipment.",
  equipmentNotAllowed: "Only equipment costs name an equipment category.",
  equipmentUnknown: "The selected equipment category does not exist.",
} as const;

export interface AdditionalCostView {
  id: number;
  job_id: number;
  category: AdditionalCostCategory;
  category_label: string;
  equipment_category: { id: number; name: string } | null;
  note: string | null;
  quantity: number;
  /** Unit amount in minor units of `currency`. */
  amount: number;
  /** quantity × amount, minor units. */
  total: number;
  currency: string;
  created_by: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
}

export interface AdditionalCostsView {
  job: { id: number; name: string };
  currency: string;
  /** Decimal places of the currency (minor units), for forms that type amounts. */
  digits: number;
  items: AdditionalCostView[];
  /** Every category with its total (0 when none), in the order of the categories. */
  totals: {
    by_category: { category: AdditionalCostCategory; label: string; total: number }[];
    total: number;
  };
}

/** Office users with the permission; a client contact never, whatever its roles hold. */
export function requireCostAccess(ctx: Ctx): UserActor {
  const actor = requireUser(ctx);
  requirePermission(ctx, "can_view_additional_costs");
  if (actor.isClient) throw new ForbiddenError();
  return actor;
}

const jobCols = {
  id: schema.jobs.id,
  name: schema.jobs.name,
  deletedAt: schema.jobs.deletedAt,
  currency: schema.countries.currencyCode,
  timeZone: schema.countries.timeZone,
};

/** The job (live, else 404) with its currency; a write passes its tx and locks the row. */
export async function loadJob(ctx: Ctx | TxCtx, jobId: number, lock = false) {
  const q = ctx.db
    .select(jobCols)
    .from(schema.jobs)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(eq(schema.jobs.id, jobId))
    .limit(1);
  const [job] = await (lock ? q.for("update", { of: schema.jobs }) : q);
  if (!job) throw new NotFoundError("Job not found.");
  if (job.deletedAt) {
    if (lock) throw new ConflictError(ADDITIONAL_COST_MESSAGES.archivedJob, "job_archived");
    throw new NotFoundError("Job not found.");
  }
  // The job's money is in the currency its rates price in (the pricing branch's country), so
  // costs, rates and the projection add up in one currency.
  const pricing = await jobPricing(ctx.db, jobId);
  return { ...job, currency: pricing?.currencyCode ?? job.currency };
}

export const ac = schema.additionalCosts;

export async function costRows(ctx: Ctx | TxCtx, where: ReturnType<typeof eq>) {
  return ctx.db
    .select({
      cost: ac,
      equipmentName: schema.equipmentCategories.name,
      creatorName: schema.users.name,
    })
    .from(ac)
    .leftJoin(schema.equipmentCategories, eq(schema.equipmentCategories.id, ac.equipmentCategoryId))
    .leftJoin(schema.users, eq(schema.users.id, ac.createdById))
    .where(where)
    .orderBy(asc(ac.createdAt), asc(ac.id));
}

export type CostRow = Awaited<ReturnType<typeof costRows>>[number];

export function toView(r: CostRow, timeZone: string): AdditionalCostView {
  const c = r.cost;
  return {
    id: c.id,
    job_id: c.jobId,
    category: c.category,
    category_label: ADDITIONAL_COST_CATEGORY_LABELS[c.category],
    equipment_category: c.equipmentCategoryId
      ? { id: c.equipmentCategoryId, name: r.equipmentName ?? "" }
      : null,
    note: c.description,
    quantity: c.quantity,
    amount: c.unitAmount,
    total: costLineTotal(c.quantity, c.unitAmount),
    currency: c.currencyCode,
    created_by: c.createdById ? { id: c.createdById, name: r.creatorName ?? "" } : null,
    created_at: isoInZone(c.createdAt, timeZone),
    updated_at: isoInZone(c.updatedAt, timeZone),
  };
}

/** GET jobs/additional-costs/{jobId}: the costs in the order they were added, with totals. */
export async function listAdditionalCosts(
  ctx: Ctx,
  jobIdRaw: unknown,
): Promise<AdditionalCostsView> {
  requireCostAccess(ctx);
  const job = await loadJob(ctx, parseId(jobIdRaw, "Job"));
  return {
    job: { id: job.id, name: job.name },
    currency: job.currency,
    digits: minorUnitsOf(job.currency),
    ...(await readAdditionalCosts(ctx, job)),
  };
}

/**
 * The costs of a live job and their totals in `currency`, without an authorization check: the
 * caller has checked (the tab above, and the job projection, which counts them in its margin).
 * One query.
 */
export async function readAdditionalCosts(
  ctx: Ctx | TxCtx,
  job: { id: number; currency: string; timeZone: string },
): Promise<Pick<AdditionalCostsView, "items" | "totals">> {
  const items = (await costRows(ctx, eq(ac.jobId, job.id))).map((r) => toView(r, job.timeZone));
  // Costs are written in the job's currency; a row in another one (the country's currency
  // changed since) is listed as it is but kept out of the totals rather than mixed in.
  const counted = items.filter((i) => i.currency === job.currency);
  const by_category = ADDITIONAL_COST_CATEGORIES.map((category) => ({
    category,
    label: ADDITIONAL_COST_CATEGORY_LABELS[category],
    total: counted.filter((i) => i.category === category).reduce((s, i) => s + i.total, 0),
  }));
  return { items, totals: { by_category, total: by_category.reduce((s, c) => s + c.total, 0) } };
}

/** The live equipment categories a new or changed equipment cost may name (the tab's picker). */
export async function equipmentCategoryChoices(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requireCostAccess(ctx);
  const ec = schema.equipmentCategories;
  return ctx.db
    .select({ id: ec.id, name: ec.name })
    .from(ec)
    .where(isNull(ec.archivedAt))
    .orderBy(asc(ec.name), asc(ec.id));
}
