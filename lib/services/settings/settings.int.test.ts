import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { queueMail } from "@/lib/mail";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import * as settingsRoute from "@/app/api/v2/settings/route";
import * as logoRoute from "@/app/api/v2/agency/logo/route";
import * as dressCodesRoute from "@/app/api/v2/dresscodes/route";
import * as logoutRoute from "@/app/api/v2/auth/logout/route";
import type { Ctx } from "../context";
import { getSettings, putSetting, SETTING_DEFAULTS } from ".";
import {
  assertServiceOpen,
  deleteAgencyLogo,
  getAgencySettings,
  MAINTENANCE_MESSAGE,
  updateAgencySettings,
  uploadAgencyLogo,
} from "./agency";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

let handle: DbHandle;
let db: Db;
let admin: Ctx;
let pm: Ctx;
let worker: Ctx;
let client: Ctx;
let uploadDir: string;
const token: Partial<Record<RoleTitle, string>> = {};

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  uploadDir = await mkdtemp(path.join(tmpdir(), "crewdeck-settings-"));
  setFileStore(localStore(uploadDir));
  const { company } = await createCountryAndCompany(db);
  const make = async (role: RoleTitle) => {
    const user = await createUser(db, {
      roles: [role],
      ...(role === ROLE.client ? { companyId: company.id } : {}),
    });
    token[role] = (await issueApiToken(db, user.id, new Date())).access_token;
    return ctxFor(db, user.id);
  };
  admin = await make(ROLE.admin);
  pm = await make(ROLE.projectManager);
  worker = await make(ROLE.worker);
  client = await make(ROLE.client);
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(uploadDir, { recursive: true, force: true });
  await handle?.close();
});
beforeEach(async () => {
  await db.delete(schema.settings);
});

const lastActivity = async () =>
  (
    await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.logName, "settings"))
      .orderBy(desc(schema.activityLog.id))
      .limit(1)
  )[0];

describe("agency settings", () => {
  it("reads the defaults until something is saved", async () => {
    const s = await getAgencySettings(admin);
    expect(s).toMatchObject({
      two_factor_required_for_admins: false,
      maintenance_mode: false,
      agency_name: SETTING_DEFAULTS.agency_name,
      default_page_size: 10,
      logo_url: null,
    });
  });

  it("is for settings_access holders only", async () => {
    for (const ctx of [pm, worker, client]) {
      expect((await appErrorOf(getAgencySettings(ctx))).status).toBe(403);
      expect((await appErrorOf(updateAgencySettings(ctx, { maintenance_mode: true }))).status).toBe(
        403,
      );
    }
    expect((await getSettings(db, ["maintenance_mode"])).maintenance_mode).toBe(false);
  });

  it("changes only the keys sent and logs before and after", async () => {
    const r = await updateAgencySettings(admin, {
      agency_name: "  Nordic Crew ApS ",
      agency_phone: "+45 33 12 34 56",
      default_page_size: "25",
    });
    expect(r).toMatchObject({
      message: "Agency settings saved",
      agency_name: "Nordic Crew ApS",
      agency_phone: "+45 33 12 34 56",
      default_page_size: 25,
      maintenance_mode: false,
    });
    const log = await lastActivity();
    expect(log.properties).toEqual({
      old: { agency_name: "Crewdeck", agency_phone: null, default_page_size: 10 },
      attributes: {
        agency_name: "Nordic Crew ApS",
        agency_phone: "+45 33 12 34 56",
        default_page_size: 25,
      },
    });
    // The same values again: nothing changes, nothing is logged.
    await updateAgencySettings(admin, { agency_name: "Nordic Crew ApS" });
    expect((await lastActivity()).id).toBe(log.id);
    // The terms printed on quotes: kept as written, blank clears them.
    const terms = await updateAgencySettings(admin, {
      agency_quote_terms: " Payment within 14 days. ",
    });
    expect(terms.agency_quote_terms).toBe("Payment within 14 days.");
    await updateAgencySettings(admin, { agency_quote_terms: "  " });
    expect((await getAgencySettings(admin)).agency_quote_terms).toBeNull();
  });

  it("refuses bad values with field errors and changes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ agency_email: "not-an-address" }, "agency_email"],
      [{ agency_website: "javascript:alert(1)" }, "agency_website"],
      [{ agency_phone: "call me" }, "agency_phone"],
      [{ default_page_size: 7 }, "default_page_size"],
      [{ agency_quote_terms: "x".repeat(5_001) }, "agency_quote_terms"],
      [{ maintenance_mode: "perhaps" }, "maintenance_mode"],
      [{ agency_name: "" }, "agency_name"],
    ];
    for (const [input, field] of cases) {
      const err = await appErrorOf(updateAgencySettings(admin, input));
      expect(err.status, field).toBe(422);
      expect(Object.keys(err.errors ?? {}), field).toContain(field);
    }
    expect((await appErrorOf(updateAgencySettings(admin, {}))).status).toBe(422);
    expect((await appErrorOf(updateAgencySettings(admin, { theme: "dark" }))).status).toBe(422);
    expect(await db.select().from(schema.settings)).toEqual([]);
  });

  it("stores an uploaded logo as a PNG served publicly, and removes it", async () => {
    const jpeg = await sharp({
      create: { width: 1200, height: 300, channels: 3, background: "#123456" },
    })
      .jpeg()
      .toBuffer();
    const r = await uploadAgencyLogo(admin, new Blob([new Uint8Array(jpeg)]));
    expect(r.logo_url).toMatch(/^\/api\/v2\/agency\/logo\?v=/);
    const res = await callRoute(logoRoute.GET, "agency/logo");
    expect(res.status).toBe(200);
    expect(res.contentType).toBe("image/png");
    const bad = await appErrorOf(uploadAgencyLogo(admin, new Blob(["<svg onload=alert(1)>"])));
    expect(bad.status).toBe(422);
    expect((await appErrorOf(uploadAgencyLogo(pm, new Blob([new Uint8Array(jpeg)])))).status).toBe(
      403,
    );
    expect((await deleteAgencyLogo(admin)).logo_url).toBeNull();
    expect((await callRoute(logoRoute.GET, "agency/logo")).status).toBe(404);
    // Removing it again changes nothing and logs nothing.
    const logged = await db.$count(schema.activityLog);
    expect((await deleteAgencyLogo(admin)).logo_url).toBeNull();
    expect(await db.$count(schema.activityLog)).toBe(logged);
  });

  it("closes every e-mail with the agency's name and contact details", async () => {
    await updateAgencySettings(admin, {
      agency_name: "Nordic Crew ApS",
      agency_email: "office@nordiccrew.dk",
      agency_address: "Vesterbrogade 1, 1620 København V",
    });
    const id = await db.transaction((tx) =>
      queueMail(
        tx,
        { to: "a@example.com", subject: "Hi", text: "Body", html: "<p>Body</p>", template: "t" },
        new Date(),
      ),
    );
    const [mail] = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id!));
    expect(mail.text).toBe(
      "Body\n\n-- \nNordic Crew ApS\nVesterbrogade 1, 1620 København V\noffice@nordiccrew.dk",
    );
    expect(mail.html).toContain("Nordic Crew ApS<br>Vesterbrogade 1");
  });
});

describe("maintenance mode", () => {
  it("shuts out everyone but administrators, with the message", async () => {
    await putSetting(db, "maintenance_mode", true);
    // The actor is read with the maintenance flag, in its one query.
    const again = (ctx: Ctx) => ctxFor(db, ctx.actor?.kind === "user" ? ctx.actor.userId : 0);
    await assertServiceOpen(await again(admin));
    await assertServiceOpen({ ...admin, actor: null });
    for (const before of [pm, worker, client]) {
      const ctx = await again(before);
      const err = await appErrorOf(assertServiceOpen(ctx));
      expect(err.status).toBe(503);
      expect(err.message).toBe(MAINTENANCE_MESSAGE);
    }
    await putSetting(db, "maintenance_message", "Back at 07:00.");
    expect((await appErrorOf(assertServiceOpen(await again(pm)))).message).toBe("Back at 07:00.");
    await assertServiceOpen(pm); // read before maintenance began
  });

  it("makes the API answer 503 with Retry-After to a PM, while the administrator works", async () => {
    await updateAgencySettings(admin, { maintenance_mode: true });
    const closed = await callRoute(dressCodesRoute.GET, "dresscodes", {
      token: token[ROLE.projectManager],
    });
    expect(closed.status).toBe(503);
    expect(closed.headers.get("retry-after")).toBe("300");
    expect(closed.body).toMatchObject({ type: "maintenance", message: MAINTENANCE_MESSAGE });
    const open = await callRoute(dressCodesRoute.GET, "dresscodes", {
      token: token[ROLE.admin],
    });
    expect(open.status).toBe(200);
    // Signing out stays possible.
    const out = await callRoute(logoutRoute.POST, "auth/logout", {
      method: "POST",
      token: token[ROLE.worker],
    });
    expect(out.status).toBe(200);
    await updateAgencySettings(admin, { maintenance_mode: false });
    const again = await callRoute(dressCodesRoute.GET, "dresscodes", {
      token: token[ROLE.projectManager],
    });
    expect(again.status).toBe(200);
  });

  it("GET and PUT settings through the API", async () => {
    const put = await callRoute(settingsRoute.PUT, "settings", {
      method: "PUT",
      token: token[ROLE.admin],
      json: { two_factor_required_for_admins: true },
    });
    expect(put.status).toBe(200);
    const got = await callRoute(settingsRoute.GET, "settings", { token: token[ROLE.admin] });
    expect((got.body as { data: { two_factor_required_for_admins: boolean } }).data).toMatchObject({
      two_factor_required_for_admins: true,
    });
    const denied = await callRoute(settingsRoute.PUT, "settings", {
      method: "PUT",
      token: token[ROLE.projectManager],
      json: { maintenance_mode: true },
    });
    expect(denied.status).toBe(403);
  });
});
