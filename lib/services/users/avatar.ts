import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { canEditProfile } from "@/lib/domain/profile-tabs";
import { newFileKey } from "@/lib/files/keys";
import { commitFileChange, getFile, type StoredFile } from "@/lib/files/storage";
import { IMAGE_UPLOAD, checkUpload, openImage } from "@/lib/files/upload";
import { logActivity } from "../activity";
import { withTx, type Ctx } from "../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { editAccess, profileAccess } from "./access";
import { avatarUrl } from "./profile";

/** The thumbnail every profile picture becomes: a centred 256×256 square, WebP. */
export const AVATAR_SIZE = 256;
/** A decompression bomb stops here (about 7000 × 7000 pixels). */
const MAX_INPUT_PIXELS = 50_000_000;

async function thumbnail(bytes: Buffer): Promise<Buffer> {
  try {
    return await (
      await openImage(bytes, MAX_INPUT_PIXELS)
    )
      .rotate() // EXIF orientation; the metadata itself is not copied to the output
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // The bytes claimed to be an image but do not decode (truncated, or too large).
    throw new ValidationError(IMAGE_UPLOAD.typeMessage, { file: [IMAGE_UPLOAD.typeMessage] });
  }
}

/**
 * POST users/profilePicture/{id} (multipart `file`): oneself or a user creator. The image is
 * checked by its bytes, made a thumbnail, stored under a fresh key with the row that names it
 * (commitFileChange: the old file goes after the commit, a failed commit takes the new one).
 */
export async function uploadAvatar(ctx: Ctx, rawId: unknown, file: unknown) {
  // Who may, before any work on the bytes; checked again under the lock below.
  const { viewer, subject } = await profileAccess(ctx, rawId, { manage: "change the picture of" });
  if (!canEditProfile(viewer, subject)) throw new ForbiddenError();
  const checked = await checkUpload(file, IMAGE_UPLOAD);
  const thumb = await thumbnail(checked.bytes);
  const key = newFileKey("avatars", "webp");
  const record = () =>
    withTx(ctx, async (ctx) => {
      const { subject } = await editAccess(ctx, rawId, "personal", "change the picture of");
      const [row] = await ctx.db
        .select({ key: schema.users.avatarKey })
        .from(schema.users)
        .where(eq(schema.users.id, subject.id));
      await ctx.db
        .update(schema.users)
        .set({ avatarKey: key, updatedAt: ctx.now })
        .where(eq(schema.users.id, subject.id));
      await logActivity(ctx, {
        logName: "users",
        description: "Profile picture changed",
        subjectType: "users",
        subjectId: subject.id,
        properties: { size: thumb.byteLength, source_type: checked.mime },
      });
      return { oldKey: row?.key ?? null };
    });
  await commitFileChange({ key, bytes: thumb, contentType: "image/webp" }, record, (r) => [
    r.oldKey,
  ]);
  return {
    id: subject.id,
    avatar_url: avatarUrl(subject.id, key),
    message: "Data updated successfully!",
  };
}

/** GET users/{id}/avatar: the picture, for whoever may view the profile; 404 without one. */
export async function readAvatar(ctx: Ctx, rawId: unknown): Promise<StoredFile> {
  const { subject } = await profileAccess(ctx, rawId);
  const [row] = await ctx.db
    .select({ key: schema.users.avatarKey })
    .from(schema.users)
    .where(eq(schema.users.id, subject.id));
  const file = row?.key ? await getFile(row.key) : null;
  if (!file) throw new NotFoundError("This user has no profile picture.");
  return file;
}
