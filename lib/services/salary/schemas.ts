import { z } from "zod";
import { parseDate } from "@/lib/domain/format";
import { periodProblem } from "@/lib/domain/salary";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { flag, idSchema, optionalId } from "../params";
import { cursorInput } from "../cursor";
import { pageInput } from "../pagination";

const DATE_MESSAGE = "Use a real date as YYYY-MM-DD or DD/MM/YYYY.";

/** A local date as "YYYY-MM-DD" (DD/MM/YYYY is accepted too, as the screens write it). */
const day = (field: string) =>
  z
    .string({
      error: (i) =>
        i.input === undefined || i.input === null ? `The ${field} date is required.` : DATE_MESSAGE,
    })
    .trim()
    .max(10, DATE_MESSAGE)
    .transform((v, ctx) => {
      const d = parseDate(v);
      const iso = d
        ? `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`
        : v;
      if (periodProblem(iso, iso)) {
        ctx.addIssue({ code: "custom", message: DATE_MESSAGE });
        return z.NEVER;
      }
      return iso;
    });

const periodShape = { from: day("from"), to: day("to") };

/** from ≤ to, at most a year: on the `to` field. */
const checkPeriod = (p: { from: string; to: string }, ctx: z.RefinementCtx, path = ["to"]) => {
  const problem = periodProblem(p.from, p.to);
  if (problem) ctx.addIssue({ code: "custom", message: problem, path });
};

const placeShape = { branch_id: optionalId, country_id: optionalId };

/** POST skillsForMissingRates, POST salary-reports-summary: a period and a branch or country. */
export const salaryPeriodInput = z
  .object({ ...periodShape, ...placeShape })
  .superRefine((v, ctx) => checkPeriod(v, ctx));
export type SalaryPeriodInput = z.output<typeof salaryPeriodInput>;

/** POST jobs/salaries. */
export const jobSalariesInput = z.object({
  jobId: z.preprocess((v) => v ?? undefined, idSchema.optional()),
  job_id: optionalId,
  replaceZero: flag.optional(),
});

/** GET salary: the overview. */
export const salaryOverviewInput = pageInput(10).extend({
  filter: z
    .object({
      ...periodShape,
      ...placeShape,
      search: z.string().trim().max(SEARCH_MAX).optional(),
    })
    .superRefine((v, ctx) => checkPeriod(v, ctx)),
  sort: z
    .enum(["name", "-name", "hours", "-hours"], {
      error: "sort must be name, -name, hours or -hours.",
    })
    .default("name"),
  /** Keyset pages (lib/services/cursor.ts). */
  cursor: cursorInput,
});

/** GET salaryReport: one worker's or one job's lines in the period. */
export const salaryReportInput = z
  .object({
    user_id: optionalId,
    job_id: optionalId,
    from: day("from").optional(),
    to: day("to").optional(),
    filter: z.object({ from: day("from").optional(), to: day("to").optional() }).optional(),
  })
  .transform((v) => ({
    user_id: v.user_id,
    job_id: v.job_id,
    from: v.from ?? v.filter?.from,
    to: v.to ?? v.filter?.to,
  }))
  .superRefine((v, ctx) => {
    if (!v.user_id === !v.job_id)
      ctx.addIssue({
        code: "custom",
        message: "Give either a user_id or a job_id.",
        path: ["user_id"],
      });
    if ((v.from === undefined) !== (v.to === undefined))
      ctx.addIssue({
        code: "custom",
        message: "Give both dates of the period, or neither.",
        path: ["to"],
      });
    if (v.from && v.to) checkPeriod({ from: v.from, to: v.to }, ctx);
  });

/** POST salary/pay: a worker's period, or chosen lines (within the period of the slip). */
export const payInput = z
  .object({
    ...periodShape,
    user_id: optionalId,
    line_ids: z
      .array(idSchema, { error: "line_ids must be a list of ids." })
      .min(1, "Choose at least one line.")
      .max(5000, "Pay at most 5000 lines at once.")
      .optional(),
  })
  .superRefine((v, ctx) => {
    checkPeriod(v, ctx);
    if (!v.user_id && !v.line_ids)
      ctx.addIssue({ code: "custom", message: "Give a user_id or line_ids.", path: ["user_id"] });
  });

/** GET salary/slip: one worker's (user_id, or self) pay slip for a period. */
export const paySlipInput = z
  .object({
    user_id: z.union([z.literal("self"), z.literal("me"), idSchema]),
    ...periodShape,
  })
  .superRefine((v, ctx) => checkPeriod(v, ctx));

/** GET salary/slips: the period's pay slips of a branch or country as one ZIP. */
export const paySlipsZipInput = salaryPeriodInput.superRefine((v, ctx) => {
  if (!v.branch_id === !v.country_id)
    ctx.addIssue({
      code: "custom",
      message: "Give either a branch_id or a country_id.",
      path: ["branch_id"],
    });
});
