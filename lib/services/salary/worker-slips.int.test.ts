import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { ensureRole, giveRole } from "@/lib/testing/jobs-fixtures";
import { workerKit } from "@/lib/testing/worker-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as paySlipsRoute from "@/app/api/v2/users/[id]/pay-slips/route";
import { makeCtx } from "../context";
import { WORKER_SLIPS_LIMIT, workerPaySlips } from "./worker-slips";

let handle: DbHandle;
let db: Db;
let k: Awaited<ReturnType<typeof workerKit>>;
const now = new Date("2026-11-20T12:00:00Z");
let worker: number;
let other: number;
let payroll: number;

/** A pay slip row of `userId` for a month of 2026 (paid on the 5th of the next). */
async function slip(userId: number, month: number, totals: object[], paid = true) {
  const m = String(month).padStart(2, "0");
  const last = new Date(Date.UTC(2026, month, 0)).getUTCDate();
  await db.insert(schema.paySlips).values({
    userId,
    periodFrom: `2026-${m}-01`,
    periodTo: `2026-${m}-${last}`,
    totals,
    minutesWorked: 600,
    paidAt: paid ? new Date(Date.UTC(2026, month, 5)) : null,
  });
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  k = await workerKit(db, now);
  const skill = await k.newSkill();
  worker = await k.newWorker([skill]);
  other = await k.newWorker([skill]);
  const payrollRole = await ensureRole(db, "Payroll (test)", ["salary_access"]);
  payroll = await k.newWorker([], []);
  await giveRole(db, payroll, payrollRole);
  await slip(worker, 9, [
    { currency_code: "DKK", amount: 120000, minutes: 480 },
    { currency_code: "SEK", amount: 50000, minutes: 120 },
  ]);
  await slip(worker, 10, [{ currency_code: "DKK", amount: 165050, minutes: 600 }]);
  await slip(other, 10, [{ currency_code: "DKK", amount: 99900, minutes: 600 }]);
});
afterAll(async () => {
  await handle?.close();
});

describe("workerPaySlips", () => {
  it("the worker reads its own slips, newest period first, totals per currency and the PDF link", async () => {
    const res = await workerPaySlips(await ctxFor(db, worker), worker);
    expect(res.user_id).toBe(worker);
    expect(res.items.map((s) => s.period)).toEqual(["October 2026", "September 2026"]);
    const [oct, sep] = res.items;
    expect(oct).toMatchObject({
      period_from: "2026-10-01",
      period_to: "2026-10-31",
      hours: 10,
      paid_at: "2026-11-05T00:00:00.000Z",
      paid_on: "05/11/2026",
      download_url: `/api/v2/salary/slip?user_id=${worker}&from=2026-10-01&to=2026-10-31`,
    });
    expect(oct.totals).toEqual([
      { currency_code: "DKK", amount: 165050, minutes: 600, hours: 10, label: expect.any(String) },
    ]);
    expect(oct.totals[0].label).toMatch(/1[.,]?650[.,]50/);
    // Never added across currencies: one entry each.
    expect(sep.totals.map((t) => [t.currency_code, t.amount])).toEqual([
      ["DKK", 120000],
      ["SEK", 50000],
    ]);
  });

  it("the office with salary_access reads any worker's slips; admin too", async () => {
    for (const who of [payroll, k.w.admin]) {
      const res = await workerPaySlips(await ctxFor(db, who), String(worker));
      expect(res.items).toHaveLength(2);
    }
    const none = await workerPaySlips(await ctxFor(db, k.w.admin), k.w.pm);
    expect(none.items).toEqual([]);
  });

  it("another worker, a client contact and office roles without salary_access get 403", async () => {
    for (const who of [other, k.w.colA, k.w.pm, k.w.crewHandler]) {
      const err = await appErrorOf(workerPaySlips(await ctxFor(db, who), worker));
      expect(err.status).toBe(403);
      expect(err.message).toBe("You may read your own pay slips only.");
    }
  });

  it("bad or unknown ids are 404 (salary_access), never a 500", async () => {
    const ctx = await ctxFor(db, k.w.admin);
    for (const id of ["abc", 0, "99999999999", 2_000_000_000]) {
      const err = await appErrorOf(workerPaySlips(ctx, id));
      expect(err.status).toBe(404);
    }
  });

  it("keeps to the newest slips and a flat number of queries", async () => {
    const many = await k.newWorker([]);
    await slip(many, 1, [{ currency_code: "DKK", amount: 1, minutes: 60 }]);
    const counting = countingDb(handle);
    const count = async (userId: number, viewer: number) => {
      counting.reset();
      const ctx = makeCtx(counting.db, (await ctxFor(db, viewer)).actor, { now });
      const res = await workerPaySlips(ctx, userId);
      return { n: counting.statements(), items: res.items.length };
    };
    const one = await count(many, many);
    // 30 slips: thirty half-month periods.
    for (let i = 0; i < 30; i++) {
      const m = String(2 + (i % 10)).padStart(2, "0");
      const half = i < 10 ? ["01", "14"] : i < 20 ? ["15", "28"] : ["02", "13"];
      await db.insert(schema.paySlips).values({
        userId: many,
        periodFrom: `2025-${m}-${half[0]}`,
        periodTo: `2025-${m}-${half[1]}`,
        totals: [{ currency_code: "DKK", amount: 100, minutes: 60 }],
      });
    }
    const lots = await count(many, many);
    expect(one.items).toBe(1);
    expect(lots.items).toBe(WORKER_SLIPS_LIMIT);
    expect(lots.n).toBe(one.n);
    const asPayroll = await count(many, payroll);
    expect(asPayroll.n).toBe(one.n + 1);
  });

  it("GET users/{id}/pay-slips over REST: 200 for the worker, 403 for another", async () => {
    const t = async (id: number) => (await issueApiToken(db, id, new Date())).access_token;
    const ok = await callRoute(paySlipsRoute.GET, `users/${worker}/pay-slips`, {
      token: await t(worker),
      params: { id: String(worker) },
    });
    expect(ok.status).toBe(200);
    expect((ok.body as { data: { items: unknown[] } }).data.items).toHaveLength(2);
    const refused = await callRoute(paySlipsRoute.GET, `users/${worker}/pay-slips`, {
      token: await t(other),
      params: { id: String(worker) },
    });
    expect(refused.status).toBe(403);
  });
});
