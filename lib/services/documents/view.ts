import { desc, eq, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { documentBadge, type DocumentBadge } from "@/lib/domain/document-badge";
import type { DocumentStatus } from "@/lib/domain/documents";
import { isId } from "../params";
import { requireUser, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { profileAccess } from "../users/access";
import { requiredTypesSql } from "./valid";
import { documentsToday } from "./today";
import type { ManageAction } from "@/lib/domain/manage";
import { manageVerdict } from "../users/manage";

/** A document as its owner and the office see it (never the storage key). */
export interface DocumentView {
  id: number;
  user_id: number;
  document_type: {
    id: number;
    name: string;
    has_expiry: boolean;
    warning_months: number;
    archived: boolean;
  };
  file_name: string;
  mime_type: string;
  size_bytes: number;
  status: DocumentStatus;
  /** The review state with time applied: expired, expiring (within the warning period). */
  badge: DocumentBadge;
  expires_on: string | null;
  /** Days from today to the expiry date (negative once past); null without one. */
  days_left: number | null;
  decline_reason: string | null;
  reviewed_at: Date | null;
  /**
   * Goes up by one with each new file or expiry date; a review sends the version it showed
   * (POST documents/{id}/review), so a document replaced meanwhile is not decided unseen.
   */
  version: number;
  created_at: Date;
  updated_at: Date;
  /** The authorized download. */
  file_url: string;
}

export const DOCUMENT_NOT_FOUND = "Document not found.";

const d = schema.documents;
const dt = schema.documentTypes;

export const documentFields = {
  id: d.id,
  userId: d.userId,
  typeId: dt.id,
  typeName: dt.name,
  hasExpiry: dt.hasExpiry,
  warningMonths: dt.warningMonths,
  archivedAt: dt.archivedAt,
  fileName: d.fileName,
  mimeType: d.mimeType,
  sizeBytes: d.sizeBytes,
  status: d.status,
  expiresOn: d.expiresOn,
  declineReason: d.declineReason,
  reviewedAt: d.reviewedAt,
  version: d.version,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
};

export type DocumentRow = Awaited<ReturnType<typeof selectDocuments>>[number];

export function selectDocuments(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(documentFields)
    .from(d)
    .innerJoin(dt, eq(dt.id, d.documentTypeId))
    .where(where)
    .$dynamic();
}

export function toDocumentView(row: DocumentRow, today: string): DocumentView {
  const { badge, daysLeft } = documentBadge(row, row.warningMonths, today);
  return {
    id: row.id,
    user_id: row.userId,
    document_type: {
      id: row.typeId,
      name: row.typeName,
      has_expiry: row.hasExpiry,
      warning_months: row.warningMonths,
      archived: row.archivedAt !== null,
    },
    file_name: row.fileName,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    status: row.status,
    badge,
    expires_on: row.expiresOn,
    days_left: daysLeft,
    decline_reason: row.declineReason,
    reviewed_at: row.reviewedAt,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    file_url: `/api/v2/documents/${row.id}/file`,
  };
}

/** The user's documents tab, for whoever may see it (oneself, the office); else 404. */
export async function documentsAccess(
  ctx: Ctx,
  rawUserId: unknown,
  lock = false,
  manage?: ManageAction,
) {
  return profileAccess(ctx, rawUserId, { tab: "my-documents", lock, manage });
}

/** What a write on someone's documents does to their account (who may manage whom). */
export const CHANGE_DOCUMENTS: ManageAction = "change the documents of";

/** The first day of the warning period of each document, in SQL (the rule of warnFrom). */
export const warnFromSql = sql`(${d.expiresOn} - make_interval(months => ${dt.warningMonths}))::date`;

/** GET documents/{id}: one document, for its owner or the office; 404 otherwise. */
export async function getDocument(ctx: Ctx, rawId: unknown): Promise<DocumentView> {
  const row = await loadDocument(ctx, rawId);
  return toDocumentView(row, documentsToday(ctx.now));
}

/** The document `rawId` when the viewer may see its owner's documents; else 404. */
export async function loadDocument(
  ctx: Ctx,
  rawId: unknown,
  lock = false,
  manage?: ManageAction,
): Promise<DocumentRow> {
  requireUser(ctx);
  if (!isId(rawId)) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  const id = Number(rawId);
  const q = selectDocuments(ctx.db, eq(d.id, id));
  const [row] = lock ? await q.for("update", { of: d }) : await q;
  if (!row) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  try {
    await documentsAccess(ctx, row.userId, false, manage);
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError(DOCUMENT_NOT_FOUND);
    throw err;
  }
  return row;
}

export interface MissingType {
  id: number;
  name: string;
  has_expiry: boolean;
}

/**
 * The profile tab in one call: the user's documents (all of them: a handful per user), the
 * required types it holds no valid document of, and what needs attention.
 */
export async function documentsOverview(ctx: Ctx, rawUserId: unknown) {
  const { actor, subject, viewer } = await documentsAccess(ctx, rawUserId);
  const may = manageVerdict(actor, subject.holder, CHANGE_DOCUMENTS);
  const today = documentsToday(ctx.now);
  const [rows, missing, alert] = await sideBySide(
    ctx.db,
    () =>
      selectDocuments(ctx.db, eq(d.userId, subject.id))
        .orderBy(desc(d.createdAt), desc(d.id))
        .limit(200),
    () => missingRequiredTypes(ctx.db, subject.id, today),
    () => expiryAlert(ctx.db, subject.id, today),
  );
  return {
    user_id: subject.id,
    self: viewer.userId === subject.id,
    /** Why the viewer may not upload, replace or delete here (who may manage whom); null: it may. */
    refusal: may.reason,
    documents: rows.map((r) => toDocumentView(r, today)),
    missing,
    ...alert,
  };
}

/** Required types that apply to the user and that it holds no valid document of. */
export async function missingRequiredTypes(
  db: DbOrTx,
  userId: number,
  today: string,
): Promise<MissingType[]> {
  const user = sql`${userId}::integer`;
  return db
    .select({ id: dt.id, name: dt.name, has_expiry: dt.hasExpiry })
    .from(dt)
    .where(
      sql`${requiredTypesSql(user)} AND NOT EXISTS (
        SELECT 1 FROM ${d}
        WHERE ${d.userId} = ${user} AND ${d.documentTypeId} = ${dt.id}
          AND ${d.status} = 'approved' AND (${d.expiresOn} IS NULL OR ${d.expiresOn} >= ${today})
      )`,
    )
    .orderBy(sql`lower(${dt.name})`);
}

/**
 * The latest upload of its type for its user (declined ones aside): an older document that
 * a renewal replaced raises no alert and no e-mail, whatever its own date says.
 */
export const isLatestSql = sql`NOT EXISTS (
  SELECT 1 FROM ${d} AS newer
  WHERE newer.user_id = ${d.userId} AND newer.document_type_id = ${d.documentTypeId}
    AND newer.status <> 'declined' AND newer.id > ${d.id}
)`;

/** Approved, latest of its type, not yet past its date but inside its warning period. */
export const expiringSql = (today: string) =>
  sql`${d.status} = 'approved' AND ${d.expiresOn} >= ${today} AND ${warnFromSql} <= ${today} AND ${isLatestSql}`;

/** For the profile header: the user's documents that expire soon or have expired. */
export async function expiryAlert(db: DbOrTx, userId: number, today: string) {
  const [row] = await db
    .select({
      expiring: sql<number>`count(*) filter (where ${expiringSql(today)})`,
      expired: sql<number>`count(*) filter (where ${d.status} = 'approved' and ${d.expiresOn} < ${today} and ${isLatestSql})`,
    })
    .from(d)
    .innerJoin(dt, eq(dt.id, d.documentTypeId))
    .where(eq(d.userId, userId));
  return { expiring: Number(row?.expiring ?? 0), expired: Number(row?.expired ?? 0) };
}

/** The profile header's badge: null when the viewer may not see the user's documents. */
export async function documentsAlert(ctx: Ctx, userId: number) {
  try {
    const { subject } = await documentsAccess(ctx, userId);
    return await expiryAlert(ctx.db, subject.id, documentsToday(ctx.now));
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}
