import { z } from "zod";
import { parseDate, parseTime } from "@/lib/domain/format";
import { idSchema, optionalId } from "../params";
import { requiredString } from "../validate";
import { pageInput } from "../pagination";

/** A local date as YYYY-MM-DD (what GET answers) or DD/MM/YYYY (the spec's format) → YYYY-MM-DD. */
export const localDate = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z.string({ error: "must be a date" }).transform((v, c) => {
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const d = iso
      ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
      : parseDate(v);
    const t = d && new Date(Date.UTC(d.year, d.month - 1, d.day));
    if (!d || !t || t.getUTCDate() !== d.day || t.getUTCMonth() !== d.month - 1) {
      c.addIssue({ code: "custom", message: "must be a date as YYYY-MM-DD or DD/MM/YYYY" });
      return z.NEVER;
    }
    return `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
  }),
);

const clock = z
  .string({ error: "must be a time as HH:mm" })
  .refine((v) => parseTime(v) !== null, "must be a time as HH:mm")
  .transform((v) => {
    const t = parseTime(v)!;
    return `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
  });

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);
const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : blankToNull(v)),
    z.string({ error: "must be text" }).max(max, `may be at most ${max} characters`).nullable(),
  );
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `may be at most ${max}`);

export const MAX_LINES = 200;
export const MAX_COSTS = 50;
/** The largest amount typed on a quote (a cost's unit amount, a discount), in minor units. */
export const MAX_MONEY = 100_000_000;

export const quoteLineInput = z.object({
  date: localDate,
  start: clock,
  end: clock,
  skill_id: idSchema,
  level_id: z.preprocess(blankToNull, idSchema.nullable()).default(null),
  positions: wholeNumber(1, 500).default(1),
  break_minutes: wholeNumber(0, 720).default(0),
});

export const quoteCostInput = z.object({
  category: z.enum(["travel", "equipment", "food", "other"], {
    error: "must be travel, equipment, food or other",
  }),
  description: text(500).default(null),
  quantity: wholeNumber(1, 10_000).default(1),
  unit_amount: wholeNumber(1, MAX_MONEY),
});

export const quoteFieldsInput = z
  .object({
    name: requiredString("name")
      .trim()
      .min(1, "The name field is required.")
      .max(200, "The name may be at most 200 characters."),
    company_id: idSchema,
    branch_id: idSchema,
    venue_id: z.preprocess(blankToNull, idSchema.nullable()).default(null),
    address: text(500).default(null),
    valid_until: localDate,
    discount_kind: z
      .preprocess(
        blankToNull,
        z.enum(["percent", "amount"], { error: "must be percent or amount" }).nullable(),
      )
      .default(null),
    /** percent: basis points (1000 = 10 %); amount: minor units. */
    discount_value: z.preprocess(blankToNull, wholeNumber(0, MAX_MONEY).nullable()).default(null),
    notes: text(5000).default(null),
    lines: z
      .array(quoteLineInput, { error: "must be a list of lines" })
      .min(1, "A quote needs at least one line of work.")
      .max(MAX_LINES, `may have at most ${MAX_LINES} lines`),
    costs: z
      .array(quoteCostInput, { error: "must be a list of costs" })
      .max(MAX_COSTS, `may have at most ${MAX_COSTS} costs`)
      .default([]),
  })
  .superRefine((q, c) => {
    if (q.discount_kind === "percent" && (q.discount_value ?? 0) > 10_000)
      c.addIssue({
        code: "custom",
        path: ["discount_value"],
        message: "A percent discount may be at most 10000 basis points (100 %).",
      });
    if (q.discount_kind && q.discount_value === null)
      c.addIssue({ code: "custom", path: ["discount_value"], message: "Enter the discount." });
  });
export type QuoteFields = z.output<typeof quoteFieldsInput>;

export const quoteIdInput = z.object({ quoteId: idSchema });

export const editQuoteInput = z.object({ quoteId: idSchema }).and(quoteFieldsInput);

export const decideQuoteInput = z.object({
  quoteId: idSchema,
  comment: text(2000).default(null),
});

export const clientDataInput = z.object({ company_id: idSchema });

const listQuotesFilter = z.object({
  company_id: optionalId,
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .enum(["Draft", "Sent", "Accepted", "Declined", "Expired"], {
        error: "must be Draft, Sent, Accepted, Declined or Expired",
      })
      .optional(),
  ),
  from: localDate.optional(),
  to: localDate.optional(),
  search: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z.string().max(200, "may be at most 200 characters").optional(),
  ),
  archived: z
    .preprocess((v) => v === true || v === "true" || v === "1", z.boolean())
    .default(false),
});

/** GET job-quotes/fetch: page (10 a page) and filter[company_id|status|from|to|search|archived]. */
export const listQuotesInput = pageInput(10).extend({
  filter: z.preprocess((v) => v ?? {}, listQuotesFilter),
});
