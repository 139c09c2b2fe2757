import type { Ctx } from "../context";
import { listApprovals } from "../hours/list";
import type { Page } from "../pagination";
import { parseInput } from "../validate";
import { listVenues } from "../venues";
import { requireReviewOffice } from "./access";
import { listPendingDocuments } from "./documents";
import { approvalTypeInput } from "./schemas";
import { z } from "zod";

export { isReviewOffice, OFFICE_ONLY, requireReviewOffice } from "./access";
export { approvalCounts, type ApprovalCounts } from "./counts";
export { listPendingDocuments, type PendingDocumentRow } from "./documents";
export {
  APPROVAL_TYPES,
  approvalsInboxInput,
  pendingDocumentsInput,
  type ApprovalType,
} from "./schemas";

const typeOnly = z.object({ type: approvalTypeInput });

/**
 * GET approvals: the office's inbox, one kind at a time (issue 11). Without `type` (or
 * type=hours) it is today's hours answer, unchanged; documents lists the pending documents;
 * venues the venues awaiting approval (private), through the venues list with its scope. The
 * Documents and Venues kinds are the agency's: a client contact gets 403.
 */
export async function listApprovalInbox(ctx: Ctx, raw: unknown): Promise<Page<unknown>> {
  const input = (raw ?? {}) as Record<string, unknown>;
  const { type } = parseInput(typeOnly, { type: input.type });
  const rest = { ...input };
  delete rest.type;
  if (type === "hours") return listApprovals(ctx, rest);
  requireReviewOffice(ctx);
  if (type === "documents") return listPendingDocuments(ctx, rest);
  const filter = (rest.filter ?? {}) as Record<string, unknown>;
  return listVenues(ctx, {
    page: rest.page,
    perPage: rest.perPage,
    tab: "all",
    filter: { search: filter.search, status: "private" },
  });
}
