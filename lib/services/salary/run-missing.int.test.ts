import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, sql } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { startQueue, stopQueue } from "@/lib/jobs/queue";
import { appErrorOf } from "@/lib/testing/app-error";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { applyOn, insertJob } from "@/lib/testing/jobs-fixtures";
import type { Ctx } from "../context";
import { registerSalaryRunJob } from "./run-job";
import { startSalaryRun } from "./run-start";

/**
 * POST salary/all refuses to start a run while approved hours of its scope have no worker rate:
 * 410 type MissingRates naming the skills (and, in details, the workers), as jobs/salaries does,
 * and nothing is written or queued. Once the rate exists the same call starts the run.
 */
let handle: DbHandle;
let db: Db;
let branchId: number;
let countryId: number;
let skillId: number;
let admin: Ctx;
let workerId: number;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const { country, company } = await createCountryAndCompany(db, "Missing Rates Co");
  countryId = country.id;
  const [branch] = await db
    .insert(schema.branches)
    .values({ name: "Missing rates branch", countryId })
    .returning();
  branchId = branch.id;
  const [skill] = await db
    .insert(schema.skills)
    .values({ name: "Unrated Hand", order: 1 })
    .returning();
  skillId = skill.id;
  // No job worker rate and no card: the approved hours cannot be priced.
  const job = await insertJob(db, {
    name: "Unrated job",
    companyId: company.id,
    countryId,
    workerRates: false,
    shifts: [
      {
        startsAt: new Date("2026-11-10T08:00:00Z"),
        endsAt: new Date("2026-11-10T16:00:00Z"),
        slots: [{ skillId, positions: 1 }],
      },
    ],
  });
  await db.insert(schema.jobBranches).values({ jobId: job.id, branchId });
  const worker = await createUser(db, { roles: [ROLE.worker], name: "Nina Unrated" });
  workerId = worker.id;
  const slotId = job.shifts[0].slots[0].id;
  const appId = await applyOn(db, slotId, worker.id, "Approved");
  await db.insert(schema.reportedHours).values({
    applicationId: appId,
    shiftSlotId: slotId,
    startsAt: new Date("2026-11-10T08:00:00Z"),
    endsAt: new Date("2026-11-10T16:00:00Z"),
    approvedAt: new Date("2026-11-11T10:00:00Z"),
  });
  admin = await ctxFor(db, (await createUser(db, { roles: [ROLE.admin] })).id);
  registerSalaryRunJob(async () => db);
  await startQueue(handle, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 });
});
afterAll(async () => {
  await stopQueue({ graceful: false });
  await handle?.close();
});

async function counts() {
  const [runs] = await db.select({ n: count() }).from(schema.salaryRuns);
  const [monitors] = await db.select({ n: count() }).from(schema.progressMonitors);
  const [log] = await db.select({ n: count() }).from(schema.activityLog);
  const jobs = (await db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as {
    rows: { n: number }[];
  };
  return { runs: runs.n, monitors: monitors.n, log: log.n, jobs: jobs.rows[0].n };
}

const november = { from: "2026-11-01", to: "2026-11-30" };

describe("POST salary/all with approved hours that lack a worker rate", () => {
  it.each([
    ["the branch", () => ({ ...november, branch_id: branchId })],
    ["the country", () => ({ ...november, country_id: countryId })],
  ])(
    "answers 410 MissingRates for %s, naming skill and worker, and starts nothing",
    async (_, body) => {
      const before = await counts();
      const err = await appErrorOf(startSalaryRun(admin, body()));
      expect(err.status).toBe(410);
      expect(err.type).toBe("MissingRates");
      expect(err.message).toBe(
        "Some approved hours have no worker rate, so no salary was computed: Unrated Hand: Nina Unrated. Add the rates under worker rates.",
      );
      expect(err.details).toMatchObject({
        skills: [
          {
            skill_id: skillId,
            skill: "Unrated Hand",
            workers: [{ id: workerId, name: "Nina Unrated" }],
            zero: false,
          },
        ],
      });
      expect(await counts()).toEqual(before);
    },
  );

  it("starts the run once the skill has a worker rate", async () => {
    await db
      .insert(schema.workerRates)
      .values({ skillId, branchId, currencyCode: "DKK", amount: 15000 });
    const started = await startSalaryRun(admin, { ...november, branch_id: branchId });
    expect(started).toMatchObject({ status: "queued", run_id: expect.any(Number) });
  });

  it("does not look at hours outside the period", async () => {
    // December has no hours at all: nothing is missing, the run starts (and finds nothing).
    const started = await startSalaryRun(admin, {
      from: "2026-12-01",
      to: "2026-12-31",
      country_id: countryId,
    });
    expect(started.status).toBe("queued");
  });
});
