import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { countingDb } from "@/lib/testing/counting-db";
import { giveRole, insertJob } from "@/lib/testing/jobs-fixtures";
import { makeCtx, type Ctx } from "../context";
import { statistics } from ".";
import { sweepCountDays } from "./count-days";
import { p, RANGE, sctx, setUpStatistics, values, w } from "./statistics.test-support";

setUpStatistics();

/*
 * The count roll-up (issue 27) over the statistics world (statistics.test-support.ts): after
 * every kind of change to jobs, users and roles, statistics/jobs, jobs-per-client and users
 * (unfiltered: the roll-up's calls) answer exactly what they answer with every date marked (counted live), both
 * before the sweep (the change marked its dates) and after it (read from the rewritten counts).
 * Every change moves the answer, so a missing trigger leaves a stale, unmarked date and the
 * "before" comparison fails. The cases build on each other, in order.
 */

const marks = schema.statisticsCountMarks;
const j = schema.jobs;
const u = schema.users;
const CALLS = ["jobs", "users", "jobsPerClient"] as const;
/** Monthly over both months, daily over each (a moved date shows), a partial month. */
const RANGES = [
  RANGE,
  { start: "2026-10-01", end: "2026-10-31" },
  { start: "2026-11-01", end: "2026-11-30" },
  { start: "2026-10-10", end: "2026-11-30" },
];

async function answers(ctx: Ctx) {
  const out: unknown[] = [];
  for (const range of RANGES)
    for (const call of CALLS) out.push(await statistics[call](ctx, range));
  return out;
}

/** The same calls with every date of the range marked, so all count live; rolled back after. */
async function liveAnswers() {
  let out: unknown[] = [];
  await p.db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into ${marks} (source, local_date)
        select s, d::date from unnest(array['jobs', 'users']) s,
          generate_series('2026-10-01'::date, '2026-11-30'::date, interval '1 day') d`);
      out = await answers({ ...sctx.admin, db: tx as unknown as Db });
      tx.rollback();
    })
    .catch((e: Error) => {
      if (!/rollback/i.test(e.message)) throw e;
    });
  return out;
}

const marked = async () =>
  [...new Set((await p.db.select().from(marks)).map((m) => `${m.source} ${m.localDate}`))].sort();

let last: unknown[] = [];

/** The change moved the answer, marked exactly `dates`, and reads exact before and after the sweep. */
async function expectChange(dates: string[]) {
  expect(await marked()).toEqual(dates.sort());
  const live = await liveAnswers();
  expect(live).not.toEqual(last);
  expect(await answers(sctx.admin)).toEqual(live);
  expect((await sweepCountDays(p.db, { batch: 1 })).done).toBe(true);
  expect(await marked()).toEqual([]);
  expect(await answers(sctx.admin)).toEqual(live);
  last = live;
}

describe("count roll-up (statistics_count_days)", () => {
  it("the world's dates are marked (counted live); the sweep counts them, answers unchanged", async () => {
    expect((await marked()).length).toBeGreaterThan(0);
    const live = await liveAnswers();
    const before = await answers(sctx.admin);
    expect(before).toEqual(live);
    expect((await sweepCountDays(p.db, { batch: 1 })).done).toBe(true);
    expect(await marked()).toEqual([]);
    expect((await p.db.select().from(schema.statisticsCountDays)).length).toBeGreaterThan(0);
    expect(await answers(sctx.admin)).toEqual(live);
    // The hand-computed figures (statistics.test-support.ts), read from the counts.
    const jobs = await statistics.jobs(sctx.admin, RANGE);
    expect(values(jobs, "Jobs")).toEqual([1, 2]);
    expect(values(jobs, "Cancelled")).toEqual([1, 0]);
    last = live;
  });

  it("jobs: added, moved to another month and client, cancelled, deleted and restored, hard-deleted", async () => {
    const job = await insertJob(p.db, {
      workerRates: false,
      name: "Count job",
      companyId: w.fjord,
      countryId: (await p.db.select().from(j).where(eq(j.id, w.fjordJob)))[0].countryId,
      shifts: [
        {
          startsAt: new Date("2026-10-22T06:00:00Z"),
          endsAt: new Date("2026-10-22T10:00:00Z"),
          slots: [],
        },
      ],
    });
    await expectChange(["jobs 2026-10-22"]);
    await p.db
      .update(j)
      .set({ startsAt: new Date("2026-11-03T06:00:00Z") })
      .where(eq(j.id, job.id));
    await expectChange(["jobs 2026-10-22", "jobs 2026-11-03"]);
    await p.db.update(j).set({ companyId: w.projectionCo }).where(eq(j.id, job.id));
    await expectChange(["jobs 2026-11-03"]);
    await p.db.update(j).set({ status: "Cancelled" }).where(eq(j.id, job.id));
    await expectChange(["jobs 2026-11-03"]);
    await p.db.update(j).set({ deletedAt: new Date() }).where(eq(j.id, job.id));
    await expectChange(["jobs 2026-11-03"]);
    await p.db.update(j).set({ deletedAt: null }).where(eq(j.id, job.id));
    await expectChange(["jobs 2026-11-03"]);
    await p.db.delete(j).where(eq(j.id, job.id));
    await expectChange(["jobs 2026-11-03"]);
  });

  it("jobs: an update that changes nothing counted marks nothing", async () => {
    await p.db
      .update(j)
      .set({ name: sql`${j.name} || ' '`, status: "Published" })
      .where(eq(j.id, w.fjordJob));
    expect(await marked()).toEqual([]);
  });

  it("jobs: a country's zone moves its jobs' local dates", async () => {
    // The Fjord job starts 15/10 06:00 UTC: 08:00 in Oslo, 23:00 on 14/10 in Los Angeles.
    const [{ countryId }] = await p.db.select().from(j).where(eq(j.id, w.fjordJob));
    const c = schema.countries;
    await p.db.update(c).set({ timeZone: "America/Los_Angeles" }).where(eq(c.id, countryId));
    expect(await marked()).toEqual(expect.arrayContaining(["jobs 2026-10-14", "jobs 2026-10-15"]));
    await expectChange(await marked());
    await p.db.update(c).set({ timeZone: "Europe/Oslo" }).where(eq(c.id, countryId));
    await expectChange(await marked());
  });

  it("users: created, re-dated, given and losing a role, a role renamed, archived, deleted", async () => {
    const ur = schema.userRoles;
    // Created on 07/10 without a role (an office user), then re-dated to 09/11.
    const [{ id }] = await p.db
      .insert(u)
      .values({
        email: "count.user@example.test",
        name: "Count user",
        passwordHash: "-",
        createdAt: new Date("2026-10-07T10:00:00Z"),
      })
      .returning({ id: u.id });
    await expectChange(["users 2026-10-07"]);
    await p.db
      .update(u)
      .set({ createdAt: new Date("2026-11-09T10:00:00Z") })
      .where(eq(u.id, id));
    await expectChange(["users 2026-10-07", "users 2026-11-09"]);
    const [worker] = await p.db
      .select()
      .from(schema.roles)
      .where(eq(schema.roles.title, ROLE.worker));
    const [client] = await p.db
      .select()
      .from(schema.roles)
      .where(eq(schema.roles.title, ROLE.client));
    await giveRole(p.db, id, worker.id);
    await expectChange(["users 2026-11-09"]);
    await p.db.update(ur).set({ roleId: client.id }).where(eq(ur.userId, id));
    await expectChange(["users 2026-11-09"]);
    await p.db.delete(ur).where(eq(ur.userId, id));
    await expectChange(["users 2026-11-09"]);
    // Renaming the client contacts' role makes Frida (05/10) office; and back.
    await p.db
      .update(schema.roles)
      .set({ title: "Renamed (test)" })
      .where(eq(schema.roles.id, client.id));
    expect(await marked()).toContain("users 2026-10-05");
    await expectChange(await marked());
    await p.db
      .update(schema.roles)
      .set({ title: ROLE.client })
      .where(eq(schema.roles.id, client.id));
    await expectChange(await marked());
    await p.db.update(u).set({ deletedAt: new Date() }).where(eq(u.id, id));
    await expectChange(["users 2026-11-09"]);
    await p.db.update(u).set({ deletedAt: null }).where(eq(u.id, id));
    await expectChange(["users 2026-11-09"]);
    await p.db.delete(u).where(eq(u.id, id));
    await expectChange(["users 2026-11-09"]);
  });

  it("reads the counts in one statement, and a filter still counts live", async () => {
    const counting = countingDb(p.handle);
    const ctx = makeCtx(counting.db, sctx.admin.actor, { now: p.now });
    for (const call of CALLS) {
      counting.reset();
      await statistics[call](ctx, RANGE);
      expect(counting.statements()).toBe(1);
    }
    const oslo = await statistics.jobs(sctx.admin, { ...RANGE, filter: { branches: [w.oslo] } });
    expect(values(oslo, "Jobs")).toEqual([1, 0]);
  });
});
