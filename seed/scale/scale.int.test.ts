import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, pgliteHandle, type DbHandle } from "@/db";
import { CHECK_NAMES, runDbChecks } from "@/lib/db-check/checks";
import { APPLICATION_STATUSES, FILLED_STATUSES } from "@/lib/domain/statuses";
import { ensureReferenceData } from "../reference";
import { seedDemo } from "../demo";
import { ScaleSeedRefused, seedScale, sizesAt, type ScaleSummary } from "./index";
import { holdsData, SCALE_REFUSED, seedScaleDatabase } from "./run-scale";

/**
 * The scale seed at a tiny factor on PGlite: sizes follow the factor, every application status
 * is there, db:check holds, statuses fit the dates, the same seed gives the same rows (a second
 * database loaded from the same demo snapshot), and a database with data is refused untouched.
 */
const NOW = new Date("2026-11-27T10:00:00Z");
const FACTOR = 0.004;

let a: { client: PGlite; handle: DbHandle; summary: ScaleSummary };
let b: { client: PGlite; handle: DbHandle; summary: ScaleSummary };

async function q<T>(client: PGlite, query: string): Promise<T[]> {
  return (await client.query<T>(query)).rows;
}

beforeAll(async () => {
  const client = new PGlite();
  const handle = pgliteHandle(client);
  await applyMigrations(handle);
  await ensureReferenceData(handle.db);
  await seedDemo(handle.db, NOW);
  const snapshot = await client.dumpDataDir("none");
  // A: every foreign key checked row by row; B: the bulk-load path (triggers off).
  const summary = await seedScale(handle.db, {
    factor: FACTOR,
    seed: 1,
    now: NOW,
    checkReferences: true,
  });
  a = { client, handle, summary };
  const clientB = new PGlite({ loadDataDir: snapshot });
  const handleB = pgliteHandle(clientB);
  b = {
    client: clientB,
    handle: handleB,
    summary: await seedScale(handleB.db, { factor: FACTOR, seed: 1, now: NOW }),
  };
}, 180_000);

afterAll(async () => {
  await a?.client.close();
  await b?.client.close();
});

describe("seedScale", () => {
  it("makes rows in proportion to the factor", async () => {
    const sizes = sizesAt(FACTOR);
    const s = a.summary;
    expect(s.workers).toBe(sizes.workers);
    expect(s.clients).toBe(sizes.clients);
    expect(s.contacts).toBe(sizes.clients * 2);
    expect(s.venues).toBe(sizes.clients * 2);
    expect(s.jobs).toBe(sizes.jobs);
    expect(s.shifts).toBe(sizes.jobs * 4);
    expect(s.shiftSlots).toBeGreaterThanOrEqual(s.shifts);
    expect(s.applicationsTotal).toBe(sizes.jobs * 4 * 5);
    // About half the applications are on past shifts with hours reported.
    expect(s.reportedHours).toBeGreaterThan(s.applicationsTotal * 0.4);
    expect(s.reportedHours).toBe(s.applications.Reported + s.applications.Approved);
    for (const n of [s.documents, s.clientRates, s.salaryRuns, s.salaryLines, s.quotes])
      expect(n).toBeGreaterThan(0);
    expect(s.chatMessages).toBe(Math.floor(sizes.workers / 10) * 6);
    const [users] = await q<{ n: number }>(
      a.client,
      `select count(*)::int as n from users u join user_roles r on r.user_id = u.id
        where u.email like '%@crew.example.test'`,
    );
    expect(users.n).toBe(sizes.workers);
  });

  it("has applications in every status", () => {
    for (const status of APPLICATION_STATUSES)
      expect(a.summary.applications[status], status).toBeGreaterThan(0);
  });

  it("passes every check of db:check", async () => {
    const results = await runDbChecks(a.handle.db);
    expect(results.map((r) => r.name)).toEqual(CHECK_NAMES);
    expect(results.filter((r) => r.count > 0)).toEqual([]);
    expect((await runDbChecks(b.handle.db)).filter((r) => r.count > 0)).toEqual([]);
  });

  it("gives statuses that fit the dates", async () => {
    const [wrong] = await q<{ held: number; early: number; late: number }>(
      a.client,
      `select
         count(*) filter (where a.status in ('Booked', 'Request accepted') and s.ends_at < $NOW)::int as held,
         count(*) filter (where a.status in ('Report!', 'Reported', 'Approved') and s.ends_at > $NOW)::int as early,
         count(*) filter (where a.created_at > $NOW or a.booked_at > $NOW)::int as late
       from applications a join shifts s on s.id = a.shift_id`.replace(
        /\$NOW/g,
        `'${NOW.toISOString()}'::timestamptz`,
      ),
    );
    expect(wrong).toEqual({ held: 0, early: 0, late: 0 });
    const jobs = await q<{ status: string; n: number }>(
      a.client,
      `select j.status, count(*)::int as n from jobs j join companies c on c.id = j.company_id
        where j.ends_at < '${NOW.toISOString()}'::timestamptz and j.status in ('Published', 'Draft')
          and c.email like '%@client.example.test' group by j.status`,
    );
    expect(jobs).toEqual([]);
  });

  it("books a worker only on a slot of a skill it holds, and never on two overlapping shifts", async () => {
    const filled = `(${FILLED_STATUSES.map((s) => `'${s}'`).join(", ")})`;
    const [wrong] = await q<{ places: number; unskilled: number; overlaps: number }>(
      a.client,
      `with p as (
         select a.id, a.assignee_id, a.shift_slot_id, s.starts_at, s.ends_at
           from applications a
           join shifts s on s.id = a.shift_id
           join users u on u.id = a.assignee_id
          where a.status in ${filled} and u.email like '%@crew.example.test')
       select (select count(*)::int from p) as places,
         (select count(*)::int from p join shift_slots sl on sl.id = p.shift_slot_id
           where not exists (select 1 from user_skills us
                              where us.user_id = p.assignee_id and us.skill_id = sl.skill_id)) as unskilled,
         (select count(*)::int from p join p q on q.assignee_id = p.assignee_id and q.id > p.id
           where p.starts_at < q.ends_at and q.starts_at < p.ends_at) as overlaps`,
    );
    expect(wrong.places).toBeGreaterThan(a.summary.applicationsTotal * 0.4);
    expect(wrong).toMatchObject({ unskilled: 0, overlaps: 0 });
  });

  it("gives the same rows for the same seed", async () => {
    const tables = [
      "users",
      "companies",
      "jobs",
      "shifts",
      "shift_slots",
      "applications",
      "reported_hours",
      "salary_lines",
      "quotes",
      "chat_messages",
      "activity_log",
    ];
    const sums = async (client: PGlite) => {
      const out: Record<string, string> = {};
      for (const t of tables) {
        // Password hashes carry a random salt; every other column is compared.
        const [row] = await q<{ sum: string; n: number }>(
          client,
          `select md5(string_agg((to_jsonb(x) - 'password_hash')::text, '|' order by x.id)) as sum,
                  count(*)::int as n
             from ${t} x`,
        );
        expect(row.n, t).toBeGreaterThan(0);
        out[t] = row.sum;
      }
      return out;
    };
    expect(await sums(b.client)).toEqual(await sums(a.client));
    expect(b.summary).toEqual(a.summary);
  });

  it("refuses a database that already holds data, writing nothing", async () => {
    const count = async () =>
      (
        await q<{ n: number }>(
          a.client,
          `select (select count(*) from users) + (select count(*) from jobs) as n`,
        )
      )[0].n;
    const before = await count();
    await expect(seedScale(a.handle.db, { factor: FACTOR, seed: 2, now: NOW })).rejects.toThrow(
      ScaleSeedRefused,
    );
    await expect(
      seedScaleDatabase(a.handle, { factor: FACTOR, seed: 2, now: NOW }),
    ).rejects.toThrow(SCALE_REFUSED);
    expect(await count()).toBe(before);
    const empty = new PGlite();
    try {
      expect(await holdsData(pgliteHandle(empty))).toBe(false);
      expect(await holdsData(a.handle)).toBe(true);
    } finally {
      await empty.close();
    }
  });

  it("refuses a factor or seed out of range", async () => {
    await expect(seedScale(a.handle.db, { factor: 0, seed: 1, now: NOW })).rejects.toThrow(
      "The scale factor must be above 0 and at most 4.",
    );
    await expect(seedScale(a.handle.db, { factor: 0.01, seed: -1, now: NOW })).rejects.toThrow(
      "The seed must be a whole number from 0 to 2147483648.",
    );
  });
});
