import { toastName } from "@/lib/domain/done";
import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import { newFileKey } from "@/lib/files/keys";
import { commitFileChange, discardFile, getFile, type StoredFile } from "@/lib/files/storage";
import { COMPANY_FILE_UPLOAD, checkUpload } from "@/lib/files/upload";
import { logActivity } from "../activity";
import { withTx, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { parseId } from "../params";
import { cleanFileName } from "../documents";
import { companyEditor, companyReader, loadCompany } from "./access";
import type { CompanyFileView } from "./view";

/**
 * A client's files (contracts, site maps): uploaded by the office [company_edit] through the
 * storage port, sniffed by content (PDF, images, office documents, at most 10 MB), downloaded
 * by whoever may see the company, deleted by the office.
 */
const FILE_NOT_FOUND = "File not found.";
const fileNameOf = (file: unknown) => (file instanceof File ? file.name : undefined);

/** POST companies/{id}/files (multipart `file`). */
export async function uploadCompanyFile(
  ctx: Ctx,
  rawId: unknown,
  raw: Record<string, unknown> | undefined,
): Promise<CompanyFileView & { message: string }> {
  const actor = companyEditor(ctx);
  await loadCompany(ctx.db, actor, rawId);
  const checked = await checkUpload(raw?.file, COMPANY_FILE_UPLOAD);
  const key = newFileKey("companies", checked.ext);
  const file = { key, bytes: checked.bytes, contentType: checked.mime };
  return commitFileChange(file, () =>
    withTx(ctx, async (ctx) => {
      const company = await loadCompany(ctx.db, actor, rawId, { lock: true });
      const [row] = await ctx.db
        .insert(schema.companyFiles)
        .values({
          companyId: company.id,
          fileName: cleanFileName(fileNameOf(raw?.file), checked.ext),
          storageKey: key,
          mimeType: checked.mime,
          sizeBytes: checked.bytes.byteLength,
          uploadedById: actor.userId,
          createdAt: ctx.now,
        })
        .returning();
      await logActivity(ctx, {
        logName: "companies",
        description: `Uploaded ${row.fileName} to client ${company.name}`,
        subjectType: "companies",
        subjectId: company.id,
        properties: { file_id: row.id, file_name: row.fileName, size_bytes: row.sizeBytes },
      });
      return {
        id: row.id,
        file_name: row.fileName,
        mime_type: row.mimeType,
        size_bytes: row.sizeBytes,
        created_at: row.createdAt.toISOString(),
        message: `${toastName(row.fileName)} uploaded to ${toastName(company.name)}`,
      };
    }),
  );
}

async function loadFile(ctx: Ctx, companyId: number, rawFileId: unknown) {
  const fileId = parseId(rawFileId, "File");
  const [row] = await ctx.db
    .select()
    .from(schema.companyFiles)
    .where(and(eq(schema.companyFiles.id, fileId), eq(schema.companyFiles.companyId, companyId)));
  if (!row) throw new NotFoundError(FILE_NOT_FOUND);
  return row;
}

/** GET companies/{id}/files/{fileId}: the stored file under its original name. */
export async function readCompanyFile(
  ctx: Ctx,
  rawId: unknown,
  rawFileId: unknown,
): Promise<StoredFile & { fileName: string }> {
  const actor = companyReader(ctx);
  const company = await loadCompany(ctx.db, actor, rawId);
  const row = await loadFile(ctx, company.id, rawFileId);
  const file = await getFile(row.storageKey);
  if (!file) throw new NotFoundError(FILE_NOT_FOUND);
  return { ...file, contentType: row.mimeType, fileName: row.fileName };
}

/** DELETE companies/{id}/files/{fileId}. */
export async function deleteCompanyFile(ctx: Ctx, rawId: unknown, rawFileId: unknown) {
  const actor = companyEditor(ctx);
  const gone = await withTx(ctx, async (ctx) => {
    const company = await loadCompany(ctx.db, actor, rawId, { lock: true });
    const row = await loadFile(ctx, company.id, rawFileId);
    await ctx.db.delete(schema.companyFiles).where(eq(schema.companyFiles.id, row.id));
    await logActivity(ctx, {
      logName: "companies",
      description: `Deleted ${row.fileName} from client ${company.name}`,
      subjectType: "companies",
      subjectId: company.id,
      properties: { file_id: row.id, file_name: row.fileName },
    });
    return { ...row, companyName: company.name };
  });
  await discardFile(gone.storageKey);
  return {
    id: gone.id,
    message: `${toastName(gone.fileName)} deleted from ${toastName(gone.companyName)}`,
  };
}
