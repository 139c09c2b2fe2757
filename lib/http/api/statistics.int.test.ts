import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { setDatabaseForTests } from "@/db";
import { localStore, setFileStore } from "@/lib/files/storage";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { sweepStatisticsAnswers } from "@/lib/services/statistics/answers-round";
import type { Ctx } from "@/lib/services/context";
import { callRoute } from "@/lib/testing/route-request";
import * as revenueRoute from "@/app/api/v2/statistics/revenue/route";
import * as hoursRoute from "@/app/api/v2/statistics/reportedHours/route";
import * as marginsRoute from "@/app/api/v2/statistics/client-margins/route";
import * as workersRoute from "@/app/api/v2/statistics/workers/route";
import { p, sctx, setUpStatistics, w } from "@/lib/services/statistics/statistics.test-support";
import { expectErrorBody } from "./contract.test-support";

setUpStatistics();

const tokens = {} as Record<"admin" | "pm" | "worker" | "colStats", string>;
const tokenOf = async (ctx: Ctx) =>
  ctx.actor?.kind === "user"
    ? (await issueApiToken(p.db, ctx.actor.userId, new Date())).access_token
    : "";

beforeAll(async () => {
  setDatabaseForTests(p.handle);
  tokens.admin = await tokenOf(sctx.admin);
  tokens.pm = await tokenOf(sctx.pm);
  tokens.worker = await tokenOf(sctx.workerStats);
  tokens.colStats = await tokenOf(sctx.colStats);
});

const RANGE = "start=2026-10-01&end=2026-11-30";

describe("GET statistics/*", () => {
  it("answers labels and series in the { data } envelope, filters from the query string", async () => {
    const res = await callRoute(revenueRoute.GET, `statistics/revenue?${RANGE}`, {
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        labels: ["2026-10", "2026-11"],
        series: [
          { name: "Revenue (DKK)", values: [0, 300000], unit: "money", currency: "DKK" },
          { name: "Revenue (NOK)", values: [200000, 0], unit: "money", currency: "NOK" },
        ],
      },
    });
    const oslo = await callRoute(
      hoursRoute.GET,
      `statistics/reportedHours?${RANGE}&filter[branches][]=${w.oslo}&filter[company_id]=${w.fjord}`,
      { token: tokens.pm },
    );
    expect(oslo.status).toBe(200);
    expect(
      (oslo.body as { data: { series: { values: number[] }[] } }).data.series[0].values,
    ).toEqual([4, 0]);
  });

  it("answers 422 with the message for a bad range", async () => {
    const res = await callRoute(
      revenueRoute.GET,
      "statistics/revenue?start=2026-11-30&end=2026-11-01",
      {
        token: tokens.admin,
      },
    );
    expect(res.status).toBe(422);
    expect(expectErrorBody(res).message).toBe("The end date must be on or after the start date.");
  });

  it("answers 401 without a token, 403 to a worker and to a client contact asking for margins", async () => {
    expect((await callRoute(revenueRoute.GET, `statistics/revenue?${RANGE}`)).status).toBe(401);
    const worker = await callRoute(hoursRoute.GET, `statistics/reportedHours?${RANGE}`, {
      token: tokens.worker,
    });
    expect(worker.status).toBe(403);
    expectErrorBody(worker);
    const col = await callRoute(marginsRoute.GET, `statistics/client-margins?${RANGE}`, {
      token: tokens.colStats,
    });
    expect(col.status).toBe(403);
  });

  it("answers 404 to a client contact naming another company", async () => {
    const res = await callRoute(
      revenueRoute.GET,
      `statistics/revenue?${RANGE}&filter[company_id]=${w.fjord}`,
      { token: tokens.colStats },
    );
    expect(res.status).toBe(404);
    expect(expectErrorBody(res).message).toBe("Company not found.");
  });
});

describe("GET statistics/workers", () => {
  it("downloads Workers-statistics-YYYY-MM-DD.xlsx", async () => {
    const res = await callRoute(workersRoute.GET, `statistics/workers?${RANGE}`, {
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Workers-statistics-\d{4}-\d{2}-\d{2}(-as-of-\d{2}-\d{2})?\.xlsx"/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes.buffer as ArrayBuffer);
    const ws = wb.getWorksheet("Workers")!;
    expect(ws.getRow(1).getCell(2).value).toBe("Name");
    expect(ws.getRow(2).getCell(2).value).toBe("Kim");
  });

  it("sends the default period's stored file as it is read, with its Content-Length", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "crewdeck-workers-"));
    setFileStore(localStore(dir));
    try {
      await sweepStatisticsAnswers(p.db);
      const res = await callRoute(workersRoute.GET, "statistics/workers", { token: tokens.admin });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename="Workers-statistics-\d{4}-\d{2}-\d{2}-as-of-\d{2}-\d{2}\.xlsx"/,
      );
      expect(res.headers.get("content-length")).toBe(String(res.bytes.byteLength));
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.bytes.buffer as ArrayBuffer);
      expect(wb.getWorksheet("Workers")!.getRow(1).getCell(2).value).toBe("Name");
    } finally {
      setFileStore(undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("answers 403 to a worker", async () => {
    const res = await callRoute(workersRoute.GET, `statistics/workers?${RANGE}`, {
      token: tokens.worker,
    });
    expect(res.status).toBe(403);
  });
});
