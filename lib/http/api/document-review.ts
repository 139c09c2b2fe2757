import { endpoint, type Endpoint } from "../endpoint";
import { COMMENT_MAX, formatCount } from "@/lib/domain/text-limits";
import { reviewDocument, reviewDocumentInput } from "@/lib/services/documents/review";

export const postDocumentReview = endpoint<{ id: string }>({
  method: "POST",
  path: "/documents/{id}/review",
  summary: `Approve or decline a pending document: status approved | declined, reason (required to decline, at most ${formatCount(COMMENT_MAX)} characters; the user sees it and is e-mailed), version (the document's version you looked at, from GET documents). 'Document approved or declined successfully'; a document no longer pending 409 document_not_pending; a version its owner has replaced since (new file or expiry date) 409 stale_document 'This document was replaced; look at it again', nothing changed. Without version the review decides whatever is pending now [approval_access, agency staff]`,
  tag: "documents",
  auth: "user",
  body: reviewDocumentInput,
  run: (ctx, { params, body }) => reviewDocument(ctx, params.id, body),
});

/** The office's review of documents (issue 11); the documents' own CRUD is in documents.ts. */
export const documentReviewEndpoints: Endpoint[] = [postDocumentReview as Endpoint];
