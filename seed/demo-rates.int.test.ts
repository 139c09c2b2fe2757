import { describe, expect, it } from "vitest";
import { holidayRegionOf, holidayRuleProblem } from "@/lib/domain/holidays";
import { branchCalendar } from "@/lib/services/holidays/calendar";
import { clientRatesFor, workerRateKey, workerRatesFor } from "@/lib/services/rates/lookup";
import { SEED_MOMENTS, seededDemo } from "./demo.test-support";

/** The demo seed's money: additional costs, rate cards and presets, rates copied onto jobs. */
describe.each(SEED_MOMENTS)("seedDemo's rates and costs at %s", (_label, now) => {
  const demo = seededDemo(now);
  const rows = <T>(query: string, params: unknown[] = []) => demo.rows<T>(query, params);

  it("gives a few live jobs additional costs of every category, in the job's currency", async () => {
    const costs = await rows<{
      category: string;
      equipment: string | null;
      currency: string;
      job_currency: string;
      archived: boolean;
    }>(
      `select a.category, e.name as equipment, a.currency_code as currency,
              c.currency_code as job_currency, j.deleted_at is not null as archived
         from additional_costs a
         join jobs j on j.id = a.job_id
         join countries c on c.id = j.country_id
         left join equipment_categories e on e.id = a.equipment_category_id`,
    );
    expect(new Set(costs.map((c) => c.category))).toEqual(
      new Set(["travel", "equipment", "food", "other"]),
    );
    for (const c of costs) {
      expect(c.currency).toBe(c.job_currency);
      expect(c.archived).toBe(false);
      // An equipment cost names its kind of equipment; no other cost does.
      expect(c.equipment !== null).toBe(c.category === "equipment");
    }
    const jobs = await rows<{ n: number }>(
      "select count(distinct job_id)::int as n from additional_costs",
    );
    expect(jobs[0].n).toBeGreaterThanOrEqual(3);
  });

  it("gives every demo client a rate card at its default branch, presets and worker rates", async () => {
    const cards = await rows<{ name: string; currency: string; n: number; night: number }>(
      `select c.name, max(r.currency_code) as currency, count(*)::int as n,
         count(r.night_start)::int as night
       from companies c join client_rates r on r.company_id = c.id and r.branch_id = c.default_branch_id
       where r.job_id is null group by c.name order by c.name`,
    );
    expect(cards.map((c) => c.currency).sort()).toEqual(["DKK", "EUR", "GBP", "NOK", "SEK"]);
    expect(cards.every((c) => c.n >= 3)).toBe(true);
    expect(cards.filter((c) => c.night > 0).length).toBeGreaterThanOrEqual(2);
    expect(cards.filter((c) => c.night === 0).length).toBeGreaterThanOrEqual(1);
    const presets = await rows<{ name: string; currency: string }>(
      "select name, json_data->>'currency_code' as currency from rate_presets order by name",
    );
    expect(presets).toEqual([
      { name: "Danish festival crew", currency: "DKK" },
      { name: "Swedish arena standard", currency: "SEK" },
    ]);
    const [william] = await rows<{ id: number; branch: number }>(
      `select u.id, b.id as branch from users u, branches b
       where u.email = 'worker@crewdeck.test' and b.name = 'Copenhagen'`,
    );
    const forklift = await rows<{ id: number }>(
      "select id from skills where name = 'Forklift driver'",
    );
    const pay = await workerRatesFor(demo.handle.db, {
      branchIds: [william.branch],
      pairs: [{ userId: william.id, skillId: forklift[0].id }],
    });
    expect(pay.get(workerRateKey(william.id, forklift[0].id))).toMatchObject({
      source: "custom",
      standard: 21500,
    });
    const [nordlys] = await rows<{ id: number; branch: number }>(
      "select id, default_branch_id as branch from companies where name like 'Nordlys%'",
    );
    const price = await clientRatesFor(demo.handle.db, {
      companyId: nordlys.id,
      branchId: nordlys.branch,
      skillIds: [forklift[0].id],
    });
    expect(price.get(forklift[0].id)?.standard).toBe(39500);
  });

  it("copies the cards onto every demo job with a priced skill (the job rate tabs)", async () => {
    const [copied] = await rows<{ jobs: number; priced: number; drivers: number }>(
      `select
         (select count(distinct job_id)::int from client_rates where job_id is not null) as jobs,
         (select count(distinct j.id)::int from jobs j
            join companies c on c.id = j.company_id
            join shifts s on s.job_id = j.id and s.deleted_at is null
            join shift_slots sl on sl.shift_id = s.id and sl.deleted_at is null
            join client_rates r on r.company_id = c.id and r.branch_id = c.default_branch_id
              and r.job_id is null and r.skill_id = sl.skill_id) as priced,
         (select count(*)::int from worker_rates wr join skills s on s.id = wr.skill_id
            join jobs j on j.id = wr.job_id
            where s.name = 'Driver' and j.starts_at >= $1) as drivers`,
      [now],
    );
    expect(copied.priced).toBeGreaterThan(5);
    expect(copied.jobs).toBe(copied.priced);
    // A driver's rate exists only as agreed on a job that has already run (so past approved
    // hours are priced); booking a driver onto an upcoming job still finds no rate.
    expect(copied.drivers).toBe(0);
    const mismatched = await rows<{ id: number }>(
      `select jr.id from client_rates jr
       join client_rates cr on cr.company_id = jr.company_id and cr.branch_id = jr.branch_id
         and cr.skill_id = jr.skill_id and cr.job_id is null and cr.level_id is null
       where jr.job_id is not null and jr.standard_price <> cr.standard_price`,
    );
    expect(mismatched).toEqual([]);
  });

  it("keeps drivers without a worker rate anywhere (the missing-rates journey)", async () => {
    const drivers = await rows<{ user_id: number; branch_id: number | null; skill_id: number }>(
      `select us.user_id, ub.branch_id, us.skill_id from user_skills us
       join skills s on s.id = us.skill_id and s.name = 'Driver'
       left join user_branches ub on ub.user_id = us.user_id`,
    );
    expect(drivers.length).toBeGreaterThan(0);
    const branches = (await rows<{ id: number }>("select id from branches")).map((b) => b.id);
    const pay = await workerRatesFor(demo.handle.db, {
      branchIds: branches,
      pairs: drivers.map((d) => ({ userId: d.user_id, skillId: d.skill_id })),
    });
    expect(pay.size).toBe(0);
  });

  it("prices a worker whose level is not set by the card's any-level row", async () => {
    const [freja] = await rows<{ id: number; skill: number; branch: number }>(
      `select us.user_id as id, us.skill_id as skill, ub.branch_id as branch
       from user_skills us join user_branches ub on ub.user_id = us.user_id
       join skills s on s.id = us.skill_id and s.name = 'Stagehand'
       where us.level_id is null limit 1`,
    );
    expect(freja).toBeDefined();
    const pay = await workerRatesFor(demo.handle.db, {
      branchIds: [freja.branch],
      pairs: [{ userId: freja.id, skillId: freja.skill }],
    });
    expect(pay.get(workerRateKey(freja.id, freja.skill))).toMatchObject({
      source: "card",
      levelId: null,
    });
  });

  it("names the British and German branches' holiday regions and the agency's extra days", async () => {
    const branches = await rows<{ name: string; iso: string; region: string | null; id: number }>(
      `select b.id, b.name, c.iso_code as iso, b.holiday_region as region
       from branches b join countries c on c.id = b.country_id order by b.name`,
    );
    const regions = Object.fromEntries(branches.map((b) => [b.name, b.region]));
    expect(regions).toMatchObject({
      London: "GB-ENG",
      Manchester: "GB-ENG",
      Berlin: "DE-BE",
      Hamburg: "DE-HH",
      Copenhagen: null,
    });
    for (const b of branches.filter((b) => b.region))
      expect(holidayRegionOf(b.iso, b.region!)).not.toBeNull();
    const days = await rows<{ iso: string; rule: string; name: string }>(
      `select c.iso_code as iso, h.rule, h.name from agency_holidays h
       join countries c on c.id = h.country_id order by h.name`,
    );
    expect(days).toEqual([
      { iso: "DK", rule: "06-05", name: "Grundlovsdag" },
      { iso: "SE", rule: "friday after 06-19", name: "Midsommarafton" },
    ]);
    for (const d of days) expect(holidayRuleProblem(d.rule, 2026)).toBeNull();
    // The calendars the engine reads: London's summer bank holiday, Copenhagen's Grundlovsdag.
    const id = (name: string) => branches.find((b) => b.name === name)!.id;
    expect((await branchCalendar(demo.handle.db, id("London")))("2027-08-30")).toBe(true);
    expect((await branchCalendar(demo.handle.db, id("Copenhagen")))("2026-06-05")).toBe(true);
    expect((await branchCalendar(demo.handle.db, id("Oslo")))("2026-06-05")).toBe(false);
  });
});
