import { and, asc, eq, sql } from "drizzle-orm";
import { schema } from "@/db";
import { expiryState, todayIn, type ExpiryState } from "@/lib/domain/documents";
import type { Ctx } from "../context";
import { officeDocumentsPage, ofLiveOwner } from "../documents/office";
import {
  CURSOR_START,
  cursorPageMeta,
  decodeCursor,
  encodeCursor,
  keysetWindow,
  newestFirstKey,
} from "../cursor";
import { pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { requireReviewOffice } from "./access";
import { pendingDocumentsInput } from "./schemas";
import { AGENCY_TIME_ZONE } from "../viewer-zone";
import { holderOf, manageVerdict } from "../users/manage";

/** One document waiting for the office's decision. */
export interface PendingDocumentRow {
  id: number;
  /** The version shown: the review sends it back, so a replaced document is not decided unseen. */
  version: number;
  user: { id: number; name: string; email: string; approved: boolean };
  type: { id: number; name: string; has_expiry: boolean };
  file_name: string;
  mime_type: string;
  size_bytes: number;
  uploaded_at: string;
  /** The last day it is valid (YYYY-MM-DD), when its type has an expiry. */
  expires_on: string | null;
  expiry: ExpiryState;
  /** The authorized download (GET documents/{id}/file). */
  file_url: string;
  /** Why the viewer may not decide on it (who may manage whom); null: it may. */
  refusal: string | null;
}

const d = schema.documents;
/** Pending documents of users who are not archived: what the Documents tab and its count show. */
export const pendingDocument = and(eq(d.status, "pending"), ofLiveOwner)!;

/** The approvals inbox's documents in their cursors (lib/services/cursor.ts). */
const PENDING_LIST = "approvals-documents";

/**
 * GET approvals?type=documents: pending documents, the longest waiting first. Two queries a
 * page (count, rows); `cursor` pages from a row on (keyset) past the pages an offset reaches.
 */
export async function listPendingDocuments(
  ctx: Ctx,
  raw: unknown,
): Promise<Page<PendingDocumentRow>> {
  const actor = requireReviewOffice(ctx);
  const input = parseInput(pendingDocumentsInput, raw ?? {});
  const order = { search: input.filter.search ?? null };
  // The key is the newest-first list's (created_at at full precision, id), read oldest first.
  const key =
    input.cursor && input.cursor !== CURSOR_START
      ? decodeCursor(PENDING_LIST, order, input.cursor, newestFirstKey)
      : null;
  const { rows, total } = await officeDocumentsPage(
    ctx.db,
    eq(d.status, "pending"),
    input.filter.search,
    [asc(d.createdAt), asc(d.id)],
    input.page,
    input.perPage,
    undefined,
    key
      ? {
          after: sql`(${d.createdAt}, ${d.id}) > (${key[0]}::timestamptz, ${key[1]})`,
          window: keysetWindow(input.perPage),
        }
      : undefined,
  );
  const meta = cursorPageMeta({
    rows,
    page: input.page,
    perPage: input.perPage,
    counted: total,
    keyset: Boolean(key),
    cursor: input.cursor,
    offsetMeta: pageMeta(input.page, input.perPage, total),
    keyOf: (r) => [r.createdAtKey, r.id],
    encode: (k) => encodeCursor(PENDING_LIST, order, k),
  });
  return {
    meta,
    items: rows.map((r) => ({
      id: r.id,
      version: r.version,
      user: { id: r.userId, name: r.ownerName, email: r.ownerEmail, approved: r.ownerApproved },
      type: { id: r.typeId, name: r.typeName, has_expiry: r.hasExpiry },
      file_name: r.fileName,
      mime_type: r.mimeType,
      size_bytes: r.sizeBytes,
      uploaded_at: new Date(r.createdAt).toISOString(),
      expires_on: r.expiresOn,
      // "Expired" is judged on the calendar day of the user's country.
      expiry: expiryState(
        r.expiresOn,
        r.warningMonths,
        todayIn(ctx.now, r.ownerTimeZone ?? AGENCY_TIME_ZONE),
      ),
      file_url: `/api/v2/documents/${r.id}/file`,
      refusal: manageVerdict(
        actor,
        holderOf({ id: r.userId, isAdmin: r.ownerIsAdmin, permissions: r.ownerPermissions }),
        "change the documents of",
      ).reason,
    })),
  };
}
