import { toastName } from "@/lib/domain/done";
import type { OutputInfo } from "sharp";
import { schema } from "@/db";
import { HELP_IMAGE_PATH } from "@/lib/domain/help-html";
import { newFileKey } from "@/lib/files/keys";
import { commitFileChange, getFile, type StoredFile } from "@/lib/files/storage";
import { IMAGE_UPLOAD, checkUpload, openImage } from "@/lib/files/upload";
import { requirePermission, withTx, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { logActivity } from "../activity";

/**
 * Images in help articles, through the files port (lib/files/storage.ts) under
 * `help-images/`. An upload is checked by its bytes (JPEG, PNG or WebP, at most 5 MB) and
 * re-encoded, which drops metadata and anything else riding along in the file; the answer is
 * the URL the editor puts in `<img src>` — the only non-https source the sanitizer keeps.
 * They are read by anyone who may read help (help_access): an article links to them by a
 * random name, and help holds no personal data.
 */
export const HELP_IMAGE_FOLDER = "help-images";
const FOLDER = HELP_IMAGE_FOLDER;
/** Wider images are scaled down to this width (an article column is far narrower). */
const MAX_WIDTH = 1600;
const MAX_INPUT_PIXELS = 50_000_000;
const FILE_NAME = /^[0-9a-f-]{36}\.webp$/;

export interface HelpImage {
  src: string;
  width: number;
  height: number;
  message: string;
}

/** POST help/images (multipart `file`): article writers only. */
export async function uploadHelpImage(ctx: Ctx, file: unknown): Promise<HelpImage> {
  requirePermission(ctx, "article_create", "article_edit");
  const checked = await checkUpload(file, IMAGE_UPLOAD);
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await (
      await openImage(checked.bytes, MAX_INPUT_PIXELS)
    )
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ValidationError(IMAGE_UPLOAD.typeMessage, { file: [IMAGE_UPLOAD.typeMessage] });
  }
  const key = newFileKey(FOLDER, "webp");
  // A failed commit takes the file too: stored with no row, nothing would know who put it there.
  await commitFileChange({ key, bytes: out.data, contentType: "image/webp" }, () =>
    withTx(ctx, async (ctx) => {
      const [image] = await ctx.db
        .insert(schema.helpImages)
        .values({
          key,
          uploadedById: ctx.actor?.kind === "user" ? ctx.actor.userId : null,
          createdAt: ctx.now,
        })
        .returning({ id: schema.helpImages.id });
      await logActivity(ctx, {
        logName: "help",
        description: "Uploaded a help image",
        subjectType: "help_images",
        subjectId: image.id,
        properties: { key, size: out.data.byteLength, source_type: checked.mime },
      });
    }),
  );
  return {
    src: `${HELP_IMAGE_PATH}${key.slice(FOLDER.length + 1)}`,
    width: out.info.width,
    height: out.info.height,
    // The image goes into the article being written: the file name says which one it was.
    message:
      file instanceof File && file.name.trim()
        ? `${toastName(file.name)} uploaded`
        : "Image uploaded",
  };
}

/** GET help/images/{file}: the image, for whoever may read help; 404 when there is none. */
export async function readHelpImage(ctx: Ctx, name: unknown): Promise<StoredFile> {
  requirePermission(ctx, "help_access", "article_create", "article_edit");
  const missing = () => new NotFoundError("Image not found.");
  if (typeof name !== "string" || !FILE_NAME.test(name)) throw missing();
  const file = await getFile(`${FOLDER}/${name}`);
  if (!file) throw missing();
  return file;
}
