import { z } from "zod";
import { PHONE_INVALID, PHONE_REQUIRED, phoneProblem } from "@/lib/domain/phone";

const notString = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null
    ? PHONE_REQUIRED
    : "The phone must be a string.";

/**
 * The phone of a person, required: the one phone rule (lib/domain/phone.ts) as a field that
 * answers one message — "required" when blank, "invalid" otherwise. Trimmed.
 */
export const requiredPhone = z
  .string({ error: notString })
  .trim()
  .superRefine((v, c) => {
    const problem = phoneProblem(v, true);
    if (problem) c.addIssue({ code: "custom", message: problem });
  });

/**
 * The phone of a person, optional: missing stays undefined (nothing to change), blank is null
 * (no phone), anything else passes the one phone rule.
 */
export const optionalPhone = z
  .preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ error: "The phone must be a string." })
      .trim()
      .refine((v) => phoneProblem(v, false) === null, PHONE_INVALID)
      .nullable(),
  )
  .optional();
