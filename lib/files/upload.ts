import { fileTypeFromBuffer } from "file-type";
import { ValidationError } from "@/lib/services/errors";

/**
 * Checks an upload by its bytes, never its name or the browser's type: the sniffed type must
 * be on the allow-list and the size within the limit, else a 422 on `field`.
 */
export interface UploadRule {
  /** Sniffed MIME type → the extension we store it under. */
  allow: Record<string, string>;
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

export const IMAGE_UPLOAD: UploadRule = {
  allow: { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" },
  maxBytes: 5 * 1024 * 1024,
  typeMessage: "The file must be an image (JPEG, PNG or WebP).",
  sizeMessage: "The file may not be larger than 5 MB.",
};

/**
 * An uploaded image opened with sharp for the caller to transform; past `maxPixels` it does not
 * decode (a decompression bomb). sharp is loaded with the first image rather than with the
 * module: its native libvips (~7 MB resident) would otherwise sit in every server that has
 * rendered a screen importing a service that takes an image (issue 27's memory bar).
 */
export async function openImage(bytes: Buffer, maxPixels: number) {
  const { default: sharp } = await import("sharp");
  return sharp(bytes, { limitInputPixels: maxPixels });
}

/** Documents (ID, permits, certificates): a PDF or a photo of one, at most 10 MB. */
export const DOCUMENT_UPLOAD: UploadRule = {
  allow: {
    "application/pdf": "pdf",
    "image/jpeg": "jpg",
    "image/png": "png",
    "image/webp": "webp",
  },
  maxBytes: 10 * 1024 * 1024,
  typeMessage: "The file must be a PDF or an image (JPEG, PNG or WebP).",
  sizeMessage: "The file may not be larger than 10 MB.",
};

/**
 * A client's files (contracts, site maps): PDF, images or office documents, at most 10 MB.
 * file-type tells the OOXML formats apart by their contents; the old binary Office formats
 * (.doc, .xls) sniff as a generic container (CFB) and are refused.
 */
export const COMPANY_FILE_UPLOAD: UploadRule = {
  allow: {
    ...DOCUMENT_UPLOAD.allow,
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
    "application/vnd.oasis.opendocument.text": "odt",
    "application/vnd.oasis.opendocument.spreadsheet": "ods",
  },
  maxBytes: 10 * 1024 * 1024,
  typeMessage:
    "The file must be a PDF, an image (JPEG, PNG or WebP) or an office document (Word, Excel, PowerPoint, OpenDocument).",
  sizeMessage: "The file may not be larger than 10 MB.",
};

export const FILE_REQUIRED = "The file field is required.";

export interface CheckedUpload {
  bytes: Buffer;
  mime: string;
  ext: string;
}

/** What a multipart field holds: a File (Blob) with bytes, or anything else (refused). */
export async function checkUpload(
  value: unknown,
  rule: UploadRule,
  field = "file",
): Promise<CheckedUpload> {
  const fail = (message: string): never => {
    throw new ValidationError(message, { [field]: [message] });
  };
  if (!(value instanceof Blob) || value.size === 0) return fail(FILE_REQUIRED);
  if (value.size > rule.maxBytes) return fail(rule.sizeMessage);
  const bytes = Buffer.from(await value.arrayBuffer());
  return checkBytes(bytes, rule, field);
}

export async function checkBytes(
  bytes: Buffer,
  rule: UploadRule,
  field = "file",
): Promise<CheckedUpload> {
  const fail = (message: string): never => {
    throw new ValidationError(message, { [field]: [message] });
  };
  if (bytes.byteLength === 0) return fail(FILE_REQUIRED);
  if (bytes.byteLength > rule.maxBytes) return fail(rule.sizeMessage);
  const sniffed = await fileTypeFromBuffer(bytes);
  const ext = sniffed ? rule.allow[sniffed.mime] : undefined;
  if (!sniffed || !ext) return fail(rule.typeMessage);
  return { bytes, mime: sniffed.mime, ext };
}
