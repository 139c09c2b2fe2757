/** The job-projection suites' world: a small job priced by hand (below), a bare job, an archived one. */
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { applyOn, ensureRole, giveRole, insertJob } from "@/lib/testing/jobs-fixtures";
import type { Ctx } from "../context";

/*
 * A small job priced by hand. Denmark (Europe/Copenhagen, CET = UTC+1 in November), DKK, all
 * amounts in øre. The company's default branch (Copenhagen) prices the job.
 *
 * Client rates
 *   Stagehand card  30000 (ignored: the job has its own row)
 *   Stagehand job   standard 32000, weekend 38000, night 45000, night 22:00–06:00, rate_worker
 *                   99999 (unused: the worker card prices Stagehand, with its bands)
 *   Rigger card     standard 40000, weekend 50000, no night price; rate_worker 25000
 * Worker rates (Copenhagen card)
 *   Stagehand, no level: standard 18000, weekend 21000, night 24000, night 22:00–06:00
 *   Ole's own Rigger rate: 26001 flat. Rigger has no card row, so Kim has no Rigger rate.
 *   (Loader's card prices levels only; it is used by the second job below.)
 *
 * Shift 1: Friday 27/11/2026 08:00–16:00 = 480 min, all standard. Stagehand ×2, Rigger ×1.
 *   planned Stagehand: revenue 2 × 480 × 32000 / 60 = 512 000; pay 2 × 480 × 18000 / 60 = 288 000
 *   planned Rigger:    revenue 480 × 40000 / 60 = 320 000; pay at rate_worker 480 × 25000 / 60 = 200 000
 *   planned shift 1:   revenue 832 000, cost 488 000, margin 344 000, 3 positions, 1440 min
 *   booked: Anna (Stagehand, Reported) 256 000 / 144 000;
 *           Ole (Rigger, Approved) 320 000 / 480 × 26001 / 60 = 208 008
 *           → revenue 576 000, cost 352 008, margin 223 992, 960 min
 *   reported: Anna 08:00–16:30 = 510 min: 510 × 32000 / 60 = 272 000 / 510 × 18000 / 60 = 153 000
 *             Ole 08:00–15:30 = 450 min: 450 × 40000 / 60 = 300 000 / 450 × 26001 / 60 = 195 007.5
 *             cost exact (9 180 000 + 11 700 450) / 60 = 348 007.5 → 348 008 (half-up, once)
 *             → revenue 572 000, cost 348 008, margin 223 992, 960 min
 *   approved: Ole only → revenue 300 000, cost 195 007.5 → 195 008, margin 104 992, 450 min
 * Shift 2: Saturday 28/11 20:00 → Sunday 04:00 = 480 min. Stagehand ×3, Rigger ×1.
 *   Stagehand bands (22–06 window): 20–22 weekend 120 min, 22–04 night 360 min
 *     revenue 3 × (120 × 38000 + 360 × 45000) / 60 = 3 × 346 000 = 1 038 000
 *     pay     3 × (120 × 21000 + 360 × 24000) / 60 = 3 × 186 000 = 558 000
 *   Rigger: no night price → no night band, all 480 min weekend
 *     revenue 480 × 50000 / 60 = 400 000; pay 480 × 25000 / 60 = 200 000
 *   planned shift 2: revenue 1 438 000, cost 758 000, margin 680 000, 4 positions, 1920 min
 *   booked: Bo (Stagehand) 346 000 / 186 000; Kim (Rigger, no worker rate) 400 000 / 0;
 *           Eve only applied (not counted) → revenue 746 000, cost 186 000, margin 560 000
 * Additional costs: travel 2 × 15000 = 30 000.
 * Totals (margin = revenue − cost − additional costs, % of revenue to one decimal):
 *   planned  2 270 000 − 1 246 000 − 30 000 = 994 000 (43.8 %)
 *   booked   1 322 000 − 538 008 − 30 000 = 753 992 (57.0 %)
 *   reported 572 000 − 348 008 − 30 000 = 193 992 (33.9 %)
 *   approved 300 000 − 195 008 − 30 000 = 74 992 (25.0 %)
 */

export let handle: DbHandle;
export let db: Db;
export let jobId: number;
export let bareJobId: number;
export let archivedJobId: number;
export let shiftIds: number[];
export const now = new Date("2026-11-25T12:00:00Z");
export const ctxs = {} as Record<
  "admin" | "pm" | "crew" | "col" | "worker" | "colWithPermission",
  Ctx
>;
export let ole: number;
export let kim: number;
export let runner: number;

const at = (iso: string) => new Date(iso);

/** Builds the world above in the suite's own database (closed after the suite). */
export function setUpProjection() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    const { country, company } = await createCountryAndCompany(db, "Projection Co");
    const [cph] = await db
      .insert(schema.branches)
      .values({ name: "Copenhagen (projection)", countryId: country.id })
      .returning();
    await db
      .update(schema.companies)
      .set({ defaultBranchId: cph.id })
      .where(eq(schema.companies.id, company.id));
    const [stage] = await db.insert(schema.skills).values({ name: "Stage", order: 1 }).returning();
    const [hand, rigger, run] = await db
      .insert(schema.skills)
      .values([
        { name: "Stagehand", parentId: stage.id, order: 1 },
        { name: "Rigger", parentId: stage.id, order: 2 },
        { name: "Runner", order: 3 },
      ])
      .returning();
    runner = run.id;
    // Loader: a worker card by level only (Junior 150.00, Senior 200.00) and no client rate.
    const [loader] = await db
      .insert(schema.skills)
      .values({ name: "Loader", order: 4 })
      .returning();
    const [junior, senior] = await db
      .insert(schema.levels)
      .values([
        { name: "Junior (projection)", weight: 1 },
        { name: "Senior (projection)", weight: 2 },
      ])
      .returning();
    await db.insert(schema.workerRates).values([
      {
        branchId: cph.id,
        currencyCode: "DKK",
        skillId: loader.id,
        levelId: senior.id,
        amount: 20000,
      },
      {
        branchId: cph.id,
        currencyCode: "DKK",
        skillId: loader.id,
        levelId: junior.id,
        amount: 15000,
      },
    ]);
    const worker = (name: string) => createUser(db, { roles: [ROLE.worker], name });
    const [anna, bo, eve] = [
      (await worker("Anna")).id,
      (await worker("Bo")).id,
      (await worker("Eve")).id,
    ];
    ole = (await worker("Ole")).id;
    kim = (await worker("Kim")).id;

    const job = await insertJob(db, {
      workerRates: false,
      name: "Projection job",
      companyId: company.id,
      countryId: country.id,
      shifts: [
        {
          startsAt: at("2026-11-27T07:00:00Z"),
          endsAt: at("2026-11-27T15:00:00Z"),
          slots: [
            { skillId: hand.id, positions: 2 },
            { skillId: rigger.id, positions: 1 },
          ],
        },
        {
          startsAt: at("2026-11-28T19:00:00Z"),
          endsAt: at("2026-11-29T03:00:00Z"),
          slots: [
            { skillId: hand.id, positions: 3 },
            { skillId: rigger.id, positions: 1 },
          ],
        },
      ],
    });
    jobId = job.id;
    shiftIds = job.shifts.map((s) => s.id);
    const [s1, s2] = job.shifts;
    const slot = (s: (typeof job.shifts)[number], skill: number) =>
      s.slots.find((x) => x.skillId === skill)!.id;

    const client = {
      companyId: company.id,
      branchId: cph.id,
      currencyCode: "DKK",
    };
    await db.insert(schema.clientRates).values([
      { ...client, skillId: hand.id, standardPrice: 30000 },
      {
        ...client,
        jobId,
        skillId: hand.id,
        standardPrice: 32000,
        weekendPrice: 38000,
        nightPrice: 45000,
        nightStart: "22:00",
        nightEnd: "06:00",
        rateWorker: 99999,
      },
      {
        ...client,
        skillId: rigger.id,
        standardPrice: 40000,
        weekendPrice: 50000,
        nightStart: "22:00",
        nightEnd: "06:00",
        rateWorker: 25000,
      },
    ]);
    await db.insert(schema.workerRates).values([
      {
        branchId: cph.id,
        currencyCode: "DKK",
        skillId: hand.id,
        amount: 18000,
        weekendAmount: 21000,
        nightAmount: 24000,
        nightStart: "22:00",
        nightEnd: "06:00",
      },
      { branchId: cph.id, currencyCode: "DKK", skillId: rigger.id, userId: ole, amount: 26001 },
    ]);

    const annaApp = await applyOn(db, slot(s1, hand.id), anna, "Reported");
    const oleApp = await applyOn(db, slot(s1, rigger.id), ole, "Approved");
    await applyOn(db, slot(s2, hand.id), bo, "Booked");
    await applyOn(db, slot(s2, rigger.id), kim, "Booked");
    await applyOn(db, slot(s2, hand.id), eve, "Applied");
    await db.insert(schema.reportedHours).values([
      {
        applicationId: annaApp,
        shiftSlotId: slot(s1, hand.id),
        startsAt: at("2026-11-27T07:00:00Z"),
        endsAt: at("2026-11-27T15:30:00Z"),
      },
      {
        applicationId: oleApp,
        shiftSlotId: slot(s1, rigger.id),
        startsAt: at("2026-11-27T07:00:00Z"),
        endsAt: at("2026-11-27T14:30:00Z"),
        approvedAt: now,
      },
    ]);
    await db.insert(schema.additionalCosts).values({
      jobId,
      category: "travel",
      quantity: 2,
      unitAmount: 15000,
      currencyCode: "DKK",
      description: "Van to the venue",
    });

    // A job whose only skill has no rate at all, and a shift without slots.
    const bare = await insertJob(db, {
      workerRates: false,
      name: "Bare job",
      companyId: company.id,
      countryId: country.id,
      shifts: [
        {
          startsAt: at("2026-11-30T07:00:00Z"),
          endsAt: at("2026-11-30T11:00:00Z"),
          slots: [
            { skillId: runner, positions: 2 },
            { skillId: loader.id, positions: 1 },
          ],
        },
        { startsAt: at("2026-12-01T07:00:00Z"), endsAt: at("2026-12-01T11:00:00Z"), slots: [] },
      ],
    });
    bareJobId = bare.id;
    await applyOn(db, bare.shifts[0].slots[0].id, kim, "Booked");
    const archived = await insertJob(db, {
      workerRates: false,
      name: "Archived job",
      companyId: company.id,
      countryId: country.id,
      shifts: [],
    });
    archivedJobId = archived.id;
    await db.update(schema.jobs).set({ deletedAt: now }).where(eq(schema.jobs.id, archivedJobId));

    const ctxOf = async (role: RoleTitle, companyId?: number) =>
      ctxFor(db, (await createUser(db, { roles: [role], companyId })).id, { now });
    ctxs.admin = await ctxOf(ROLE.admin);
    ctxs.pm = await ctxOf(ROLE.projectManager);
    ctxs.crew = await ctxOf(ROLE.crewHandler);
    ctxs.col = await ctxOf(ROLE.client, company.id);
    ctxs.worker = await ctxOf(ROLE.worker);
    const extra = await ensureRole(db, "Projection viewer (test)", ["can_view_job_projection"]);
    const col2 = (await createUser(db, { roles: [ROLE.client], companyId: company.id })).id;
    await giveRole(db, col2, extra);
    ctxs.colWithPermission = await ctxFor(db, col2, { now });
  });
  afterAll(async () => {
    await handle?.close();
  });
}
