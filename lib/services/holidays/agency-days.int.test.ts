import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall } from "@/lib/testing/route-request";
import * as holidaysRoute from "@/app/api/v2/settings/holidays/route";
import * as holidayRoute from "@/app/api/v2/settings/holidays/[id]/route";
import type { Ctx } from "../context";
import {
  addAgencyHoliday,
  listAgencyHolidays,
  MAX_DAYS,
  removeAgencyHoliday,
  type CountryHolidaysView,
} from "./agency-days";

/** The agency's extra holidays per country (issue 21): GET/POST settings/holidays, DELETE …/{id}. */

let handle: DbHandle;
let db: Db;
let dk: number;
let se: number;
let fi: number;
let admin: Ctx;
const token: Partial<Record<RoleTitle, string>> = {};
// A Thursday in November 2026: this year's Grundlovsdag (5 June) is past, next year's ahead.
const now = new Date("2026-11-26T12:00:00Z");

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  dk = (await createCountryAndCompany(db)).country.id;
  await db
    .insert(schema.currencies)
    .values([
      { code: "SEK", name: "Swedish krona", symbol: "kr" },
      { code: "EUR", name: "Euro", symbol: "€" },
    ])
    .onConflictDoNothing();
  [{ id: se }, { id: fi }] = await db
    .insert(schema.countries)
    .values([
      { name: "Sweden", isoCode: "SE", currencyCode: "SEK", timeZone: "Europe/Stockholm" },
      {
        name: "Finland",
        isoCode: "FI",
        currencyCode: "EUR",
        timeZone: "Europe/Helsinki",
        operational: false,
      },
    ])
    .returning();
  for (const role of [ROLE.admin, ROLE.projectManager, ROLE.crewHandler, ROLE.worker]) {
    const user = await createUser(db, { roles: [role] });
    token[role] = (await issueApiToken(db, user.id, new Date())).access_token;
    if (role === ROLE.admin) admin = await ctxFor(db, user.id, { now });
  }
});
afterAll(async () => {
  await handle?.close();
});

type ErrorBody = { message: string; type?: string; errors?: Record<string, string[]> };
type Day = { id: number; country_id: number; rule: string; name: string; message: string };

const as = (role: RoleTitle | null, c: ApiCall) => ({
  ...c,
  ...(role ? { token: token[role] } : {}),
});
const list = (role: RoleTitle | null = ROLE.admin) =>
  callRoute(holidaysRoute.GET, "settings/holidays", as(role, { method: "GET" }));
const add = (json: unknown, role: RoleTitle | null = ROLE.admin) =>
  callRoute(holidaysRoute.POST, "settings/holidays", as(role, { method: "POST", json }));
const remove = (id: string | number, role: RoleTitle | null = ROLE.admin) =>
  callRoute(
    holidayRoute.DELETE,
    `settings/holidays/${id}`,
    as(role, { method: "DELETE", params: { id: String(id) } }),
  );
const rows = () => db.select().from(schema.agencyHolidays);
const activity = () =>
  db
    .select({
      description: schema.activityLog.description,
      subjectId: schema.activityLog.subjectId,
    })
    .from(schema.activityLog)
    .where(eq(schema.activityLog.subjectType, "agency_holidays"));

describe("settings/holidays", () => {
  let grundlovsdag: Day;

  it("is for settings_access only: 403 for a project manager, a crew handler and a worker, 401 without a user", async () => {
    for (const role of [ROLE.projectManager, ROLE.crewHandler, ROLE.worker]) {
      expect((await list(role)).status).toBe(403);
      expect((await add({ country_id: dk, rule: "06-05" }, role)).status).toBe(403);
      expect((await remove(1, role)).status).toBe(403);
    }
    expect((await list(null)).status).toBe(401);
    expect((await add({ country_id: dk, rule: "06-05" }, null)).status).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it("adds a day date-holidays knows with its name, in one transaction with its activity row", async () => {
    const res = await add({ country_id: dk, rule: "06-05" });
    expect(res.status).toBe(201);
    grundlovsdag = (res.body as { data: Day }).data;
    expect(grundlovsdag).toMatchObject({
      country_id: dk,
      rule: "06-05",
      name: "Grundlovsdag",
      message: "Holiday Grundlovsdag added to Denmark",
    });
    expect(await activity()).toEqual([
      {
        description: 'Added the holiday "Grundlovsdag" (06-05) for Denmark',
        subjectId: grundlovsdag.id,
      },
    ]);
  });

  it("adds a day of the agency's own, as DD/MM or a date-holidays rule, with its name", async () => {
    const res = await add({ country_id: se, rule: " Friday  after 06-19 ", name: "Midsommar" });
    expect(res.status).toBe(201);
    expect((res.body as { data: Day }).data).toMatchObject({
      rule: "Friday after 06-19",
      name: "Midsommar",
    });
    const once = await addAgencyHoliday(admin, {
      country_id: dk,
      rule: "04/06/2027",
      name: "Company day",
    });
    expect(once).toMatchObject({ rule: "2027-06-04", next_date: "2027-06-04" });
  });

  it("lists each operational country by id with its regions, extra days (soonest first) and the days it may add", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const data = (res.body as { data: CountryHolidaysView[] }).data;
    // Finland is not operational and has no extra days: not listed.
    expect(data.map((c) => c.country.name)).toEqual(["Denmark", "Sweden"]);
    const views = await listAgencyHolidays(admin);
    const denmark = views[0];
    expect(denmark.regions).toEqual([]);
    expect(denmark.days.map((d) => [d.name, d.next_date])).toEqual([
      ["Company day", "2027-06-04"],
      ["Grundlovsdag", "2027-06-05"],
    ]);
    // What may still be added: date-holidays' other non-public Danish days, not Grundlovsdag.
    expect(denmark.known.map((k) => k.name)).toContain("Juleaftensdag");
    expect(denmark.known.map((k) => k.rule)).not.toContain("06-05");
    expect(denmark.known.every((k) => k.type !== "public")).toBe(true);
    expect(views[1].known.map((k) => k.rule)).toContain("friday after 06-19");
  });

  it("answers a day already on the list with 409, also under another spelling, writing nothing", async () => {
    const before = (await rows()).length;
    for (const rule of ["06-05", "05/06", "06-05 00:00"]) {
      const res = await add({ country_id: dk, rule, name: "Constitution Day" });
      expect(res.status).toBe(409);
      expect((res.body as ErrorBody).type).toBe("holiday_exists");
    }
    expect(((await add({ country_id: dk, rule: "06-05" })).body as ErrorBody).message).toBe(
      "Grundlovsdag is already on Denmark's list of holidays.",
    );
    expect(
      ((await add({ country_id: dk, rule: "06-05 00:00", name: "x" })).body as ErrorBody).message,
    ).toBe("These days are already on Denmark's list of holidays (Grundlovsdag).");
    // The same day in another country is that country's own.
    expect((await add({ country_id: se, rule: "06-05", name: "Not Swedish" })).status).toBe(201);
    expect((await rows()).length).toBe(before + 1);
  });

  it("answers bad input with a 422 on the field, writing nothing", async () => {
    const before = (await rows()).length;
    const cases: [unknown, string, string][] = [
      [{ country_id: dk, rule: "bogus", name: "X" }, "rule", "date-holidays cannot read this rule"],
      [{ country_id: dk, rule: "06-31", name: "X" }, "rule", "06-31 is not a date."],
      [{ country_id: dk, rule: "31/02", name: "X" }, "rule", "02-31 is not a date."],
      [{ country_id: dk, rule: "2020-06-05", name: "X" }, "rule", "This rule gives no day between"],
      [{ country_id: dk, rule: "", name: "X" }, "rule", "The rule field is required."],
      [
        { country_id: dk, rule: "12-25", name: "X" },
        "rule",
        "These days are public holidays in Denmark already.",
      ],
      [{ country_id: dk, rule: "06-06" }, "name", "The name field is required."],
      [{ country_id: dk, rule: "06-06", name: "x".repeat(101) }, "name", "at most 100"],
      [{ rule: "06-06", name: "X" }, "country_id", "The country field is required."],
      [{ country_id: 99999999, rule: "06-06", name: "X" }, "country_id", "does not exist"],
      [{ country_id: fi, rule: "06-06", name: "X" }, "country_id", "not operational"],
      [{ country_id: "abc", rule: "06-06", name: "X" }, "country_id", ""],
      [{ country_id: dk, rule: ["06-06"], name: "X" }, "rule", ""],
      [{ country_id: dk, rule: "x".repeat(5000), name: "X" }, "rule", "at most 100"],
    ];
    for (const [json, field, text] of cases) {
      const res = await add(json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      const errors = (res.body as ErrorBody).errors ?? {};
      expect(Object.keys(errors)).toContain(field);
      expect(errors[field].join(" ")).toContain(text);
    }
    expect((await rows()).length).toBe(before);
  });

  it("keeps a country's list to at most 50 days", async () => {
    const [{ id: no }] = await db
      .insert(schema.countries)
      .values({ name: "Norway", isoCode: "NO", currencyCode: "DKK", timeZone: "Europe/Oslo" })
      .returning();
    await db.insert(schema.agencyHolidays).values(
      Array.from({ length: MAX_DAYS }, (_, i) => ({
        countryId: no,
        rule: `${2030 + Math.floor(i / 28)}-02-${String((i % 28) + 1).padStart(2, "0")}`,
        name: `Day ${i}`,
      })),
    );
    const err = await appErrorOf(
      addAgencyHoliday(admin, { country_id: no, rule: "07-01", name: "X" }),
    );
    expect(err.status).toBe(422);
    expect(err.errors).toEqual({
      rule: [`A country can have at most ${MAX_DAYS} extra holidays.`],
    });
  });

  it("removes a day with its activity row; an unknown or malformed id is a 404", async () => {
    const res = await remove(grundlovsdag.id);
    expect(res.status).toBe(200);
    expect((res.body as { data: { message: string } }).data.message).toBe(
      "Holiday Grundlovsdag removed from Denmark",
    );
    expect((await rows()).some((r) => r.id === grundlovsdag.id)).toBe(false);
    expect((await activity()).map((a) => a.description)).toContain(
      'Removed the holiday "Grundlovsdag" (06-05) of Denmark',
    );
    const count = (await rows()).length;
    for (const id of [grundlovsdag.id, "abc", 0, -1, "99999999999"]) {
      const gone = await remove(id);
      expect(gone.status).toBe(404);
      expect((gone.body as ErrorBody).message).toBe("Holiday not found.");
    }
    expect((await appErrorOf(removeAgencyHoliday(admin, 2147483647))).status).toBe(404);
    expect((await rows()).length).toBe(count);
  });

  it("answers methods it does not have with 405", async () => {
    const res = await callRoute(
      holidaysRoute.PUT,
      "settings/holidays",
      as(ROLE.admin, { method: "PUT", json: {} }),
    );
    expect(res.status).toBe(405);
  });
});
