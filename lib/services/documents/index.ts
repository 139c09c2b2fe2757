import { done } from "@/lib/domain/done";
import { z } from "zod";
import { and, eq, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { isOffice } from "@/lib/domain/profile-tabs";
import { newFileKey } from "@/lib/files/keys";
import {
  commitFileChange,
  discardFile,
  getFile,
  type NewFile,
  type StoredFile,
} from "@/lib/files/storage";
import { DOCUMENT_UPLOAD, checkUpload, type CheckedUpload } from "@/lib/files/upload";
import { logActivity } from "../activity";
import { requireUser, withTx, type Ctx, type TxCtx } from "../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { fieldOf, isId, optionalId } from "../params";
import { tabAccessFirst } from "../users/access";
import { parseInput } from "../validate";
import { documentsToday } from "./today";
import {
  DOCUMENT_NOT_FOUND,
  CHANGE_DOCUMENTS,
  documentsAccess,
  loadDocument,
  selectDocuments,
  toDocumentView,
  type DocumentView,
} from "./view";

export { getDocument, documentsAlert, documentsOverview } from "./view";
export {
  listDocuments,
  OWN_DOCUMENTS_CURSOR,
  documentsListInput,
  DOCUMENTS_LIST_FORBIDDEN,
  type OfficeDocumentView,
} from "./list";
export type { DocumentView } from "./view";

/**
 * Documents a user uploads for a document type (issue 11): oneself or the office uploads,
 * changes the expiry date or replaces the file (both send it back to pending), deletes (the
 * owner its pending or declined ones, the office any). Review (approve / decline) is the
 * approvals inbox's verb. Files go through the storage port under generated keys, each with
 * the row that names it (commitFileChange): a stored file is removed only after the change
 * that drops it is committed, and the answer is read inside the transaction, so nothing after
 * the commit can fail the request or take the committed row's file away.
 */
export const DOCUMENT_MESSAGES = {
  /** By the document's type: "Passport uploaded". */
  uploaded: (type: string) => done("", type, "uploaded"),
  updated: (type: string) => done("", type, "updated"),
  deleted: (type: string) => done("", type, "deleted"),
  type: "The selected document type is invalid.",
  typeRequired: "The document type field is required.",
  expiryRequired: "The expiry date field is required.",
  expiryFormat: "The expiry date is not a valid date.",
  expiryPast: "The expiry date must be today or a later date.",
  nothing: "Choose a new file or a new expiry date.",
  ownApproved: "An approved document can only be removed by the office. Upload a new one instead.",
} as const;

const expiresOn = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z
    .string({ error: DOCUMENT_MESSAGES.expiryFormat })
    .regex(/^\d{4}-\d{2}-\d{2}$/, DOCUMENT_MESSAGES.expiryFormat)
    .refine((s) => {
      const [y, m, day] = s.split("-").map(Number);
      const t = new Date(Date.UTC(y, m - 1, day));
      return y >= 2000 && y <= 2200 && t.getUTCMonth() === m - 1 && t.getUTCDate() === day;
    }, DOCUMENT_MESSAGES.expiryFormat)
    .nullable(),
);

/** The fields of POST documents besides the file (multipart text fields, or JSON). */
export const uploadDocumentInput = z.object({
  document_type_id: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.unknown().refine((v) => v !== undefined && v !== null, DOCUMENT_MESSAGES.typeRequired),
  ),
  user_id: optionalId,
  expires_on: expiresOn,
});

export const updateDocumentInput = z.object({ expires_on: expiresOn.optional() });

const d = schema.documents;
const dt = schema.documentTypes;

/** The uploader's own name, cut to something a header and a table can carry. */
export function cleanFileName(raw: unknown, ext: string): string {
  const base = typeof raw === "string" ? (raw.split(/[\\/]/).pop() ?? "") : "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(-150);
  return clean || `document.${ext}`;
}

/** The live type the document is for, share-locked so it cannot be deleted meanwhile. */
async function liveType(db: DbOrTx, rawTypeId: unknown) {
  const fail = () =>
    new ValidationError(DOCUMENT_MESSAGES.type, { document_type_id: [DOCUMENT_MESSAGES.type] });
  if (!isId(rawTypeId)) throw fail();
  const [type] = await db
    .select({ id: dt.id, name: dt.name, hasExpiry: dt.hasExpiry })
    .from(dt)
    .where(and(eq(dt.id, Number(rawTypeId)), isNull(dt.archivedAt)))
    .for("key share");
  if (!type) throw fail();
  return type;
}

/** The expiry date a type needs: required and today or later when it has one, else none. */
function checkExpiry(hasExpiry: boolean, value: string | null, today: string): string | null {
  if (!hasExpiry) return null;
  const fail = (m: string) => new ValidationError(m, { expires_on: [m] });
  if (!value) throw fail(DOCUMENT_MESSAGES.expiryRequired);
  if (value < today) throw fail(DOCUMENT_MESSAGES.expiryPast);
  return value;
}

const newDocumentFile = (file: CheckedUpload): NewFile => ({
  key: newFileKey("documents", file.ext),
  bytes: file.bytes,
  contentType: file.mime,
});

/** The answer of a write, read inside its transaction (before the commit, never after). */
async function viewInTx(ctx: TxCtx, id: number): Promise<DocumentView> {
  const [row] = await selectDocuments(ctx.db, eq(d.id, id));
  return toDocumentView(row, documentsToday(ctx.now));
}

const fileNameOf = (file: unknown) => (file instanceof File ? file.name : undefined);

/**
 * POST documents (multipart: document_type_id, file, expires_on when the type has expiry,
 * user_id for the office uploading for someone). The new document is pending.
 */
export async function uploadDocument(
  ctx: Ctx,
  raw: Record<string, unknown> | undefined,
): Promise<DocumentView & { message: string }> {
  const actor = requireUser(ctx);
  // Who may, before the form is read (issue 27): another's documents are 404 whatever was sent,
  // and a caller with documents of nobody's to change (a client contact) is 403.
  await tabAccessFirst(ctx, fieldOf(raw, "user_id"), "my-documents", CHANGE_DOCUMENTS);
  const input = parseInput(uploadDocumentInput, raw ?? {});
  const userId = input.user_id ?? actor.userId;
  // Who may, before any work on the bytes; checked again under the lock below.
  await documentsAccess(ctx, userId, false, CHANGE_DOCUMENTS);
  const checked = await checkUpload(raw?.file, DOCUMENT_UPLOAD);
  const file = newDocumentFile(checked);
  const view = await commitFileChange(file, () =>
    withTx(ctx, async (ctx) => {
      // The owner's row lock (worker first, DESIGN §9): its access is decided on what the
      // lock holds, so an archive or a role change cannot slip in between.
      const { subject } = await documentsAccess(ctx, userId, true, CHANGE_DOCUMENTS);
      const type = await liveType(ctx.db, input.document_type_id);
      const expires = checkExpiry(type.hasExpiry, input.expires_on, documentsToday(ctx.now));
      const [row] = await ctx.db
        .insert(d)
        .values({
          userId: subject.id,
          documentTypeId: type.id,
          fileName: cleanFileName(fileNameOf(raw?.file), checked.ext),
          storageKey: file.key,
          mimeType: checked.mime,
          sizeBytes: checked.bytes.byteLength,
          status: "pending",
          expiresOn: expires,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: d.id, fileName: d.fileName });
      await logActivity(ctx, {
        logName: "documents",
        description: `Uploaded ${type.name}`,
        subjectType: "documents",
        subjectId: row.id,
        properties: {
          user_id: subject.id,
          document_type_id: type.id,
          file_name: row.fileName,
          expires_on: expires,
        },
      });
      return viewInTx(ctx, row.id);
    }),
  );
  return { ...view, message: DOCUMENT_MESSAGES.uploaded(view.document_type.name) };
}

/**
 * PUT documents/{id} (multipart or JSON: expires_on, file): a new expiry date or a new file.
 * Either sends the document back to pending for the office to check again, clears a decline
 * reason, and re-arms the expiry e-mail.
 */
export async function updateDocument(
  ctx: Ctx,
  rawId: unknown,
  raw: Record<string, unknown> | undefined,
): Promise<DocumentView & { message: string }> {
  requireUser(ctx);
  const input = parseInput(updateDocumentInput, raw ?? {});
  await loadDocument(ctx, rawId, false, CHANGE_DOCUMENTS);
  const hasFile = raw?.file !== undefined && raw?.file !== null && raw?.file !== "";
  const checked = hasFile ? await checkUpload(raw?.file, DOCUMENT_UPLOAD) : null;
  if (!checked && input.expires_on === undefined)
    throw new ValidationError(DOCUMENT_MESSAGES.nothing, { file: [DOCUMENT_MESSAGES.nothing] });
  const file = checked ? newDocumentFile(checked) : null;
  const record = () =>
    withTx(ctx, async (ctx) => {
      const before = await loadDocument(ctx, rawId, true, CHANGE_DOCUMENTS);
      const today = documentsToday(ctx.now);
      const expires =
        input.expires_on === undefined
          ? before.expiresOn
          : checkExpiry(before.hasExpiry, input.expires_on, today);
      const [{ storageKey }] = await ctx.db
        .select({ storageKey: d.storageKey })
        .from(d)
        .where(eq(d.id, before.id));
      const fileName = checked
        ? cleanFileName(fileNameOf(raw?.file), checked.ext)
        : before.fileName;
      await ctx.db
        .update(d)
        .set({
          ...(checked && file
            ? {
                storageKey: file.key,
                fileName,
                mimeType: checked.mime,
                sizeBytes: checked.bytes.byteLength,
              }
            : {}),
          expiresOn: expires,
          status: "pending",
          declineReason: null,
          reviewedAt: null,
          reviewedById: null,
          expiryWarnedAt: null,
          // A review names the version it showed: what it looked at is no longer this.
          version: sql`${d.version} + 1`,
          updatedAt: ctx.now,
        })
        .where(eq(d.id, before.id));
      await logActivity(ctx, {
        logName: "documents",
        description: checked
          ? `Replaced the file of ${before.typeName}`
          : `Changed the expiry date of ${before.typeName}`,
        subjectType: "documents",
        subjectId: before.id,
        properties: {
          user_id: before.userId,
          old: {
            status: before.status,
            expires_on: before.expiresOn,
            file_name: before.fileName,
            version: before.version,
          },
          attributes: {
            status: "pending",
            expires_on: expires,
            file_name: fileName,
            version: before.version + 1,
          },
        },
      });
      return { view: await viewInTx(ctx, before.id), oldKey: file ? storageKey : null };
    });
  const { view } = await commitFileChange(file, record, (r) => [r.oldKey]);
  return { ...view, message: DOCUMENT_MESSAGES.updated(view.document_type.name) };
}

/** DELETE documents/{id}: the owner its pending or declined ones (403 otherwise); the office any. */
export async function deleteDocument(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requireUser(ctx);
  const { id, key, type } = await withTx(ctx, async (ctx) => {
    const doc = await loadDocument(ctx, rawId, true);
    const { viewer, subject } = await documentsAccess(ctx, doc.userId, false, CHANGE_DOCUMENTS);
    const office = viewer.userId !== subject.id && isOffice(viewer);
    if (!office && doc.status === "approved")
      throw new ForbiddenError(DOCUMENT_MESSAGES.ownApproved);
    const [gone] = await ctx.db.delete(d).where(eq(d.id, doc.id)).returning({ key: d.storageKey });
    await logActivity(ctx, {
      logName: "documents",
      description: `Deleted ${doc.typeName}`,
      subjectType: "documents",
      subjectId: doc.id,
      properties: {
        user_id: doc.userId,
        document_type_id: doc.typeId,
        file_name: doc.fileName,
        status: doc.status,
        expires_on: doc.expiresOn,
      },
    });
    return { id: doc.id, key: gone.key, type: doc.typeName };
  });
  await discardFile(key);
  return { id, message: DOCUMENT_MESSAGES.deleted(type) };
}

/** GET documents/{id}/file: the stored file and its original name, for owner or office. */
export async function readDocumentFile(
  ctx: Ctx,
  rawId: unknown,
): Promise<StoredFile & { fileName: string }> {
  const doc = await loadDocument(ctx, rawId);
  const [row] = await ctx.db.select({ key: d.storageKey }).from(d).where(eq(d.id, doc.id));
  const file = row ? await getFile(row.key) : null;
  if (!file) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  return { ...file, contentType: doc.mimeType, fileName: doc.fileName };
}
