import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Db, DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { sanitizeHelpHtml } from "@/lib/domain/help-html";
import { localStore, setFileStore } from "@/lib/files/storage";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import type { Ctx } from "../context";
import { readHelpImage, uploadHelpImage } from ".";

let handle: DbHandle;
let db: Db;
let dir: string;
let admin: Ctx;
let pm: Ctx;
let worker: Ctx;

const ctxOf = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  ctxFor(db, (await createUser(db, { roles: [role], ...extra })).id);

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  dir = await mkdtemp(path.join(os.tmpdir(), "help-images-"));
  setFileStore(localStore(dir));
  await createCountryAndCompany(db);
  admin = await ctxOf(ROLE.admin);
  pm = await ctxOf(ROLE.projectManager);
  worker = await ctxOf(ROLE.worker);
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();

describe("help images", () => {
  it("stores an uploaded image as WebP (scaled to 1600 px at most) under a src the sanitizer keeps", async () => {
    const file = new Blob([new Uint8Array(await png(2000, 1000))], { type: "image/png" });
    const image = await uploadHelpImage(admin, file);
    expect(image.src).toMatch(/^\/api\/v2\/help\/images\/[0-9a-f-]{36}\.webp$/);
    expect([image.width, image.height]).toEqual([1600, 800]);
    const html = `<p><img src="${image.src}" alt="Button"></p>`;
    expect(sanitizeHelpHtml(html)).toBe(`<p><img src="${image.src}" alt="Button" /></p>`);
    // Any reader of help reads it back.
    const stored = await readHelpImage(worker, image.src.split("/").pop());
    expect(stored.contentType).toBe("image/webp");
    expect((await sharp(stored.body).metadata()).format).toBe("webp");
  });

  it("refuses non-images, empty files and people who do not write help", async () => {
    const text = new Blob([new TextEncoder().encode("<svg onload=alert(1)></svg>")]);
    const bad = await appErrorOf(uploadHelpImage(admin, text));
    expect(bad.status).toBe(422);
    expect(bad.errors).toEqual({ file: ["The file must be an image (JPEG, PNG or WebP)."] });
    expect((await appErrorOf(uploadHelpImage(admin, undefined))).status).toBe(422);
    const file = new Blob([new Uint8Array(await png(10, 10))]);
    expect((await appErrorOf(uploadHelpImage(pm, file))).status).toBe(403);
    expect((await appErrorOf(uploadHelpImage(worker, file))).status).toBe(403);
  });

  it("answers 404 for unknown or malformed names", async () => {
    for (const name of [
      "../../etc/passwd",
      "0f8b7c1e-2a4d-4e6f-9a1b-3c5d7e9f1a2b.webp",
      "x.webp",
    ]) {
      expect((await appErrorOf(readHelpImage(worker, name))).status).toBe(404);
    }
  });
});
