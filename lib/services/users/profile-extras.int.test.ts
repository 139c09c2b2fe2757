import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { localStore, setFileStore, getFile } from "@/lib/files/storage";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { storeWithFailingDeletes } from "@/lib/testing/file-store";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import * as uploadRoute from "@/app/api/v2/users/profilePicture/[id]/route";
import * as avatarRoute from "@/app/api/v2/users/[id]/avatar/route";
import * as referredRoute from "@/app/api/v2/users/referredBy/[id]/route";
import * as userRoute from "@/app/api/v2/users/[id]/route";
import * as updateUserRoute from "@/app/api/v2/update_user/route";
import * as paymentRoute from "@/app/api/v2/payment-information/[id]/route";
import { LEVEL_IS_OFFICE, setExperience, setSkills, showSkills } from "./skills";
import { referredBy } from "./referrals";
import { profileCast, type Cast } from "./profile.test-support";

let handle: DbHandle;
let db: Db;
let c: Cast;
let dir: string;
const tokens = {} as Record<keyof Cast["users"], string>;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  c = await profileCast(db);
  for (const [k, u] of Object.entries(c.users))
    tokens[k as keyof Cast["users"]] = (await issueApiToken(db, u.id, new Date())).access_token;
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-avatars-"));
  setFileStore(localStore(dir));
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n");

async function upload(as: keyof Cast["users"], id: number, bytes: Buffer, name = "me.png") {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type: "image/png" }));
  const req = new NextRequest(`http://localhost/api/v2/users/profilePicture/${id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${tokens[as]}` },
    body: form,
  });
  const res = await uploadRoute.POST(req, { params: Promise.resolve({ id: String(id) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const avatarKey = async (id: number) =>
  (
    await db.select({ k: schema.users.avatarKey }).from(schema.users).where(eq(schema.users.id, id))
  )[0].k;

describe("profile picture", () => {
  it("a worker uploads a photo: a 256×256 WebP thumbnail, EXIF gone, served with its headers", async () => {
    const photo = await sharp({
      create: { width: 800, height: 500, channels: 3, background: "#c0392b" },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "Secret Camera" } } })
      .toBuffer();
    const res = await upload("worker", c.users.worker.id, photo, "holiday.jpg");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ message: "Data updated successfully!" });
    const key = await avatarKey(c.users.worker.id);
    expect(key).toMatch(/^avatars\/[0-9a-f-]{36}\.webp$/);
    const stored = await getFile(key!);
    const meta = await sharp(stored!.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      "webp",
      256,
      256,
      undefined,
    ]);

    const served = await callRoute(avatarRoute.GET, `users/${c.users.worker.id}/avatar`, {
      token: tokens.handler,
      params: { id: String(c.users.worker.id) },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("content-disposition")).toBe("inline");
    expect(served.headers.get("cache-control")).toContain("private");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a second upload replaces the first file", async () => {
    const before = await avatarKey(c.users.worker.id);
    const png = await sharp({
      create: { width: 40, height: 90, channels: 4, background: "#2244ff" },
    })
      .png()
      .toBuffer();
    expect((await upload("admin", c.users.worker.id, png)).status).toBe(200);
    const after = await avatarKey(c.users.worker.id);
    expect(after).not.toBe(before);
    expect(await getFile(before!)).toBeNull();
    expect(await getFile(after!)).not.toBeNull();
  });

  it("a replaced picture the store cannot remove: 200, and the user shows the new one", async () => {
    const before = await avatarKey(c.users.worker.id);
    const failing = storeWithFailingDeletes(localStore(dir));
    setFileStore(failing);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const png = await sharp({ create: { width: 9, height: 9, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    try {
      const res = await upload("worker", c.users.worker.id, png);
      expect(res.status).toBe(200);
      expect(failing.deleteCalls).toEqual([before]);
      expect(logged).toHaveBeenCalledWith(`[files] could not remove ${before}`, expect.any(Error));
    } finally {
      setFileStore(localStore(dir));
      logged.mockRestore();
    }
    const after = await avatarKey(c.users.worker.id);
    expect(after).not.toBe(before);
    const served = await callRoute(avatarRoute.GET, `users/${c.users.worker.id}/avatar`, {
      token: tokens.worker,
      params: { id: String(c.users.worker.id) },
    });
    expect(served.status).toBe(200);
    expect(await getFile(after!)).not.toBeNull();
  });

  it("PDF bytes named .png are refused with 422; nothing changes", async () => {
    const before = await avatarKey(c.users.worker.id);
    const res = await upload("worker", c.users.worker.id, PDF, "me.png");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ file: ["The file must be an image (JPEG, PNG or WebP)."] });
    expect(await avatarKey(c.users.worker.id)).toBe(before);
  });

  it("a file over 5 MB is refused with 422", async () => {
    const res = await upload("worker", c.users.worker.id, Buffer.alloc(5 * 1024 * 1024 + 10));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The file may not be larger than 5 MB.");
  });

  it("another worker cannot upload (404) nor read (404); a COL may not upload for a colleague (403)", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await upload("other", c.users.worker.id, png)).status).toBe(404);
    expect((await upload("colA", c.users.colA2.id, png)).status).toBe(403);
    const res = await callRoute(avatarRoute.GET, `users/${c.users.worker.id}/avatar`, {
      token: tokens.other,
      params: { id: String(c.users.worker.id) },
    });
    expect(res.status).toBe(404);
  });

  it("a user without a picture answers 404", async () => {
    const res = await callRoute(avatarRoute.GET, `users/${c.users.other.id}/avatar`, {
      token: tokens.other,
      params: { id: String(c.users.other.id) },
    });
    expect(res.status).toBe(404);
  });
});

describe("skills and experience", () => {
  let parentId: number;
  let bartender: number;
  let waiter: number;
  let senior: number;

  beforeAll(async () => {
    const [parent] = await db.insert(schema.skills).values({ name: "Bar & Service" }).returning();
    const [a, b] = await db
      .insert(schema.skills)
      .values([
        { name: "Bartender", parentId: parent.id, order: 1 },
        { name: "Waiter", parentId: parent.id, order: 2 },
      ])
      .returning();
    const [lvl] = await db
      .insert(schema.levels)
      .values({ name: `Senior ${Date.now()}`, weight: 3 })
      .returning();
    [parentId, bartender, waiter, senior] = [parent.id, a.id, b.id, lvl.id];
  });

  it("a worker sets its skills and experience, but not its level", async () => {
    const set = await setSkills(c.ctx.worker, {
      user_id: c.users.worker.id,
      skills: [bartender, waiter],
    });
    expect(set.skills.map((s) => [s.name, s.parent?.id])).toEqual([
      ["Bartender", parentId],
      ["Waiter", parentId],
    ]);
    await setExperience(c.ctx.worker, {
      user_id: c.users.worker.id,
      skill_id: bartender,
      experience: 4,
    });
    const denied = await appErrorOf(
      setExperience(c.ctx.worker, {
        user_id: c.users.worker.id,
        skill_id: bartender,
        experience: 4,
        level_id: senior,
      }),
    );
    expect([denied.status, denied.message]).toEqual([403, LEVEL_IS_OFFICE]);
    await setExperience(c.ctx.handler, {
      user_id: c.users.worker.id,
      skill_id: bartender,
      experience: 5,
      level_id: senior,
    });
    const shown = await showSkills(c.ctx.worker, c.users.worker.id);
    expect(shown.skills[0]).toMatchObject({
      name: "Bartender",
      experience: 5,
      level: { id: senior },
    });
    expect(shown.can).toEqual({ edit: true, set_level: false, reason: null });
    // The worker may resend the level it already has along with new experience.
    await setExperience(c.ctx.worker, {
      user_id: c.users.worker.id,
      skill_id: bartender,
      experience: 6,
      level_id: senior,
    });
    // Setting the list again keeps the data of kept skills.
    const kept = await setSkills(c.ctx.worker, { user_id: c.users.worker.id, skills: [bartender] });
    expect(kept.skills).toEqual([
      expect.objectContaining({
        id: bartender,
        experience: 6,
        level: expect.objectContaining({ id: senior }),
      }),
    ]);
  });

  it("bad input is 422; another worker or a COL is 404", async () => {
    const bad = await appErrorOf(
      setSkills(c.ctx.worker, { user_id: c.users.worker.id, skills: [2147483000] }),
    );
    expect(bad.errors).toEqual({ skills: ["The selected skills are invalid."] });
    const notMine = await appErrorOf(
      setExperience(c.ctx.worker, { user_id: c.users.worker.id, skill_id: waiter, experience: 1 }),
    );
    expect(notMine.errors).toEqual({ skill_id: ["The user does not have this skill."] });
    const neg = await appErrorOf(
      setExperience(c.ctx.worker, {
        user_id: c.users.worker.id,
        skill_id: bartender,
        experience: -1,
      }),
    );
    expect(neg.status).toBe(422);
    for (const k of ["other", "colA"] as const) {
      expect((await appErrorOf(showSkills(c.ctx[k], c.users.worker.id))).status).toBe(404);
      expect(
        (await appErrorOf(setSkills(c.ctx[k], { user_id: c.users.worker.id, skills: [] }))).status,
      ).toBe(404);
    }
  });
});

describe("GET users/referredBy/{id}", () => {
  it("lists the invited people 5 per page with their status and the counts", async () => {
    const w = c.users.worker.id;
    const joined = await db
      .insert(schema.users)
      .values([
        {
          email: `r1.${Date.now()}@ref.test`,
          name: "Rita Registered",
          passwordHash: "x",
          approved: false,
        },
        {
          email: `r2.${Date.now()}@ref.test`,
          name: "Anton Approved",
          passwordHash: "x",
          approved: true,
        },
        {
          email: `r3.${Date.now()}@ref.test`,
          name: "Ada Active",
          passwordHash: "x",
          approved: true,
          lastLoginAt: new Date(),
        },
        {
          email: `r4.${Date.now()}@ref.test`,
          name: "Dan Deactivated",
          passwordHash: "x",
          approved: true,
          status: "deactivated",
        },
      ])
      .returning();
    const base = Date.parse("2026-10-01T10:00:00Z");
    await db.insert(schema.invitations).values([
      ...joined.map((u, i) => ({
        email: u.email,
        invitedById: w,
        acceptedUserId: u.id,
        acceptedAt: new Date(base + i * 3600_000),
        createdAt: new Date(base + i * 60_000),
      })),
      { email: "ivy@ref.test", invitedById: w, createdAt: new Date(base + 10 * 60_000) },
      { email: "ian@ref.test", invitedById: w, createdAt: new Date(base + 11 * 60_000) },
    ]);
    const page1 = await referredBy(c.ctx.worker, w, {});
    expect(page1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 5, total: 6 });
    expect(page1.counts).toEqual({ invited: 6, joined: 4 });
    expect(page1.items.map((i) => i.status)).toEqual([
      "invited",
      "invited",
      "deactivated",
      "active",
      "approved",
    ]);
    const page2 = await referredBy(c.ctx.admin, w, { page: 2 });
    expect(page2.items).toEqual([
      expect.objectContaining({
        status: "registered",
        user: { id: joined[0].id, name: "Rita Registered" },
      }),
    ]);

    const api = await callRoute(referredRoute.GET, `users/referredBy/${w}?page=2`, {
      token: tokens.worker,
      params: { id: String(w) },
    });
    expect(api.status).toBe(200);
    expect((api.body as { meta: Record<string, number> }).meta).toMatchObject({
      total: 6,
      invited: 6,
      joined: 4,
    });
  });

  it("another worker, a crew handler without the list permission and a COL get 404", async () => {
    for (const k of ["other", "handler", "colA"] as const)
      expect((await appErrorOf(referredBy(c.ctx[k], c.users.worker.id, {}))).status).toBe(404);
  });
});

describe("REST: users/{id}, update_user, payment-information", () => {
  const at = (id: number | string) => ({ params: { id: String(id) } });

  it("GET answers the profile in scope and 404 outside it or for a bad id", async () => {
    const ok = await callRoute(userRoute.GET, `users/${c.users.colA2.id}`, {
      token: tokens.colA,
      ...at(c.users.colA2.id),
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { data: { email: string } }).data.email).toBe(c.users.colA2.email);
    for (const [as, id] of [
      ["colB", c.users.colA2.id],
      ["other", c.users.worker.id],
      ["admin", "abc"],
      ["admin", "99999999999"],
    ] as const) {
      const res = await callRoute(userRoute.GET, `users/${id}`, { token: tokens[as], ...at(id) });
      expect(res.status, `${as} ${id}`).toBe(404);
      expect((res.body as { message: string }).message).toBe("User not found.");
    }
    const anon = await callRoute(
      userRoute.GET,
      `users/${c.users.worker.id}`,
      at(c.users.worker.id),
    );
    expect(anon.status).toBe(401);
  });

  it("PUT and update_user answer the spec's message, 422 per field, and malformed JSON is a 400", async () => {
    const put = await callRoute(userRoute.PUT, `users/${c.users.other.id}`, {
      method: "PUT",
      token: tokens.handler,
      json: { city: "Esbjerg" },
      ...at(c.users.other.id),
    });
    expect(put.status).toBe(200);
    expect((put.body as { data: { message: string } }).data.message).toBe(
      "Data updated successfully!",
    );
    const self = await callRoute(updateUserRoute.POST, "update_user", {
      method: "POST",
      token: tokens.other,
      json: { phone: "nope" },
    });
    expect(self.status).toBe(422);
    expect((self.body as { errors: Record<string, string[]> }).errors).toEqual({
      phone: ["The phone must be a valid phone number."],
    });
    const bad = await callRoute(userRoute.PUT, `users/${c.users.other.id}`, {
      method: "PUT",
      token: tokens.handler,
      rawBody: "{city:",
      ...at(c.users.other.id),
    });
    expect(bad.status).toBe(400);
  });

  it("payment-information: 422 for a bad IBAN, 404 for another worker", async () => {
    const res = await callRoute(paymentRoute.PUT, `payment-information/${c.users.other.id}`, {
      method: "PUT",
      token: tokens.other,
      json: { iban: "GB00 NWBK 6016 1331 9268 19", swift: "NWBKGB2L" },
      ...at(c.users.other.id),
    });
    expect(res.status).toBe(422);
    expect(Object.keys((res.body as { errors: object }).errors)).toEqual(["iban"]);
    const denied = await callRoute(paymentRoute.GET, `payment-information/${c.users.other.id}`, {
      token: tokens.worker,
      ...at(c.users.other.id),
    });
    expect(denied.status).toBe(404);
  });
});
