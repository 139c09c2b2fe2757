import { z } from "zod";
import { COMMENT_MAX, LABEL_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { pageInput } from "../pagination";
import { flag, idList, searchText } from "../params";

/** The inputs and messages of the document type verbs (lib/services/document-types). */
export const DOCUMENT_TYPE_MESSAGES = {
  duplicate: "A document type with this name already exists.",
  notFound: "Document type not found.",
  role: "The selected role is invalid.",
  skill: "The selected skill is invalid.",
} as const;

export const WARNING_MONTHS_MAX = 24;

const name = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "The name field is required."
          : "The name must be a string.",
    })
    .min(1, "The name field is required.")
    .max(LABEL_MAX, tooLongMessage("name", LABEL_MAX)),
);

const description = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? null : v),
  z
    .string({ error: "The description must be a string." })
    .max(COMMENT_MAX, tooLongMessage("description", COMMENT_MAX))
    .nullable(),
);

const warningMonths = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? 1 : v),
  z.coerce
    .number({ error: "The warning months must be a number." })
    .int("The warning months must be a whole number.")
    .min(0, "The warning months must be at least 0.")
    .max(WARNING_MONTHS_MAX, `The warning months may be at most ${WARNING_MONTHS_MAX}.`),
);

const ids = (message: string) =>
  z.preprocess((v) => v ?? [], idList).pipe(z.array(z.number(), { error: message }).default([]));

export const documentTypeInput = z.object({
  name,
  description,
  is_required: flag.transform((v) => v ?? false),
  has_expiry: flag.transform((v) => v ?? false),
  warning_months: warningMonths,
  role_ids: ids(DOCUMENT_TYPE_MESSAGES.role),
  skill_ids: ids(DOCUMENT_TYPE_MESSAGES.skill),
});
export type DocumentTypeInput = z.input<typeof documentTypeInput>;

export const documentTypesListInput = pageInput(10).extend({
  /** Every live type on one page (pickers). */
  all: flag,
  filter: z.object({ search: searchText }).default({ search: undefined }),
});
