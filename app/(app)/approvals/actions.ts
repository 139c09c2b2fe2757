"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  approveApplication,
  approveMany,
  approveMatching,
  approveMatchingInput,
  approveMatchingPreviewInput,
  previewApproveMatching,
  undoApproveMatching,
  undoApproveMatchingInput,
  bulkApprovalInput,
  disapproveApplication,
  disapproveMany,
  reportHours,
  reportHoursInput,
  updateHoursInput,
  updateReportedHours,
} from "@/lib/services/hours";
import {
  reviewDocument,
  reviewDocumentScreenInput,
  type ReviewDocumentScreenInput,
} from "@/lib/services/documents/review";

type Bulk = z.input<typeof bulkApprovalInput>;
/** The hours form's fields; the application comes from the row. */
type HoursReport = Omit<z.input<typeof reportHoursInput>, "application_id">;

export async function approve(applicationId: number) {
  return runAction((ctx) => approveApplication(ctx, applicationId));
}

/** "Disapprove" on an approved row, with the office's optional comment to the worker. */
export async function disapprove(applicationId: number, comment?: string) {
  return runAction((ctx) => disapproveApplication(ctx, applicationId, comment ? { comment } : {}));
}

export async function approveSelected(applicationIds: Bulk["application_ids"]) {
  return runParsed(bulkApprovalInput, { application_ids: applicationIds }, approveMany);
}

export async function disapproveSelected(applicationIds: Bulk["application_ids"]) {
  return runParsed(bulkApprovalInput, { application_ids: applicationIds }, disapproveMany);
}

/** "Edit hours" on a row with a report. */
export async function editHours(reportId: number, values: z.input<typeof updateHoursInput>) {
  return runParsed(updateHoursInput, values, (ctx, input) =>
    updateReportedHours(ctx, reportId, input),
  );
}

/**
 * "Enter hours" on a row with none (a booker or the crew boss, for the worker). reportHours looks
 * at the caller before it parses (issue 27), so it gets the input as sent.
 */
export async function enterHours(applicationId: number, values: HoursReport) {
  return runAction((ctx) => reportHours(ctx, { application_id: applicationId, ...values }));
}

type MatchingFilter = z.input<typeof approveMatchingInput>["filter"];

/** "Approve all that match the plan", first: what it would approve and leave (writes nothing). */
export async function previewMatching(filter: MatchingFilter) {
  return runParsed(approveMatchingPreviewInput, { filter }, previewApproveMatching);
}

/**
 * "Approve all that match the plan" over the list's filters (every page, not only this one),
 * limited to the reports the question named.
 */
export async function approveAllMatching(filter: MatchingFilter, applicationIds: number[]) {
  return runParsed(
    approveMatchingInput,
    { filter, application_ids: applicationIds },
    approveMatching,
  );
}

/** Its toast's Undo. */
export async function undoMatching(activityId: number) {
  return runParsed(undoApproveMatchingInput, { activity_id: activityId }, undoApproveMatching);
}

/**
 * Approve, or decline with a reason, a pending document (the Documents tab), naming the version
 * the row showed: a document replaced since is a 409 the row answers by showing it again.
 */
export async function reviewDocumentAction(documentId: number, values: ReviewDocumentScreenInput) {
  return runParsed(reviewDocumentScreenInput, values, (ctx, input) =>
    reviewDocument(ctx, documentId, input),
  );
}
