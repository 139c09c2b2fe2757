import { beforeAll, describe, expect, it } from "vitest";
import { drainQueue } from "@/lib/jobs/queue";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx } from "../context";
import { readJobProgress } from "../progress/monitors";
import { buildSalaryRun } from "./run";
import { startSalaryRun } from "./run-start";
import {
  db,
  branchId,
  ctx,
  swap,
  november,
  counts,
  setupRunStartWorld,
} from "./run-start.test-support";

setupRunStartWorld();

describe("who may start a run", () => {
  it.each(["pm", "crew", "client", "worker"] as const)(
    "refuses %s without salary_access (403), writing nothing",
    async (who) => {
      const before = await counts();
      const err = await appErrorOf(startSalaryRun(ctx[who], november()));
      expect(err.status).toBe(403);
      expect(err.message).toBe("You do not have permission to do this.");
      expect(await counts()).toEqual(before);
    },
  );

  it("refuses a caller who is not signed in (401)", async () => {
    expect((await appErrorOf(startSalaryRun(makeCtx(db, null), november()))).status).toBe(401);
  });
});

describe("what a start needs", () => {
  it.each([
    [{ to: "2026-11-30", branch_id: 1 }, "from", "The from field is required."],
    [{ from: "2026-11-31", to: "2026-12-30", branch_id: 1 }, "from", "The from must be a date."],
    [
      { from: "2026-11-30", to: "2026-11-01", branch_id: 1 },
      "to",
      "The period must end on or after its first day.",
    ],
    [
      { from: "2026-01-01", to: "2027-06-30", branch_id: 1 },
      "to",
      "The period may span at most 366 days.",
    ],
    [{ from: "2026-11-01", to: "2026-11-30" }, "branch_id", "Choose a branch or a country."],
    [
      { from: "2026-11-01", to: "2026-11-30", branch_id: 1, country_id: 1 },
      "branch_id",
      "Choose a branch or a country, not both.",
    ],
    [{ from: "2026-11-01", to: "2026-11-30", branch_id: "x" }, "branch_id", "must be a number"],
  ])("refuses %j (422 on %s), writing nothing", async (input, field, message) => {
    const before = await counts();
    const err = await appErrorOf(startSalaryRun(ctx.admin, input));
    expect(err.status).toBe(422);
    expect(err.errors?.[field]).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("refuses an unknown branch or country (422), writing nothing", async () => {
    const before = await counts();
    const b = await appErrorOf(
      startSalaryRun(ctx.admin, { from: "2026-11-01", to: "2026-11-30", branch_id: 999999 }),
    );
    expect([b.status, b.errors]).toEqual([422, { branch_id: ["The selected branch is invalid."] }]);
    const c = await appErrorOf(
      startSalaryRun(ctx.admin, { from: "2026-11-01", to: "2026-11-30", country_id: 999999 }),
    );
    expect([c.status, c.errors]).toEqual([
      422,
      { country_id: ["The selected country is invalid."] },
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe("GET job-progress/{id} (readJobProgress)", () => {
  let monitorId: number;
  beforeAll(async () => {
    swap.build = buildSalaryRun;
    monitorId = (
      await startSalaryRun(ctx.admin, { from: "2026-11-02", to: "2026-11-30", branch_id: branchId })
    ).monitor_id;
    await drainQueue("salary-run");
  });

  it("answers its creator and whoever holds salary_access", async () => {
    expect((await readJobProgress(ctx.admin, monitorId)).status).toBe("done");
    expect((await readJobProgress(ctx.payroll, String(monitorId))).percent).toBe(100);
  });

  it.each(["pm", "crew", "client", "worker"] as const)(
    "answers %s 404, as for a monitor that does not exist",
    async (who) => {
      const err = await appErrorOf(readJobProgress(ctx[who], monitorId));
      expect([err.status, err.message]).toEqual([404, "Progress not found."]);
    },
  );

  it("answers 404 for an unknown or malformed id and 401 without a user", async () => {
    expect((await appErrorOf(readJobProgress(ctx.admin, 999999))).status).toBe(404);
    expect((await appErrorOf(readJobProgress(ctx.admin, "abc"))).status).toBe(404);
    expect((await appErrorOf(readJobProgress(ctx.admin, "99999999999"))).status).toBe(404);
    expect((await appErrorOf(readJobProgress(makeCtx(db, null), monitorId))).status).toBe(401);
  });
});
