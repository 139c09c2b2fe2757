import { describe, expect, it } from "vitest";
import { jobProjection } from "./projection";
import { bareJobId, ctxs, jobId, kim, setUpProjection, shiftIds } from "./projection.test-support";

/* The world and its hand calculation: projection.test-support.ts. */
setUpProjection();

describe("jobProjection", () => {
  it("prices every shift and the job at each stage as worked out by hand", async () => {
    const p = await jobProjection(ctxs.pm, jobId);
    expect(p.currency).toBe("DKK");
    expect(p.job).toMatchObject({ id: jobId, name: "Projection job" });
    expect(p.shifts.map((s) => s.id)).toEqual(shiftIds);
    const [s1, s2] = p.shifts;
    expect(s1.start).toBe("2026-11-27T08:00:00+01:00");
    expect(s1.minutes).toBe(480);
    expect(
      s1.slots.map((x) => [x.skill.name, x.positions, x.split, x.revenue, x.worker_cost]),
    ).toEqual([
      ["Stagehand", 2, "8 h standard", 512000, 288000],
      ["Rigger", 1, "8 h standard", 320000, 200000],
    ]);
    expect(s1.planned).toEqual({
      people: 3,
      minutes: 1440,
      revenue: 832000,
      worker_cost: 488000,
      margin: 344000,
    });
    expect(s1.booked).toEqual({
      people: 2,
      minutes: 960,
      revenue: 576000,
      worker_cost: 352008,
      margin: 223992,
    });
    expect(s1.reported).toEqual({
      people: 2,
      minutes: 960,
      revenue: 572000,
      worker_cost: 348008,
      margin: 223992,
    });
    expect(s1.approved).toEqual({
      people: 1,
      minutes: 450,
      revenue: 300000,
      worker_cost: 195008,
      margin: 104992,
    });

    expect(s2.slots.map((x) => [x.skill.name, x.split, x.revenue, x.worker_cost])).toEqual([
      ["Stagehand", "2 h weekend, 6 h night", 1038000, 558000],
      ["Rigger", "8 h weekend", 400000, 200000],
    ]);
    expect(s2.planned).toEqual({
      people: 4,
      minutes: 1920,
      revenue: 1438000,
      worker_cost: 758000,
      margin: 680000,
    });
    expect(s2.booked).toEqual({
      people: 2,
      minutes: 960,
      revenue: 746000,
      worker_cost: 186000,
      margin: 560000,
    });
    expect(s2.reported.people).toBe(0);
    expect(s2.approved.revenue).toBe(0);

    expect(p.additional_costs.total).toBe(30000);
    expect(p.additional_costs.by_category.find((c) => c.category === "travel")?.total).toBe(30000);
    expect(p.totals.planned).toEqual({
      people: 7,
      minutes: 3360,
      revenue: 2270000,
      worker_cost: 1246000,
      additional_costs: 30000,
      margin: 994000,
      margin_percent: 43.8,
    });
    expect(p.totals.booked).toMatchObject({
      revenue: 1322000,
      worker_cost: 538008,
      margin: 753992,
      margin_percent: 57,
    });
    expect(p.totals.reported).toMatchObject({
      minutes: 960,
      revenue: 572000,
      worker_cost: 348008,
      margin: 193992,
      margin_percent: 33.9,
    });
    expect(p.totals.approved).toMatchObject({
      minutes: 450,
      revenue: 300000,
      worker_cost: 195008,
      margin: 74992,
      margin_percent: 25,
    });
    expect(p.missing_rates).toEqual([
      {
        kind: "worker",
        skill: { id: expect.any(Number), name: "Rigger" },
        user: { id: kim, name: "Kim" },
        message: "No worker rate for Kim as Rigger",
      },
    ]);
  });

  it("names missing rates and counts their minutes at 0 instead of failing", async () => {
    // Monday 30/11 08:00–12:00: Runner ×2 (no rate at all), Loader ×1 (worker card by level
    // only: the planned place costs the entry level, 4 h × 150.00 = 600.00; no client rate).
    const p = await jobProjection(ctxs.admin, String(bareJobId));
    expect(p.missing_rates.map((m) => m.message)).toEqual([
      "No client rate for Runner",
      "No worker rate for Runner",
      "No client rate for Loader",
      "No worker rate for Kim as Runner",
    ]);
    expect(p.shifts).toHaveLength(2);
    expect(p.shifts[0].planned).toEqual({
      people: 3,
      minutes: 720,
      revenue: 0,
      worker_cost: 60000,
      margin: -60000,
    });
    expect(p.shifts[0].booked).toEqual({
      people: 1,
      minutes: 240,
      revenue: 0,
      worker_cost: 0,
      margin: 0,
    });
    expect(p.shifts[1].slots).toEqual([]);
    expect(p.shifts[1].planned.people).toBe(0);
    expect(p.totals.planned).toMatchObject({
      revenue: 0,
      worker_cost: 60000,
      margin: -60000,
      margin_percent: null,
    });
  });
});
