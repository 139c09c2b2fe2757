import { afterAll, beforeAll, expect, it } from "vitest";
import { ROLE } from "@/lib/domain/permissions";
import { type Db, type DbHandle } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { applyOn, createJobWorld, insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx } from "../context";
import { statistics } from ".";

/**
 * The per-worker charts with more workers than the top 10: workers are counted by id and only
 * the top 10 (ties at the edge included) have their names read; the rest add up into "Other".
 * Twelve workers W01…W12 on two jobs in November 2026: W01–W09 on both jobs, W10–W12 on the
 * first only. Top 10 by jobs: W01–W09 (2 jobs), then W10, the first by name of the three tied
 * at one job; W11 and W12 are "Other" (2 jobs, 2 shifts).
 */
let handle: DbHandle;
let db: Db;
let w: JobWorld;
const now = new Date("2026-11-25T12:00:00Z");
const NOV = { start: "2026-11-01", end: "2026-11-30" };
const name = (i: number) => `W${String(i).padStart(2, "0")}`;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  w = await createJobWorld(db);
  const job = (day: string) =>
    insertJob(db, {
      name: `Job ${day}`,
      companyId: w.companyA,
      countryId: w.countryId,
      workerRates: false,
      shifts: [
        {
          startsAt: new Date(`2026-11-${day}T08:00:00Z`),
          endsAt: new Date(`2026-11-${day}T16:00:00Z`),
          slots: [{ skillId: w.skill, positions: 12 }],
        },
      ],
    });
  const [first, second] = [await job("10"), await job("11")];
  // Created in reverse name order, so an id order would not give the name order.
  for (let i = 12; i >= 1; i--) {
    const id = (await createUser(db, { roles: [ROLE.worker], name: name(i) })).id;
    await applyOn(db, first.shifts[0].slots[0].id, id, "Booked");
    if (i <= 9) await applyOn(db, second.shifts[0].slots[0].id, id, "Booked");
  }
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

it("names the top 10 workers (the tie at the edge by name) and sums the rest into Other, in one query", async () => {
  const counting = countingDb(handle);
  const ctx = makeCtx(counting.db, (await ctxFor(db, w.admin, { now })).actor, { now });
  counting.reset();
  const s = await statistics.jobsByWorker(ctx, NOV);
  // November is this month, a standard period: first the read of its stored answer (none, no
  // background round has run), then one query, in a transaction of its own that lets it plan
  // parallel workers: with the set and, on PostgreSQL, the begin and commit the counter sees
  // (PGlite's are its own).
  expect(counting.statements()).toBe(handle.kind === "postgres" ? 5 : 3);
  expect(s.labels).toEqual([...Array.from({ length: 10 }, (_, i) => name(i + 1)), "Other"]);
  expect(s.series.find((x) => x.name === "Jobs")?.values).toEqual([...Array(9).fill(2), 1, 2]);
  expect(s.series.find((x) => x.name === "Shifts")?.values).toEqual([...Array(9).fill(2), 1, 2]);
});

it("leaves workers without reported hours out of the hours chart", async () => {
  const ctx = await ctxFor(db, w.admin, { now });
  const s = await statistics.hoursByWorker(ctx, NOV);
  expect(s.labels).toEqual([]);
});
