/**
 * The kinds of a job's additional costs (spec §3 "additional cost", issue 13) and their
 * limits, shared by the verbs, the API schema and the job tab.
 */
import { COMMENT_MAX } from "./text-limits";

export const ADDITIONAL_COST_CATEGORIES = ["travel", "equipment", "food", "other"] as const;
export type AdditionalCostCategory = (typeof ADDITIONAL_COST_CATEGORIES)[number];

export const ADDITIONAL_COST_CATEGORY_LABELS: Record<AdditionalCostCategory, string> = {
  travel: "Travel",
  equipment: "Equipment",
  food: "Food",
  other: "Other",
};

/**
 * The largest unit amount in minor units: 10,000,000.00 in a two-decimal currency. It keeps
 * the column (int4) and a line total (× quantity) well inside exact integers.
 */
export const MAX_COST_AMOUNT = 1_000_000_000;
export const MAX_COST_QUANTITY = 10_000;
/** A cost line's note: a comment (lib/domain/text-limits.ts). */
export const MAX_COST_NOTE = COMMENT_MAX;

/** A line's total in minor units: quantity × unit amount (both integers, so exact). */
export const costLineTotal = (quantity: number, unitAmount: number) => quantity * unitAmount;
