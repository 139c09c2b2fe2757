import { eq } from "drizzle-orm";
import { COMMENT_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { z } from "zod";
import { schema } from "@/db";
import { env } from "@/lib/env";
import { queueMail } from "@/lib/mail";
import { logActivity } from "../activity";
import { requireReviewOffice } from "../approvals/access";
import { withTx, type Ctx } from "../context";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { MAX_INT, parseId } from "../params";
import { parseInput } from "../validate";
import { assertMayManage, heldPermissionsSql, holderOf, holdsAdminRoleSql } from "../users/manage";

/** Spec §8 success toast of a review. */
export const DOCUMENT_REVIEWED = "Document approved or declined successfully";
export const REASON_REQUIRED = "A reason is required to decline a document.";
export const REASON_MAX = COMMENT_MAX;
/** The 409 of a review that names a version the owner has since replaced (file or expiry). */
export const STALE_DOCUMENT = "This document was replaced; look at it again";

const versionNumber = z
  .number({ error: "The version must be a number." })
  .int("The version must be a whole number.")
  .positive("The version must be 1 or more.")
  .max(MAX_INT, "The version is out of range.");

/**
 * POST documents/{id}/review: approved, or declined with the reason the user will read, and the
 * `version` of the document the reviewer looked at (DocumentView.version).
 *
 * `version` is optional here, for outside callers of the original contract ({ status, reason }):
 * without it the review decides whatever is pending now, as it always did. When it is sent it
 * is always checked, so a stale decision never passes; the screens always send it
 * (reviewDocumentScreenInput).
 */
export const reviewDocumentInput = z.object({
  status: z.enum(["approved", "declined"], {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? "The status field is required."
        : "The status must be approved or declined.",
  }),
  reason: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v === null ? undefined : v),
    z
      .string({ error: "The reason must be text." })
      .max(REASON_MAX, tooLongMessage("reason", REASON_MAX))
      .optional(),
  ),
  version: z.preprocess(
    (v) =>
      v === "" || v === null
        ? undefined
        : typeof v === "string" && /^\d{1,10}$/.test(v.trim())
          ? Number(v)
          : v,
    versionNumber
      .optional()
      .describe(
        "the document's version the reviewer looked at; a document replaced since answers 409 stale_document. Left out: decides whatever is pending now",
      ),
  ),
});
export type ReviewDocumentInput = z.input<typeof reviewDocumentInput>;

/** The approvals screen reviews what it rendered: the version is required there. */
export const reviewDocumentScreenInput = reviewDocumentInput.extend({
  version: z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? "The version field is required."
          : "The version must be a number.",
    })
    .pipe(versionNumber),
});
export type ReviewDocumentScreenInput = z.input<typeof reviewDocumentScreenInput>;

export interface ReviewedDocument {
  id: number;
  /** The version decided on. */
  version: number;
  status: "approved" | "declined";
  decline_reason: string | null;
  reviewed_at: string;
  reviewed_by: { id: number; name: string };
  message: string;
}

const STATE_WORD = { pending: "pending", approved: "approved", declined: "declined" } as const;

/**
 * The office's decision on a pending document (issue 11). The document's row is locked and
 * re-read under the lock, so of two reviewers at once one decides and the other gets the 409,
 * and a review naming a version the owner has replaced since (a new file or expiry date,
 * updateDocument, which takes the same lock) gets 409 stale_document and changes nothing. The
 * decision, its activity row and (when declined) the e-mail to the user commit together.
 */
export async function reviewDocument(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<ReviewedDocument> {
  const actor = requireReviewOffice(ctx);
  const id = parseId(rawId, "Document");
  const input = parseInput(reviewDocumentInput, raw);
  if (input.status === "declined" && !input.reason)
    throw new ValidationError(REASON_REQUIRED, { reason: [REASON_REQUIRED] });
  const reason = input.status === "declined" ? input.reason! : null;
  return withTx(ctx, async (ctx) => {
    const [doc] = await ctx.db
      .select({
        id: schema.documents.id,
        status: schema.documents.status,
        version: schema.documents.version,
        userId: schema.users.id,
        userName: schema.users.name,
        firstName: schema.users.firstName,
        email: schema.users.email,
        typeName: schema.documentTypes.name,
        isAdmin: holdsAdminRoleSql(),
        permissions: heldPermissionsSql(),
      })
      .from(schema.documents)
      .innerJoin(schema.users, eq(schema.users.id, schema.documents.userId))
      .innerJoin(schema.documentTypes, eq(schema.documentTypes.id, schema.documents.documentTypeId))
      .where(eq(schema.documents.id, id))
      .for("update", { of: schema.documents });
    if (!doc) throw new NotFoundError("Document not found.");
    assertMayManage(
      actor,
      holderOf({ id: doc.userId, isAdmin: doc.isAdmin, permissions: doc.permissions }),
      "change the documents of",
    );
    // What the reviewer saw is gone: whatever its state now, this decision was not made on it.
    if (input.version !== undefined && input.version !== doc.version)
      throw new ConflictError(STALE_DOCUMENT, "stale_document");
    if (doc.status !== "pending")
      throw new ConflictError(
        `Only a pending document can be approved or declined; this document is ${STATE_WORD[doc.status]}.`,
        "document_not_pending",
      );
    await ctx.db
      .update(schema.documents)
      .set({
        status: input.status,
        declineReason: reason,
        reviewedById: actor.userId,
        reviewedAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(eq(schema.documents.id, id));
    await logActivity(ctx, {
      logName: "documents",
      description: `${input.status === "approved" ? "Approved" : "Declined"} ${doc.typeName} of ${doc.userName}`,
      subjectType: "documents",
      subjectId: id,
      properties: {
        from: "pending",
        to: input.status,
        reason,
        user_id: doc.userId,
        version: doc.version,
      },
    });
    if (reason) {
      await queueMail(
        ctx.db,
        {
          to: doc.email,
          template: "document_declined",
          subject: `Your document was declined: ${doc.typeName}`,
          text: [
            `Hi ${doc.firstName?.trim() || doc.userName},`,
            "",
            `The office has looked at the ${doc.typeName} you uploaded and could not accept it.`,
            "",
            `Reason: ${reason}`,
            "",
            `Please upload a new one on your documents page: ${env.APP_URL}/users/me/my-documents`,
          ].join("\n"),
        },
        ctx.now,
      );
    }
    return {
      id,
      version: doc.version,
      status: input.status,
      decline_reason: reason,
      reviewed_at: ctx.now.toISOString(),
      reviewed_by: { id: actor.userId, name: actor.name },
      message: DOCUMENT_REVIEWED,
    };
  });
}
