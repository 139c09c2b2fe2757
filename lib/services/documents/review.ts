import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { schema } from "@/db";
import { env } from "@/lib/env";
import { queueMail } from "@/lib/mail";
import { logActivity } from "../activity";
import { requireReviewOffice } from "../approvals/access";
import { withTx, type Ctx } from "../context";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { parseId } from "../params";
import { parseInput } from "../validate";

/** Spec §8 success toast of a review. */
export const DOCUMENT_REVIEWED = "Document approved or declined successfully";
export const REASON_REQUIRED = "A reason is required to decline a document.";
export const REASON_MAX = 500;

/** POST documents/{id}/review: approved, or declined with the reason the user will read. */
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
      .max(REASON_MAX, `The reason may be at most ${REASON_MAX} characters.`)
      .optional(),
  ),
});
export type ReviewDocumentInput = z.input<typeof reviewDocumentInput>;

export interface ReviewedDocument {
  id: number;
  status: "approved" | "declined";
  decline_reason: string | null;
  reviewed_at: string;
  reviewed_by: { id: number; name: string };
  message: string;
}

const STATE_WORD = { pending: "pending", approved: "approved", declined: "declined" } as const;

/**
 * The office's decision on a pending document (issue 11). The update is conditional on the
 * status still being pending, so of two reviewers at once one wins and the other gets the 409;
 * the decision, its activity row and (when declined) the e-mail to the user commit together.
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
        userId: schema.users.id,
        userName: schema.users.name,
        firstName: schema.users.firstName,
        email: schema.users.email,
        typeName: schema.documentTypes.name,
      })
      .from(schema.documents)
      .innerJoin(schema.users, eq(schema.users.id, schema.documents.userId))
      .innerJoin(schema.documentTypes, eq(schema.documentTypes.id, schema.documents.documentTypeId))
      .where(eq(schema.documents.id, id));
    if (!doc) throw new NotFoundError("Document not found.");
    const refuse = (status: keyof typeof STATE_WORD) =>
      new ConflictError(
        `Only a pending document can be approved or declined; this document is ${STATE_WORD[status]}.`,
        "document_not_pending",
      );
    if (doc.status !== "pending") throw refuse(doc.status);
    const updated = await ctx.db
      .update(schema.documents)
      .set({
        status: input.status,
        declineReason: reason,
        reviewedById: actor.userId,
        reviewedAt: ctx.now,
        updatedAt: ctx.now,
      })
      .where(and(eq(schema.documents.id, id), eq(schema.documents.status, "pending")))
      .returning({ id: schema.documents.id });
    if (!updated.length) {
      const [now] = await ctx.db
        .select({ status: schema.documents.status })
        .from(schema.documents)
        .where(eq(schema.documents.id, id));
      throw refuse(now?.status ?? input.status);
    }
    await logActivity(ctx, {
      logName: "documents",
      description: `${input.status === "approved" ? "Approved" : "Declined"} ${doc.typeName} of ${doc.userName}`,
      subjectType: "documents",
      subjectId: id,
      properties: { from: "pending", to: input.status, reason, user_id: doc.userId },
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
      status: input.status,
      decline_reason: reason,
      reviewed_at: ctx.now.toISOString(),
      reviewed_by: { id: actor.userId, name: actor.name },
      message: DOCUMENT_REVIEWED,
    };
  });
}
