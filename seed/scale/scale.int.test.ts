import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, pgliteHandle, type DbHandle } from "@/db";
import { runDbChecks } from "@/lib/db-check/checks";
import { APPLICATION_STATUSES } from "@/lib/domain/statuses";
import { ensureReferenceData } from "../reference";
import { seedDemo } from "../demo";
import { seedScale, sizesAt, type ScaleSummary } from "./index";

const NOW = new Date("2026-11-27T10:00:00Z");
const FACTOR = 0.004;

async function seeded(
  seed: number,
): Promise<{ client: PGlite; handle: DbHandle; summary: ScaleSummary }> {
  const client = new PGlite();
  const handle = pgliteHandle(client);
  await applyMigrations(handle);
  await ensureReferenceData(handle.db);
  await seedDemo(handle.db, NOW);
  const t0 = performance.now();
  const summary = await seedScale(handle.db, {
    factor: FACTOR,
    seed,
    now: NOW,
    onStep: (l, ms) => console.log(l, Math.round(ms)),
  });
  console.log("scale", Math.round(performance.now() - t0));
  return { client, handle, summary };
}

let a: Awaited<ReturnType<typeof seeded>>;

beforeAll(async () => {
  a = await seeded(1);
}, 120_000);
afterAll(async () => {
  await a?.client.close();
});

describe("seedScale", () => {
  it("makes counts proportional to the factor", () => {
    const sizes = sizesAt(FACTOR);
    expect(a.summary.workers).toBe(sizes.workers);
    expect(a.summary.clients).toBe(sizes.clients);
    expect(a.summary.jobs).toBe(sizes.jobs);
    expect(a.summary.shifts).toBe(sizes.jobs * 4);
    expect(a.summary.applicationsTotal).toBe(sizes.jobs * 4 * 5);
    expect(a.summary.reportedHours).toBeGreaterThan(sizes.jobs * 4 * 2);
    expect(a.summary.salaryLines).toBeGreaterThan(0);
  });
});
