import { and, asc, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { HELP_IMAGE_PATH } from "@/lib/domain/help-html";
import { deleteFile } from "@/lib/files/storage";
import type { TxCtx } from "../context";
import { logActivity } from "../activity";
import { HELP_IMAGE_FOLDER } from "./images";

const h = schema.helpImages;
const l = schema.helpArticleImages;

/**
 * How long an uploaded image waits for an article to show it: a writer may keep an article
 * open, unsaved, with the image in it for a while.
 */
export const HELP_IMAGE_GRACE_MS = 7 * 24 * 3_600_000;

const IMAGE_SRC = new RegExp(`${HELP_IMAGE_PATH.replace(/\//g, "\\/")}([0-9a-f-]{36}\\.webp)`, "g");

/**
 * Inside an article's write: which uploaded images its body shows, replacing what it showed
 * before. The images are key-share locked, so a sweep removing one waits or skips it.
 */
export async function linkArticleImages(db: DbOrTx, articleId: number, body: string) {
  const keys = [
    ...new Set([...body.matchAll(IMAGE_SRC)].map((m) => `${HELP_IMAGE_FOLDER}/${m[1]}`)),
  ];
  await db.delete(l).where(eq(l.articleId, articleId));
  if (!keys.length) return;
  const images = await db
    .select({ id: h.id })
    .from(h)
    .where(inArray(h.key, keys))
    .orderBy(asc(h.id))
    .for("key share");
  if (images.length) await db.insert(l).values(images.map((i) => ({ articleId, imageId: i.id })));
}

/**
 * The background sweep: removes up to `limit` images that no article shows, uploaded more
 * than a week ago (the file, then its row), each logged. Rows are claimed with SKIP LOCKED,
 * so several app instances, or an article being saved with the image, never meet here.
 */
export async function sweepUnusedHelpImages(ctx: TxCtx, limit = 50): Promise<number> {
  const cutoff = new Date(ctx.now.getTime() - HELP_IMAGE_GRACE_MS);
  const unused = await ctx.db
    .select({ id: h.id, key: h.key })
    .from(h)
    .where(
      and(
        lt(h.createdAt, cutoff),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(l)
            .where(eq(l.imageId, h.id)),
        ),
      ),
    )
    .orderBy(asc(h.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  for (const image of unused) {
    // The file first, and a failure to remove it fails the sweep: the rows stay and the next
    // sweep tries again (removing a file that is already gone is no error).
    await deleteFile(image.key);
    await ctx.db.delete(h).where(eq(h.id, image.id));
    await logActivity(ctx, {
      logName: "help",
      description: "Removed a help image no article shows",
      subjectType: "help_images",
      subjectId: image.id,
      properties: { key: image.key },
    });
  }
  return unused.length;
}
