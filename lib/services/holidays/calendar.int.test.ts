import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { countingDb } from "@/lib/testing/counting-db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { insertJob } from "@/lib/testing/jobs-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as estimateRoute from "@/app/api/v2/rates/client/estimate-costs/route";
import * as holidaysRoute from "@/app/api/v2/settings/holidays/route";
import * as holidayRoute from "@/app/api/v2/settings/holidays/[id]/route";
import * as branchRoute from "@/app/api/v2/branches/[id]/route";
import type { Ctx } from "../context";
import { jobProjection } from "../jobs/projection";
import { getJobClientRates } from "../rates/job-rates";
import { earningsOfSlots } from "../worker/earnings-of";
import { jobCalendars } from "./calendar";

/*
 * Holidays by region and the agency's extra days, priced through the real verbs (issue 21).
 * Every card prices Stagehand per hour with a weekend price above the standard one, and a
 * holiday prices as weekend; every shift is 08:00–16:00 local, 480 minutes:
 *   London  GB-ENG   GBP 20.00 / 30.00 → 16 000 standard, 24 000 holiday (minor units)
 *   Glasgow GB-SCT   GBP 20.00 / 30.00 → 16 000 / 24 000
 *   Munich  DE-BY    EUR 25.00 / 40.00 → 20 000 / 32 000
 *   Berlin  DE-BE    EUR 25.00 / 40.00 → 20 000 / 32 000
 *   Copenhagen (DK)  DKK 200.00 / 300.00 → 160 000 / 240 000
 *   Stockholm (SE)   SEK 250.00 / 375.00 → 200 000 / 300 000
 * The days: England's summer bank holiday Monday 30/08/2027 (Scotland's is 02/08/2027),
 * Fronleichnam Thursday 27/05/2027 (Bavaria's, not Berlin's), Grundlovsdag Friday 05/06/2026
 * and Midsommarafton Friday 19/06/2026 (neither a public holiday until the agency adds it).
 */

let handle: DbHandle;
let db: Db;
let admin: string;
let pm: string;
let pmCtx: Ctx;
let companyId: number;
let stagehand: number;
const country: Record<"GB" | "DE" | "DK" | "SE", number> = { GB: 0, DE: 0, DK: 0, SE: 0 };
const branch: Record<"london" | "glasgow" | "munich" | "berlin" | "cph" | "sto", number> = {
  london: 0,
  glasgow: 0,
  munich: 0,
  berlin: 0,
  cph: 0,
  sto: 0,
};

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const fixture = await createCountryAndCompany(db, "Holiday Events");
  companyId = fixture.company.id;
  country.DK = fixture.country.id;
  await db
    .insert(schema.currencies)
    .values([
      { code: "GBP", name: "Pound sterling", symbol: "£" },
      { code: "EUR", name: "Euro", symbol: "€" },
      { code: "SEK", name: "Swedish krona", symbol: "kr" },
    ])
    .onConflictDoNothing();
  const made = await db
    .insert(schema.countries)
    .values([
      { name: "United Kingdom", isoCode: "GB", currencyCode: "GBP", timeZone: "Europe/London" },
      { name: "Germany", isoCode: "DE", currencyCode: "EUR", timeZone: "Europe/Berlin" },
      { name: "Sweden", isoCode: "SE", currencyCode: "SEK", timeZone: "Europe/Stockholm" },
    ])
    .returning();
  [country.GB, country.DE, country.SE] = made.map((c) => c.id);
  const branches = await db
    .insert(schema.branches)
    .values([
      { name: "London (holidays)", countryId: country.GB, holidayRegion: "GB-ENG" },
      { name: "Glasgow (holidays)", countryId: country.GB, holidayRegion: "GB-SCT" },
      { name: "Munich (holidays)", countryId: country.DE, holidayRegion: "DE-BY" },
      { name: "Berlin (holidays)", countryId: country.DE, holidayRegion: "DE-BE" },
      { name: "Copenhagen (holidays)", countryId: country.DK },
      { name: "Stockholm (holidays)", countryId: country.SE },
    ])
    .returning();
  [branch.london, branch.glasgow, branch.munich, branch.berlin, branch.cph, branch.sto] =
    branches.map((b) => b.id);
  [{ id: stagehand }] = await db
    .insert(schema.skills)
    .values({ name: "Stagehand", order: 1 })
    .returning();
  const card = (branchId: number, currencyCode: string, standard: number, weekend: number) => ({
    companyId,
    branchId,
    currencyCode,
    skillId: stagehand,
    standardPrice: standard,
    weekendPrice: weekend,
  });
  await db
    .insert(schema.clientRates)
    .values([
      card(branch.london, "GBP", 2000, 3000),
      card(branch.glasgow, "GBP", 2000, 3000),
      card(branch.munich, "EUR", 2500, 4000),
      card(branch.berlin, "EUR", 2500, 4000),
      card(branch.cph, "DKK", 20000, 30000),
      card(branch.sto, "SEK", 25000, 37500),
    ]);
  const token = async (role: (typeof ROLE)[keyof typeof ROLE]) => {
    const user = await createUser(db, { roles: [role] });
    return { id: user.id, token: (await issueApiToken(db, user.id, new Date())).access_token };
  };
  admin = (await token(ROLE.admin)).token;
  const manager = await token(ROLE.projectManager);
  pm = manager.token;
  pmCtx = await ctxFor(db, manager.id);
});
afterAll(async () => {
  await handle?.close();
});

/** One Stagehand 08:00–16:00 on a DD/MM/YYYY, priced at a branch in a country: line and total. */
async function estimate(branchId: number, countryId: number, date: string) {
  const res = await callRoute(estimateRoute.POST, "rates/client/estimate-costs", {
    method: "POST",
    token: pm,
    json: {
      company_id: companyId,
      branch_id: branchId,
      country_id: countryId,
      shifts: [
        {
          startDate: date,
          start: "08:00",
          endHour: "16:00",
          slots: [{ skill_id: stagehand, qty: 1 }],
        },
      ],
    },
  });
  expect(res.status).toBe(200);
  const data = (res.body as { data: { total: number; shifts: { lines: { split: string }[] }[] } })
    .data;
  return { split: data.shifts[0].lines[0].split, total: data.total };
}

describe("estimates price a branch's regional holidays", () => {
  it("prices England's summer bank holiday as weekend in London, not in Glasgow", async () => {
    expect(await estimate(branch.london, country.GB, "30/08/2027")).toEqual({
      split: "8 h weekend",
      total: 24000,
    });
    expect(await estimate(branch.glasgow, country.GB, "30/08/2027")).toEqual({
      split: "8 h standard",
      total: 16000,
    });
    // Scotland's summer bank holiday is the first Monday of August.
    expect((await estimate(branch.glasgow, country.GB, "02/08/2027")).total).toBe(24000);
    expect((await estimate(branch.london, country.GB, "02/08/2027")).total).toBe(16000);
  });

  it("prices Fronleichnam as weekend in Munich, not in Berlin", async () => {
    expect(await estimate(branch.munich, country.DE, "27/05/2027")).toEqual({
      split: "8 h weekend",
      total: 32000,
    });
    expect(await estimate(branch.berlin, country.DE, "27/05/2027")).toEqual({
      split: "8 h standard",
      total: 20000,
    });
  });

  it("follows a branch's region when it changes (PUT branches/{id})", async () => {
    const put = (holiday_region: string | null) =>
      callRoute(branchRoute.PUT, `branches/${branch.glasgow}`, {
        method: "PUT",
        token: admin,
        params: { id: String(branch.glasgow) },
        json: { name: "Glasgow (holidays)", country_id: country.GB, holiday_region },
      });
    expect((await put("GB-ENG")).status).toBe(200);
    expect((await estimate(branch.glasgow, country.GB, "30/08/2027")).total).toBe(24000);
    expect((await put(null)).status).toBe(200);
    // National holidays only: neither nation's summer bank holiday.
    expect((await estimate(branch.glasgow, country.GB, "30/08/2027")).total).toBe(16000);
    expect((await estimate(branch.glasgow, country.GB, "02/08/2027")).total).toBe(16000);
    expect((await put("GB-SCT")).status).toBe(200);
  });
});

describe("the agency's extra days price as holidays once added", () => {
  const add = async (countryId: number, rule: string) => {
    const res = await callRoute(holidaysRoute.POST, "settings/holidays", {
      method: "POST",
      token: admin,
      json: { country_id: countryId, rule },
    });
    expect(res.status).toBe(201);
    return (res.body as { data: { id: number; name: string } }).data;
  };
  const remove = async (id: number) => {
    const res = await callRoute(holidayRoute.DELETE, `settings/holidays/${id}`, {
      method: "DELETE",
      token: admin,
      params: { id: String(id) },
    });
    expect(res.status).toBe(200);
  };

  it("Grundlovsdag in Denmark", async () => {
    expect(await estimate(branch.cph, country.DK, "05/06/2026")).toEqual({
      split: "8 h standard",
      total: 160000,
    });
    const day = await add(country.DK, "06-05");
    expect(day.name).toBe("Grundlovsdag");
    expect(await estimate(branch.cph, country.DK, "05/06/2026")).toEqual({
      split: "8 h weekend",
      total: 240000,
    });
    // Denmark's day is not Sweden's.
    expect((await estimate(branch.sto, country.SE, "05/06/2026")).total).toBe(200000);
    await remove(day.id);
    expect((await estimate(branch.cph, country.DK, "05/06/2026")).total).toBe(160000);
  });

  it("Midsommarafton in Sweden, the Friday between 19 and 25 June of each year", async () => {
    expect((await estimate(branch.sto, country.SE, "19/06/2026")).total).toBe(200000);
    const day = await add(country.SE, "friday after 06-19");
    expect(day.name).toBe("Midsommarafton");
    expect(await estimate(branch.sto, country.SE, "19/06/2026")).toEqual({
      split: "8 h weekend",
      total: 300000,
    });
    expect((await estimate(branch.sto, country.SE, "25/06/2027")).total).toBe(300000);
    expect((await estimate(branch.sto, country.SE, "18/06/2027")).total).toBe(200000);
    await remove(day.id);
  });
});

describe("a job's projection, rate tab and a worker's earnings use the pricing branch's calendar", () => {
  let jobId: number;
  let slotId: number;
  let shift: { startsAt: Date; endsAt: Date };
  let worker: number;

  beforeAll(async () => {
    const [uk] = await db
      .insert(schema.companies)
      .values({ name: "UK Events", countryId: country.GB, defaultBranchId: branch.london })
      .returning();
    await db.insert(schema.clientRates).values({
      companyId: uk.id,
      branchId: branch.london,
      currencyCode: "GBP",
      skillId: stagehand,
      standardPrice: 2000,
      weekendPrice: 3000,
    });
    await db.insert(schema.workerRates).values({
      branchId: branch.london,
      currencyCode: "GBP",
      skillId: stagehand,
      amount: 1200,
      weekendAmount: 1800,
    });
    // Monday 30/08/2027 08:00–16:00 BST.
    shift = {
      startsAt: new Date("2027-08-30T07:00:00Z"),
      endsAt: new Date("2027-08-30T15:00:00Z"),
    };
    const job = await insertJob(db, {
      name: "Bank holiday gig",
      companyId: uk.id,
      countryId: country.GB,
      workerRates: false,
      shifts: [{ ...shift, slots: [{ skillId: stagehand, positions: 2 }] }],
    });
    jobId = job.id;
    slotId = job.shifts[0].slots[0].id;
    worker = (await createUser(db, { roles: [ROLE.worker] })).id;
  });

  const setRegion = (holidayRegion: string | null) =>
    db.update(schema.branches).set({ holidayRegion }).where(eq(schema.branches.id, branch.london));

  it("plans the bank holiday at the weekend price in England, the standard one for Scotland", async () => {
    // 2 × 480 min × 30.00 / 60 = 480.00 revenue; 2 × 480 × 18.00 / 60 = 288.00 cost.
    const england = await jobProjection(pmCtx, jobId);
    expect(england.currency).toBe("GBP");
    expect(england.totals.planned).toMatchObject({ revenue: 48000, worker_cost: 28800 });
    expect(england.shifts[0].slots[0].split).toBe("8 h weekend");
    await setRegion("GB-SCT");
    try {
      const scotland = await jobProjection(pmCtx, jobId);
      // 2 × 480 × 20.00 / 60 = 320.00; 2 × 480 × 12.00 / 60 = 192.00.
      expect(scotland.totals.planned).toMatchObject({ revenue: 32000, worker_cost: 19200 });
      expect(scotland.shifts[0].slots[0].split).toBe("8 h standard");
    } finally {
      await setRegion("GB-ENG");
    }
  });

  it("prices the rate tab's example and the worker's estimate the same way", async () => {
    const rates = await getJobClientRates(pmCtx, jobId);
    expect(rates.rates[0].example).toMatchObject({ split: "8 h weekend", total: 24000 });
    const pay = await earningsOfSlots(db, worker, [
      { slotId, jobId, skillId: stagehand, ...shift },
    ]);
    expect(pay.get(slotId)?.estimate).toMatchObject({ amount: 14400, split: "8 h weekend" });
    await setRegion(null);
    try {
      const national = await earningsOfSlots(db, worker, [
        { slotId, jobId, skillId: stagehand, ...shift },
      ]);
      expect(national.get(slotId)?.estimate).toMatchObject({ amount: 9600, split: "8 h standard" });
    } finally {
      await setRegion("GB-ENG");
    }
  });

  it("reads the calendars of any number of jobs in one query", async () => {
    const counting = countingDb(handle);
    const calendars = await jobCalendars(counting.db, [
      {
        jobId: 1,
        companyId,
        branchId: branch.london,
        branchIds: [],
        currencyCode: "GBP",
        timeZone: "Europe/London",
        countryIso: "GB",
      },
      {
        jobId: 2,
        companyId,
        branchId: branch.munich,
        branchIds: [],
        currencyCode: "EUR",
        timeZone: "Europe/Berlin",
        countryIso: "DE",
      },
      {
        jobId: 3,
        companyId,
        branchId: null,
        branchIds: [],
        currencyCode: "SEK",
        timeZone: "Europe/Stockholm",
        countryIso: "SE",
      },
    ]);
    expect(counting.statements()).toBe(1);
    expect(calendars.get(1)!("2027-08-30")).toBe(true);
    expect(calendars.get(2)!("2027-05-27")).toBe(true);
    // Without a pricing branch: the job's country, national.
    expect(calendars.get(3)!("2026-06-06")).toBe(true);
    expect(calendars.get(3)!("2027-08-30")).toBe(false);
  });
});
