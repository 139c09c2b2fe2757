import { describe, expect, it } from "vitest";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import type { Ctx } from "../context";
import { jobProjection } from "./projection";
import { fetchJobForView } from "./view";
import {
  archivedJobId,
  bareJobId,
  ctxs,
  handle,
  jobId,
  setUpProjection,
} from "./projection.test-support";

/* The world and its hand calculation: projection.test-support.ts. */
setUpProjection();

describe("jobProjection: who may read it, and how", () => {
  it("refuses the crew handler, a client contact (even with the permission) and a worker", async () => {
    for (const ctx of [ctxs.crew, ctxs.col, ctxs.colWithPermission, ctxs.worker])
      expect((await appErrorOf(jobProjection(ctx, jobId))).status).toBe(403);
  });

  it("shows the job's projection tab to those who may open it", async () => {
    const tab = async (ctx: Ctx) => (await fetchJobForView(ctx, jobId)).can.job_projection;
    expect(await tab(ctxs.admin)).toBe(true);
    expect(await tab(ctxs.pm)).toBe(true);
    expect(await tab(ctxs.crew)).toBe(false);
    expect(await tab(ctxs.col)).toBe(false);
    expect(await tab(ctxs.colWithPermission)).toBe(false);
  });

  it("answers 404 for an unknown, archived or malformed job id", async () => {
    for (const id of [99999999, archivedJobId, "abc", 0, "99999999999"])
      expect((await appErrorOf(jobProjection(ctxs.pm, id))).status).toBe(404);
  });

  it("reads in a fixed number of queries whatever the size of the job", async () => {
    const counting = countingDb(handle);
    await jobProjection({ ...ctxs.pm, db: counting.db }, bareJobId);
    const small = counting.statements();
    counting.reset();
    await jobProjection({ ...ctxs.pm, db: counting.db }, jobId);
    expect(counting.statements()).toBe(small);
    // job 1, pricing 3, shifts + applications + costs 3, client rates 2, worker rates 3 + 1,
    // the holiday calendar 1.
    expect(small).toBeLessThanOrEqual(14);
    expect(counting.writes()).toEqual([]);
  });
});
