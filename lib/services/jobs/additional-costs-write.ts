import { z } from "zod";
import { and, eq, isNull } from "drizzle-orm";
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
import { formatMoney } from "@/lib/domain/money";
import { logActivity } from "../activity";
import { withTx, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { optionalText } from "../master-data";
import { optionalId, parseId } from "../params";
import { parseInput } from "../validate";
import {
  ADDITIONAL_COST_MESSAGES,
  ac,
  costRows,
  loadJob,
  requireCostAccess,
  toView,
  type AdditionalCostView,
} from "./additional-costs";

/** Adding, changing and deleting a job's additional costs (reads: additional-costs.ts). */

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
    return {
      ...toView(saved, job.timeZone),
      message: ADDITIONAL_COST_MESSAGES.saved(now, job.name, !before),
    };
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
    return { id, message: ADDITIONAL_COST_MESSAGES.deleted(what, job.name) };
  });
}
