import { z } from "zod";
import { COMMENT_MAX, atMostChars } from "@/lib/domain/text-limits";
import { parseDateTime, parseTime } from "@/lib/domain/format";
import { MAX_INT, idSchema, optionalId } from "../params";
import { pageInput } from "../pagination";

/**
 * Inputs of the hours verbs (spec §3 Reported hours: start, end, i_was_late 0/1, comment).
 * Times are "HH:mm" on the shift's day or "DD/MM/YYYY HH:mm", in the job's zone; the verbs
 * place them with lib/domain/reported-hours.ts.
 */
const time = (field: "start" | "end") =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `The ${field} field is required.`
            : `The ${field} must be a time as HH:mm.`,
      })
      .min(1, `The ${field} field is required.`)
      // The one reading of a time (the REST call and the screens' dialogs alike): "25:99" or
      // "abc" is a 422 on its field here, before anything is loaded, never a value left out.
      .refine(
        (v) => v === "" || (v.length <= 20 && (parseTime(v) !== null || parseDateTime(v) !== null)),
        `The ${field} must be HH:mm or DD/MM/YYYY HH:mm.`,
      ),
  );

/** 0/1, "0"/"1", true/false, "true"/"false"; anything else is refused rather than guessed. */
const flag = (field: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return undefined;
      if (v === 1 || v === "1" || v === true || v === "true" || v === "on") return true;
      if (v === 0 || v === "0" || v === false || v === "false") return false;
      return v;
    },
    z.boolean({ error: `The ${field} field must be 0 or 1.` }).optional(),
  );
const iWasLate = flag("i_was_late");
/** Repeating a report answered 410 `hours_unusual` with this set saves it anyway. */
const confirmUnusual = flag("confirm_unusual");

const comment = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ error: "The comment must be text." })
    .max(COMMENT_MAX, `A comment ${atMostChars(COMMENT_MAX)}.`)
    .nullable()
    .optional(),
);

const requiredId = (field: string) =>
  z.preprocess(
    (v) => {
      if (v === "" || v === null) return undefined;
      return typeof v === "string" ? Number(v.trim()) : v;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? `The ${field} field is required.`
            : `The ${field} must be a number.`,
      })
      .int(`The ${field} must be a whole number.`)
      .positive(`The ${field} must be a positive id.`)
      .max(MAX_INT, `The ${field} is out of range.`),
  );

export const reportHoursInput = z.object({
  application_id: requiredId("application_id"),
  start: time("start"),
  end: time("end"),
  i_was_late: iWasLate,
  comment,
  confirm_unusual: confirmUnusual,
});
export type ReportHoursInput = z.output<typeof reportHoursInput>;

/** PUT reported-hours/{id}: the same fields; a field left out keeps its value. */
export const updateHoursInput = z.object({
  start: time("start").optional(),
  end: time("end").optional(),
  i_was_late: iWasLate,
  comment,
  confirm_unusual: confirmUnusual,
});
export type UpdateHoursInput = z.output<typeof updateHoursInput>;

/**
 * POST applications/{id}/approve and /disapprove: an optional comment from the office, sent
 * to the worker in the e-mail about the decision (issue 26) and kept in the activity row.
 */
export const hoursDecisionInput = z.object({ comment });

/** The approvals screen's bulk actions. */
export const bulkApprovalInput = z.object({
  application_ids: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim()) : v),
    z
      .array(idSchema, { error: "The application_ids field must be a list of ids." })
      .min(1, "Choose at least one row.")
      .max(100, "At most 100 rows at a time."),
  ),
});

export const APPROVAL_TABS = {
  awaiting: "Reported",
  missing: "Report!",
  approved: "Approved",
} as const;
export type ApprovalTab = keyof typeof APPROVAL_TABS;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const ddmmyyyy = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/, "Use the format DD/MM/YYYY.")
    .optional(),
);

/** GET approvals: filter[status] awaiting (default) | missing | approved, job, company, dates. */
export const approvalsListInput = pageInput(10).extend({
  filter: z
    .object({
      status: z.preprocess(
        blank,
        z
          .enum(["awaiting", "missing", "approved"], {
            error: "Use one of: awaiting, missing, approved.",
          })
          .default("awaiting"),
      ),
      job_id: optionalId,
      company_id: optionalId,
      from: ddmmyyyy,
      to: ddmmyyyy,
    })
    .optional()
    .default({ status: "awaiting" }),
});
export type ApprovalsListInput = z.output<typeof approvalsListInput>;
