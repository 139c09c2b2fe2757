import { beforeAll, describe, expect, it } from "vitest";
import { drainQueue } from "@/lib/jobs/queue";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { makeCtx } from "../context";
import { listSalaryExports, salaryExportFile, startSalaryExport } from "./export";
import {
  handle,
  branchId,
  countryId,
  ctx,
  setupExportWorld,
  november,
} from "./export.test-support";

/**
 * GET salary/history (listSalaryExports) and GET salary/history/{id} (salaryExportFile): the
 * exports newest first in a fixed number of queries, and 404 for an unknown or bad id. Starting
 * an export and its file's cells: export.int.test.ts.
 */

setupExportWorld();

beforeAll(async () => {
  // Three exports: the branch's November twice and the country's.
  for (const scope of [
    november(),
    november({ country_id: countryId }),
    november({ branch_id: branchId }),
  ]) {
    await startSalaryExport(ctx.payroll, scope);
    await drainQueue("salary-export");
  }
});

describe("GET salary/history and its files", () => {
  it("answers 404 for a download of an unknown or bad id", async () => {
    for (const id of ["0", "abc", "99999999999", "999999"])
      expect((await appErrorOf(salaryExportFile(ctx.payroll, id))).status).toBe(404);
  });

  it("lists newest first, 10 a page, in a fixed number of queries", async () => {
    const counting = countingDb(handle);
    const c = makeCtx(counting.db, ctx.payroll.actor);
    counting.reset();
    const page1 = await listSalaryExports(c, { perPage: 2 });
    const one = counting.statements();
    counting.reset();
    const page2 = await listSalaryExports(c, { perPage: 10 });
    expect(counting.statements()).toBe(one);
    expect(page1.items).toHaveLength(2);
    expect(page2.items.length).toBeGreaterThan(2);
    expect(page2.meta).toMatchObject({ current_page: 1, per_page: 10, total: page2.items.length });
    const order = page2.items.map((r) => `${r.created_at}#${String(r.id).padStart(6, "0")}`);
    expect(order).toEqual([...order].sort().reverse());
    expect((await appErrorOf(listSalaryExports(c, { page: -1 }))).status).toBe(422);
  });
});
