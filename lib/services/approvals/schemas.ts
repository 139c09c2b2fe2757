import { cursorInput } from "../cursor";
import { z } from "zod";
import { approvalsListInput } from "../hours/schemas";
import { pageInput } from "../pagination";
import { searchText } from "../params";

/** The kinds of the approvals inbox (issue 11); hours is today's answer and the default. */
export const APPROVAL_TYPES = ["hours", "documents", "venues"] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];

export const approvalTypeInput = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.enum(APPROVAL_TYPES, { error: "Use one of: hours, documents, venues." }).default("hours"),
);

/**
 * GET approvals: `type` picks the kind; hours keeps its filters (approvalsListInput), documents
 * take filter[search] (the user's name or e-mail, or the type), venues filter[search] (name
 * or city). Each kind parses its own filters; this schema documents them together.
 */
export const approvalsInboxInput = approvalsListInput.extend({
  type: approvalTypeInput,
});

/** The Documents kind: pending documents, the longest waiting first. */
export const pendingDocumentsInput = pageInput(10).extend({
  filter: z.object({ search: searchText }).optional().default({}),
  /** Keyset pages (lib/services/cursor.ts), bound to the search. */
  cursor: cursorInput,
});
