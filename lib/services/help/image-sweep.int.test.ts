import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { getFile, localStore, setFileStore } from "@/lib/files/storage";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { makeCtx, systemActor, withTx, type Ctx } from "../context";
import {
  createArticle,
  createHelpCategory,
  deleteArticle,
  HELP_IMAGE_GRACE_MS,
  readHelpImage,
  sweepUnusedHelpImages,
  updateArticle,
  uploadHelpImage,
} from ".";

let handle: DbHandle;
let db: Db;
let dir: string;
let admin: Ctx;
let categoryId: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  dir = await mkdtemp(path.join(os.tmpdir(), "help-image-sweep-"));
  setFileStore(localStore(dir));
  admin = await ctxFor(db, (await createUser(db, { roles: [ROLE.admin] })).id);
  categoryId = (await createHelpCategory(admin, { name: "Guides", target_roles: [] })).id;
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

const upload = async () => {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#123" } })
    .png()
    .toBuffer();
  return uploadHelpImage(admin, new Blob([new Uint8Array(png)], { type: "image/png" }));
};
const nameOf = (src: string) => src.split("/").pop()!;
const keyOf = (src: string) => `help-images/${nameOf(src)}`;
/** The sweep as the background loop runs it, `days` after now. */
const sweepAfter = (days: number) =>
  withTx(
    makeCtx(db, systemActor("help images"), {
      now: new Date(Date.now() + days * 24 * 3_600_000),
    }),
    (ctx) => sweepUnusedHelpImages(ctx),
  );
const stored = async (src: string) => (await getFile(keyOf(src))) !== null;

describe("unused help images", () => {
  it("keeps the row when the file cannot be removed, and removes both on the next sweep", async () => {
    const image = await upload();
    const store = localStore(dir);
    setFileStore({
      ...store,
      delete: async () => {
        throw new Error("storage is down");
      },
    });
    try {
      await expect(sweepAfter(8)).rejects.toThrow("storage is down");
    } finally {
      setFileStore(localStore(dir));
    }
    expect(await stored(image.src)).toBe(true);
    expect(await sweepAfter(8)).toBe(1);
    expect(await stored(image.src)).toBe(false);
  });

  it("removes an image no article shows after a week; keeps one an article shows until it leaves it", async () => {
    expect(HELP_IMAGE_GRACE_MS).toBe(7 * 24 * 3_600_000);
    const abandoned = await upload();
    const shown = await upload();
    const article = await createArticle(admin, {
      title: "Where to park",
      body: `<p>The gate:</p><p><img src="${shown.src}" alt="Gate"></p>`,
      category_id: categoryId,
    });

    // Within the week nothing goes, used or not.
    expect(await sweepAfter(6)).toBe(0);
    expect(await stored(abandoned.src)).toBe(true);

    expect(await sweepAfter(8)).toBe(1);
    expect(await stored(abandoned.src)).toBe(false);
    expect(await stored(shown.src)).toBe(true);
    expect((await readHelpImage(admin, nameOf(shown.src))).contentType).toBe("image/webp");
    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.description, "Removed a help image no article shows"));
    expect(logs.map((l) => l.properties)).toContainEqual({ key: keyOf(abandoned.src) });

    // The article drops the image: the next sweep removes it.
    await updateArticle(admin, article.id, {
      title: "Where to park",
      body: "<p>The gate is on the left.</p>",
      category_id: categoryId,
    });
    expect(await sweepAfter(8)).toBe(1);
    expect(await stored(shown.src)).toBe(false);
  });

  it("keeps an image two articles show until both let it go, and one of a deleted article goes", async () => {
    const image = await upload();
    const body = `<p><img src="${image.src}" alt="Map"></p>`;
    const first = await createArticle(admin, { title: "Map 1", body, category_id: categoryId });
    const second = await createArticle(admin, { title: "Map 2", body, category_id: categoryId });
    await deleteArticle(admin, first.id);
    expect(await sweepAfter(8)).toBe(0);
    expect(await stored(image.src)).toBe(true);
    await deleteArticle(admin, second.id);
    expect(await sweepAfter(8)).toBe(1);
    expect(await stored(image.src)).toBe(false);
    expect(await sweepAfter(8)).toBe(0);
  });
});
