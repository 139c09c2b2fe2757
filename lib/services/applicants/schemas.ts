import { z } from "zod";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { MAX_INT } from "../params";
import { pageInput } from "../pagination";

/** GET applicants (spec §7, §9: 10 a page): filter[search] over name, e-mail and phone. */
export const applicantsListInput = pageInput(10).extend({
  filter: z
    .object({
      search: z.preprocess(
        (v) => (v === "" || v === null ? undefined : v),
        z.string({ error: "The search must be text." }).trim().max(SEARCH_MAX).optional(),
      ),
    })
    .optional()
    .default({}),
});
export type ApplicantsListInput = z.output<typeof applicantsListInput>;

/** POST applicants/approve (spec §3 "Applicants: list (id)"): the applicant's user id. */
export const approveApplicantInput = z.object({
  applicant_id: z.preprocess(
    (v) => {
      if (v === "" || v === null) return undefined;
      return typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? "The applicant_id field is required."
            : "The applicant_id must be a number.",
      })
      .int("The applicant_id must be a whole number.")
      .positive("The applicant_id must be a positive id.")
      .max(MAX_INT, "The applicant_id is out of range."),
  ),
});
export type ApproveApplicantInput = z.output<typeof approveApplicantInput>;

/** How many recently approved users GET applicants/recently-promoted answers. */
export const RECENTLY_PROMOTED = 10;
