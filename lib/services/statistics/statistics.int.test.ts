import { describe, expect, it } from "vitest";
import { schema } from "@/db";
import ExcelJS from "exceljs";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import type { Ctx } from "../context";
import { statistics, WORKER_COLUMNS, type Statistics } from ".";
import {
  p,
  projectionBesideRevenue,
  projectionMonth,
  RANGE,
  sctx,
  setUpStatistics,
  total,
  values,
  w,
} from "./statistics.test-support";

setUpStatistics();

/** A category chart as { label: { series: value } }. */
const table = (s: Statistics) =>
  Object.fromEntries(
    s.labels.map((l, i) => [l, Object.fromEntries(s.series.map((x) => [x.name, x.values[i]]))]),
  );

describe("statistics: time axis and filter", () => {
  it("defaults to the last 12 months ending this month, one label per month", async () => {
    const s = await statistics.jobs(sctx.admin, {});
    expect(s.labels).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(values(s, "Jobs")!.slice(-2)).toEqual([1, 2]);
  });

  it("labels days when the range is at most 31 days", async () => {
    const s = await statistics.revenue(sctx.admin, { start: "2026-11-27", end: "2026-11-28" });
    expect(s.labels).toEqual(["2026-11-27", "2026-11-28"]);
    expect(s.series).toEqual([
      { name: "Revenue (DKK)", values: [300000, 0], unit: "money", currency: "DKK" },
    ]);
  });

  it.each([
    [{ start: "2026-13-01" }, "The start must be a date (YYYY-MM-DD)."],
    [{ end: "27/11/2026" }, "The end must be a date (YYYY-MM-DD)."],
    [
      { start: "2026-11-02", end: "2026-11-01" },
      "The end date must be on or after the start date.",
    ],
    [{ start: "2023-01-01", end: "2026-11-30" }, "The date range may be at most 3 years."],
    [{ start: "2026-10-01", end: "2026-11-30", filter: { company_id: "abc" } }, "must be a number"],
  ])("refuses %j with 422", async (raw, message) => {
    const err = await appErrorOf(statistics.revenue(sctx.admin, raw));
    expect(err.status).toBe(422);
    expect(err.message).toBe(message);
  });
});

describe("statistics: /insights figures", () => {
  it("jobs per month (cancelled apart), by branch and company", async () => {
    const s = await statistics.jobs(sctx.pm, RANGE);
    expect(s.labels).toEqual(["2026-10", "2026-11"]);
    expect(values(s, "Jobs")).toEqual([1, 2]);
    expect(values(s, "Cancelled")).toEqual([1, 0]);
    const oslo = await statistics.jobs(sctx.pm, { ...RANGE, filter: { branches: [w.oslo] } });
    expect(values(oslo, "Jobs")).toEqual([1, 0]);
    const cph = await statistics.jobs(sctx.pm, { ...RANGE, branch: String(w.copenhagen) });
    expect(values(cph, "Jobs")).toEqual([0, 2]);
    const co = await statistics.jobs(sctx.pm, {
      ...RANGE,
      filter: { company_id: String(w.projectionCo) },
    });
    expect(values(co, "Jobs")).toEqual([0, 2]);
  });

  it("reported hours, approved and pending", async () => {
    const s = await statistics.reportedHours(sctx.pm, RANGE);
    expect(s.series).toEqual([
      { name: "Approved", values: [4, 7.5], unit: "hours", stack: "hours" },
      { name: "Pending", values: [0, 8.5], unit: "hours", stack: "hours" },
    ]);
  });

  it("jobs per client (cancelled not counted)", async () => {
    const s = await statistics.jobsPerClient(sctx.pm, RANGE);
    expect(s.labels).toEqual(["Projection Co", "Fjord AS"]);
    expect(values(s, "Jobs")).toEqual([2, 1]);
  });

  it("users created per day, by kind; a company's users only", async () => {
    const oct = { start: "2026-10-01", end: "2026-10-31" };
    const s = await statistics.users(sctx.pm, oct);
    expect(s.labels).toHaveLength(31);
    const i = s.labels.indexOf("2026-10-05");
    expect(values(s, "Workers")![i]).toBe(1);
    expect(values(s, "Client contacts")![i]).toBe(1);
    expect(values(s, "Office")!.reduce((a, b) => a + b)).toBe(0);
    const fjord = await statistics.users(sctx.pm, { ...oct, filter: { company_id: w.fjord } });
    expect(values(fjord, "Workers")![i]).toBe(0);
    expect(values(fjord, "Client contacts")![i]).toBe(1);
  });

  it("dates at the range's edges count by their local day (agency zone for users)", async () => {
    // June: Copenhagen is UTC+2. 31 May 22:30Z is 1 June locally (in), 30 June 22:30Z is
    // 1 July (out), 31 May 21:30Z is 31 May (out); mid-month is in without any conversion.
    const edges = ["2026-05-31T21:30:00Z", "2026-05-31T22:30:00Z", "2026-06-15T12:00:00Z"];
    await p.db.insert(schema.users).values(
      [...edges, "2026-06-30T22:30:00Z"].map((iso, i) => ({
        name: `Edge ${i}`,
        email: `edge-${i}@stats.test`,
        passwordHash: "x",
        createdAt: new Date(iso),
      })),
    );
    const june = await statistics.users(sctx.pm, { start: "2026-06-01", end: "2026-06-30" });
    const office = values(june, "Office")!;
    expect([office[0], office[14], total(june, "Office")]).toEqual([1, 1, 2]);
  });

  it("jobs and hours by worker, ranked", async () => {
    const jobs = await statistics.jobsByWorker(sctx.pm, RANGE);
    expect(jobs.labels).toEqual(["Kim", "Anna", "Bo", "Nils", "Ole"]);
    expect(values(jobs, "Jobs")).toEqual([2, 1, 1, 1, 1]);
    expect(values(jobs, "Shifts")).toEqual([2, 1, 1, 1, 1]);
    const hours = await statistics.hoursByWorker(sctx.pm, RANGE);
    expect(table(hours)).toEqual({
      Anna: { Approved: 0, Pending: 8.5 },
      Ole: { Approved: 7.5, Pending: 0 },
      Nils: { Approved: 4, Pending: 0 },
    });
    expect(hours.labels).toEqual(["Anna", "Ole", "Nils"]);
  });
});

describe("statistics: /insights/earnings figures", () => {
  it("revenue per month, one series per currency", async () => {
    const s = await statistics.revenue(sctx.admin, RANGE);
    expect(s.series).toEqual([
      { name: "Revenue (DKK)", values: [0, 300000], unit: "money", currency: "DKK" },
      { name: "Revenue (NOK)", values: [200000, 0], unit: "money", currency: "NOK" },
    ]);
  });

  it("client revenue", async () => {
    const s = await statistics.clientRevenue(sctx.admin, RANGE);
    expect(table(s)).toEqual({
      "Projection Co": { "Revenue (DKK)": 300000, "Revenue (NOK)": 0 },
      "Fjord AS": { "Revenue (DKK)": 0, "Revenue (NOK)": 200000 },
    });
  });

  it("client margins: revenue − salary lines − additional costs, per currency", async () => {
    const s = await statistics.clientMargins(sctx.admin, RANGE);
    expect(s.labels).toEqual(["Projection Co", "Fjord AS"]);
    expect(table(s)).toEqual({
      "Projection Co": {
        "Revenue (DKK)": 300000,
        "Costs (DKK)": 225008,
        "Margin (DKK)": 74992,
        "Revenue (NOK)": 0,
        "Costs (NOK)": 0,
        "Margin (NOK)": 0,
      },
      "Fjord AS": {
        "Revenue (DKK)": 0,
        "Costs (DKK)": 0,
        "Margin (DKK)": 0,
        "Revenue (NOK)": 200000,
        "Costs (NOK)": 90000,
        "Margin (NOK)": 110000,
      },
    });
  });

  it("worker earnings, paid and unpaid stacked per currency", async () => {
    const s = await statistics.workerEarnings(sctx.admin, RANGE);
    expect(s.series).toEqual([
      { name: "Paid (DKK)", values: [0, 0], unit: "money", currency: "DKK", stack: "DKK" },
      { name: "Unpaid (DKK)", values: [0, 195008], unit: "money", currency: "DKK", stack: "DKK" },
      { name: "Paid (NOK)", values: [80000, 0], unit: "money", currency: "NOK", stack: "NOK" },
      { name: "Unpaid (NOK)", values: [0, 0], unit: "money", currency: "NOK", stack: "NOK" },
    ]);
  });

  it("consolidated expenses: salaries vs additional expenses", async () => {
    const s = await statistics.consolidatedExpenses(sctx.pmEarnings, RANGE);
    expect(table(s)).toEqual({
      "2026-10": {
        "Salaries (DKK)": 0,
        "Additional expenses (DKK)": 0,
        "Salaries (NOK)": 80000,
        "Additional expenses (NOK)": 10000,
      },
      "2026-11": {
        "Salaries (DKK)": 195008,
        "Additional expenses (DKK)": 30000,
        "Salaries (NOK)": 0,
        "Additional expenses (NOK)": 0,
      },
    });
    expect(s.series.map((x) => x.stack)).toEqual(["DKK", "DKK", "NOK", "NOK"]);
  });

  it("agrees with the job projection and the salary run for one month", async () => {
    const month = projectionMonth();
    const { projection, revenue } = await projectionBesideRevenue();
    expect(revenue).toBe(projection.totals.approved.revenue);
    const margins = await statistics.clientMargins(sctx.admin, month);
    const expenses = await statistics.consolidatedExpenses(sctx.admin, month);
    const sum = (name: string) => total(expenses, name);
    expect(sum("Additional expenses (DKK)")).toBe(projection.additional_costs.total);
    expect(values(margins, "Margin (DKK)")).toEqual([
      projection.totals.approved.revenue -
        sum("Salaries (DKK)") -
        projection.additional_costs.total,
    ]);
    // The salary line is what the projection's approved stage costs: the margins agree.
    expect(values(margins, "Margin (DKK)")).toEqual([projection.totals.approved.margin]);
  });
});

describe("statistics: who sees what", () => {
  const general = [
    "jobs",
    "reportedHours",
    "jobsPerClient",
    "users",
    "jobsByWorker",
    "hoursByWorker",
  ] as const;
  const office = ["clientMargins", "workerEarnings", "consolidatedExpenses"] as const;
  const revenue = ["revenue", "clientRevenue"] as const;
  const call = (name: keyof typeof statistics, ctx: Ctx, raw: unknown = RANGE) =>
    (statistics[name] as (c: Ctx, r: unknown) => Promise<unknown>)(ctx, raw);

  it.each([...general, ...revenue, ...office, "workersXlsx" as const])(
    "%s: 403 for a worker (even with the permissions), a client contact without them and a crew handler",
    async (name) => {
      for (const ctx of [sctx.workerStats, sctx.worker, sctx.col, sctx.crew]) {
        expect((await appErrorOf(call(name, ctx))).status).toBe(403);
      }
    },
  );

  it("a project manager reads /insights but not the earnings", async () => {
    for (const name of general) await expect(call(name, sctx.pm)).resolves.toBeTruthy();
    for (const name of [...revenue, ...office])
      expect((await appErrorOf(call(name, sctx.pm))).status).toBe(403);
  });

  it("a client contact never sees margins, worker pay or expenses", async () => {
    for (const name of office)
      expect((await appErrorOf(call(name, sctx.colStats))).status).toBe(403);
  });

  it("a client contact sees its own company's figures only; another company is 404", async () => {
    const rev = await statistics.revenue(sctx.colStats, RANGE);
    expect(rev.series).toEqual([
      { name: "Revenue (DKK)", values: [0, 300000], unit: "money", currency: "DKK" },
    ]);
    const fjordRev = await statistics.clientRevenue(sctx.colFjordStats, RANGE);
    expect(table(fjordRev)).toEqual({ "Fjord AS": { "Revenue (NOK)": 200000 } });
    const jobs = await statistics.jobs(sctx.colStats, RANGE);
    expect(values(jobs, "Jobs")).toEqual([0, 2]);
    const workers = await statistics.jobsByWorker(sctx.colFjordStats, RANGE);
    expect(workers.labels).toEqual(["Nils"]);
    const err = await appErrorOf(
      statistics.revenue(sctx.colStats, { ...RANGE, filter: { company_id: w.fjord } }),
    );
    expect(err.status).toBe(404);
    expect(err.message).toBe("Company not found.");
    // Its own company named explicitly is fine.
    await expect(
      statistics.jobs(sctx.colStats, { ...RANGE, filter: { company_id: w.projectionCo } }),
    ).resolves.toBeTruthy();
  });
});

describe("statistics: a fixed number of queries", () => {
  it("revenue and client margins need as many queries for one month as for two", async () => {
    const counting = countingDb(p.handle);
    const ctx = { ...sctx.admin, db: counting.db };
    const count = async (fn: () => Promise<unknown>) => {
      counting.reset();
      await fn();
      return counting.statements();
    };
    // Not a whole month: a standard period would first look for its stored answer.
    const oneJob = { start: "2026-10-02", end: "2026-10-31" };
    const few = await count(() => statistics.revenue(ctx, oneJob));
    const more = await count(() => statistics.revenue(ctx, RANGE));
    expect(few).toBe(more);
    expect(more).toBeLessThanOrEqual(7);
    expect(await count(() => statistics.clientMargins(ctx, oneJob))).toBe(
      await count(() => statistics.clientMargins(ctx, RANGE)),
    );
    for (const name of [
      "jobs",
      "reportedHours",
      "jobsPerClient",
      "users",
      "workerEarnings",
    ] as const)
      expect(await count(() => statistics[name](ctx, RANGE))).toBe(1);
    // One query each, in a transaction of its own that lets it plan parallel workers.
    for (const name of ["jobsByWorker", "hoursByWorker"] as const)
      expect(await count(() => statistics[name](ctx, RANGE))).toBe(
        p.handle.kind === "postgres" ? 4 : 2,
      );
    expect(await count(() => statistics.consolidatedExpenses(ctx, RANGE))).toBe(2);
  });
});

describe("statistics: the workers download", () => {
  async function open(ctx: Ctx, raw: unknown = RANGE) {
    const { filename, stream } = await statistics.workersXlsx(ctx, raw);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await new Response(stream).arrayBuffer());
    const ws = wb.getWorksheet("Workers")!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { filename, rows };
  }

  it("one row per worker with jobs, hours and earnings per currency", async () => {
    const { filename, rows } = await open(sctx.admin);
    expect(filename).toBe("Workers-statistics-2026-11-25.xlsx");
    expect(rows[0]).toEqual([...WORKER_COLUMNS, "Earnings (DKK)", "Earnings (NOK)"]);
    const byName = Object.fromEntries(rows.slice(1).map((r) => [r[1], r]));
    expect(rows.slice(1).map((r) => r[1])).toEqual(["Kim", "Anna", "Bo", "Nils", "Ole"]);
    expect(byName.Ole.slice(4)).toEqual([1, 1, 7.5, 0, 1950.08, 0]);
    expect(byName.Nils.slice(4)).toEqual([1, 1, 4, 0, 0, 800]);
    expect(byName.Anna.slice(4)).toEqual([1, 1, 0, 8.5, 0, 0]);
    expect(byName.Kim.slice(4)).toEqual([2, 2, 0, 0, 0, 0]);
    expect(byName.Nils[0]).toBe(w.nils);
  });

  it("without worker pay for a client contact: its own company's workers only", async () => {
    const { rows } = await open(sctx.colFjordStats);
    expect(rows[0]).toEqual([...WORKER_COLUMNS]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(["Nils"]);
    expect(rows[1].slice(4)).toEqual([1, 1, 4, 0]);
  });

  it("refuses a bad range with 422 before writing anything", async () => {
    const err = await appErrorOf(
      statistics.workersXlsx(sctx.admin, { start: "2026-11-30", end: "2026-11-01" }),
    );
    expect(err.status).toBe(422);
  });
});
