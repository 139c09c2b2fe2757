import { jobPricing } from "../rates/job-pricing";
import { z } from "zod";
import { and, asc, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import {
  ADDITIONAL_COST_CATEGORIES,
  ADDITIONAL_COST_CATEGORY_LABELS,
  MAX_COST_AMOUNT,
  MAX_COST_NOTE,
  MAX_COST_QUANTITY,
  costLineTotal,
  type AdditionalCostCategory,
} from "@/lib/domain/additional-costs";
import { formatMoney, minorUnitsOf } from "@/lib/domain/money";
import { isoInZone } from "@/lib/domain/time";
import { logActivity } from "../activity";
import {
  requirePermission,
  requireUser,
  withTx,
  type Ctx,
  type TxCtx,
  type UserActor,
} from "../context";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { optionalText } from "../master-data";
import { optionalId, parseId } from "../params";
import { parseInput } from "../validate";

/**
 * A job's additional costs (issue 13 "On the job", spec §7 Jobs): travel, equipment, food and
 * other costs beyond crew hours, in the job's currency (the one its rates price in, see
 * `jobPricing`). Office users holding
 * can_view_additional_costs read and change them; a client contact never sees them (they feed
 * the margin), whatever its roles hold. An archived job's costs are history: a read 404s like
 * the job itself, a change is refused with 409.
 */
export const ADDITIONAL_COST_MESSAGES = {
  saved: "Additional cost saved successfully",
  deleted: "Additional cost deleted successfully",
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

const amountField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
  z
    .number({
      error: (i) =>
        i.input === undefined ? "The amount field is required." : "The amount must be a number.",
    })
    .int("The amount must be a whole number of minor units (øre, cents).")
    .positive("The amount must be greater than 0.")
    .max(MAX_COST_AMOUNT, `The amount may not be greater than ${MAX_COST_AMOUNT} minor units.`),
);

const quantityField = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? 1 : typeof v === "string" ? Number(v) : v),
  z
    .number({ error: "The quantity must be a number." })
    .int("The quantity must be a whole number.")
    .min(1, "The quantity must be at least 1.")
    .max(MAX_COST_QUANTITY, `The quantity may not be greater than ${MAX_COST_QUANTITY}.`),
);

export const saveAdditionalCostInput = z
  .object({
    id: optionalId,
    category: z.enum(ADDITIONAL_COST_CATEGORIES, {
      error: "The category must be travel, equipment, food or other.",
    }),
    equipment_category_id: optionalId,
    amount: amountField,
    quantity: quantityField,
    note: optionalText(MAX_COST_NOTE, "note"),
  })
  .superRefine((v, c) => {
    if (v.category === "equipment" && !v.equipment_category_id)
      c.addIssue({
        code: "custom",
        path: ["equipment_category_id"],
        message: ADDITIONAL_COST_MESSAGES.equipmentRequired,
      });
    if (v.category !== "equipment" && v.equipment_category_id)
      c.addIssue({
        code: "custom",
        path: ["equipment_category_id"],
        message: ADDITIONAL_COST_MESSAGES.equipmentNotAllowed,
      });
  });
export type SaveAdditionalCostInput = z.input<typeof saveAdditionalCostInput>;

/** Office users with the permission; a client contact never, whatever its roles hold. */
function requireCostAccess(ctx: Ctx): UserActor {
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
async function loadJob(ctx: Ctx | TxCtx, jobId: number, lock = false) {
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

const ac = schema.additionalCosts;

async function costRows(ctx: Ctx | TxCtx, where: ReturnType<typeof eq>) {
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

type CostRow = Awaited<ReturnType<typeof costRows>>[number];

function toView(r: CostRow, timeZone: string): AdditionalCostView {
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

const costText = (
  category: AdditionalCostCategory,
  quantity: number,
  amount: number,
  cur: string,
) =>
  `${ADDITIONAL_COST_CATEGORY_LABELS[category].toLowerCase()} cost ${
    quantity === 1 ? "" : `${quantity} × ${formatMoney(amount, cur)} = `
  }${formatMoney(costLineTotal(quantity, amount), cur)}`;

/**
 * POST jobs/{jobId}/additional-costs/save: adds a cost, or changes the one `id` names (which
 * must belong to this job). Locks the job, then the cost, and decides on what it re-reads.
 */
export async function saveAdditionalCost(
  ctx: Ctx,
  jobIdRaw: unknown,
  raw: unknown,
): Promise<AdditionalCostView & { message: string }> {
  requireCostAccess(ctx);
  const jobId = parseId(jobIdRaw, "Job");
  const input = parseInput(saveAdditionalCostInput, raw);
  return withTx(ctx, async (ctx) => {
    const job = await loadJob(ctx, jobId, true);
    let before: typeof ac.$inferSelect | undefined;
    if (input.id) {
      [before] = await ctx.db
        .select()
        .from(ac)
        .where(and(eq(ac.id, input.id), eq(ac.jobId, job.id)))
        .for("update");
      if (!before) throw new NotFoundError(ADDITIONAL_COST_MESSAGES.notFound);
    }
    const equipmentId = input.category === "equipment" ? input.equipment_category_id! : null;
    if (equipmentId && equipmentId !== before?.equipmentCategoryId) {
      // A new choice must be a live category; one a cost already names may since have been
      // archived and stays on it (history), like everywhere archived rows are kept.
      const [live] = await ctx.db
        .select({ id: schema.equipmentCategories.id })
        .from(schema.equipmentCategories)
        .where(
          and(
            eq(schema.equipmentCategories.id, equipmentId),
            isNull(schema.equipmentCategories.archivedAt),
          ),
        );
      if (!live)
        throw new ValidationError(ADDITIONAL_COST_MESSAGES.equipmentUnknown, {
          equipment_category_id: [ADDITIONAL_COST_MESSAGES.equipmentUnknown],
        });
    }
    const values = {
      category: input.category,
      equipmentCategoryId: equipmentId,
      description: input.note,
      quantity: input.quantity,
      unitAmount: input.amount,
      currencyCode: job.currency,
    };
    const now = costText(input.category, input.quantity, input.amount, job.currency);
    let id: number;
    let description: string;
    if (before) {
      await ctx.db
        .update(ac)
        .set({ ...values, updatedAt: ctx.now })
        .where(eq(ac.id, before.id));
      id = before.id;
      const was = costText(
        before.category,
        before.quantity,
        before.unitAmount,
        before.currencyCode,
      );
      description = `Changed an additional cost of ${job.name}: ${was} → ${now}`;
    } else {
      const [row] = await ctx.db
        .insert(ac)
        .values({
          ...values,
          jobId: job.id,
          createdById: ctx.actor?.kind === "user" ? ctx.actor.userId : null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: ac.id });
      id = row.id;
      description = `Added ${now} to ${job.name}`;
    }
    await logActivity(ctx, {
      logName: "jobs",
      description: input.note ? `${description} (${input.note})` : description,
      subjectType: "jobs",
      subjectId: job.id,
      properties: {
        additional_cost_id: id,
        ...(before
          ? {
              old: {
                category: before.category,
                equipment_category_id: before.equipmentCategoryId,
                quantity: before.quantity,
                amount: before.unitAmount,
                currency: before.currencyCode,
                note: before.description,
              },
            }
          : {}),
        new: {
          category: input.category,
          equipment_category_id: equipmentId,
          quantity: input.quantity,
          amount: input.amount,
          currency: job.currency,
          note: input.note,
        },
      },
    });
    const [saved] = await costRows(ctx, eq(ac.id, id));
    return { ...toView(saved, job.timeZone), message: ADDITIONAL_COST_MESSAGES.saved };
  });
}

/** DELETE jobs/additional-costs/{id}: removes one cost (nothing refers to it). */
export async function deleteAdditionalCost(
  ctx: Ctx,
  idRaw: unknown,
): Promise<{ id: number; message: string }> {
  requireCostAccess(ctx);
  const id = parseId(idRaw, "Additional cost");
  return withTx(ctx, async (ctx) => {
    const [found] = await ctx.db.select({ jobId: ac.jobId }).from(ac).where(eq(ac.id, id));
    if (!found) throw new NotFoundError(ADDITIONAL_COST_MESSAGES.notFound);
    const job = await loadJob(ctx, found.jobId, true);
    // Re-read under the job's lock: a concurrent delete may have won.
    const [cost] = await ctx.db.select().from(ac).where(eq(ac.id, id)).for("update");
    if (!cost) throw new NotFoundError(ADDITIONAL_COST_MESSAGES.notFound);
    await ctx.db.delete(ac).where(eq(ac.id, id));
    const what = costText(cost.category, cost.quantity, cost.unitAmount, cost.currencyCode);
    await logActivity(ctx, {
      logName: "jobs",
      description: `Deleted ${what} from ${job.name}${cost.description ? ` (${cost.description})` : ""}`,
      subjectType: "jobs",
      subjectId: job.id,
      properties: {
        additional_cost_id: id,
        category: cost.category,
        equipment_category_id: cost.equipmentCategoryId,
        quantity: cost.quantity,
        amount: cost.unitAmount,
        currency: cost.currencyCode,
        note: cost.description,
      },
    });
    return { id, message: ADDITIONAL_COST_MESSAGES.deleted };
  });
}
