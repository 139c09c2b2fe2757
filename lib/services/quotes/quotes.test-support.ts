import { afterAll, beforeAll, expect } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { rowCounts } from "@/lib/testing/row-counts";
import { createJobWorld, ensureRole, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { sendQuote } from "./state";
import { saveQuote } from "./write";

// Wednesday 10 March 2027, 10:00 in Copenhagen.
export const t0 = new Date("2027-03-10T09:00:00Z");
export let handle: DbHandle;
export let w: JobWorld;
export let branch: number;
export let branchB: number;
export let noEditor: number;
export let venue: number;

export const ctxOf = (userId: number, now = t0) => ctxFor(handle.db, userId, { now });

/** Mon 15 March 08–16 (30 min break) × 2 Stagehands, an overnight Stagehand, a Rigger (no price). */
export const body = (over: Record<string, unknown> = {}) => ({
  name: "Spring gala",
  company_id: w.companyA,
  branch_id: branch,
  venue_id: venue,
  valid_until: "2027-03-31",
  discount_kind: "percent",
  discount_value: 1000,
  notes: "Prices per person per hour.",
  lines: [
    {
      date: "2027-03-15",
      start: "08:00",
      end: "16:00",
      skill_id: w.skill,
      positions: 2,
      break_minutes: 30,
    },
    { date: "15/03/2027", start: "20:00", end: "04:00", skill_id: w.skill, positions: 1 },
    { date: "2027-03-16", start: "10:00", end: "14:00", skill_id: w.skill2, positions: 3 },
  ],
  costs: [{ category: "travel", description: "Van", quantity: 2, unit_amount: 25000 }],
  ...over,
});

export const lastLog = async (quoteId: number) =>
  (
    await handle.db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectType, "quotes"),
          eq(schema.activityLog.subjectId, quoteId),
        ),
      )
      .orderBy(desc(schema.activityLog.id))
      .limit(1)
  )[0];

/** Refused: the error, and not one row changed anywhere. */
export async function refused(call: () => Promise<unknown>) {
  const before = await rowCounts(handle.db);
  const err = await appErrorOf(call());
  expect(await rowCounts(handle.db)).toEqual(before);
  return err;
}

export async function sentQuote(over: Record<string, unknown> = {}) {
  const pm = await ctxOf(w.pm);
  const q = await saveQuote(pm, body(over));
  await sendQuote(pm, { quoteId: q.id });
  return q;
}

/** The shared world of these files: call once at the top of each test file. */
export function setupQuotesWorld() {
  beforeAll(async () => {
    handle = await testDatabase();
    w = await createJobWorld(handle.db);
    await handle.db
      .update(schema.countries)
      .set({ vatBasisPoints: 2500 })
      .where(eq(schema.countries.id, w.countryId));
    [{ id: branch }, { id: branchB }] = await handle.db
      .insert(schema.branches)
      .values([
        { name: "Copenhagen", countryId: w.countryId },
        { name: "Aarhus", countryId: w.countryId },
      ])
      .returning({ id: schema.branches.id });
    // Company A's card at Copenhagen: Stagehand 300.00/h, weekend 450.00, night 400.00 22–06.
    await handle.db.insert(schema.clientRates).values([
      {
        companyId: w.companyA,
        branchId: branch,
        skillId: w.skill,
        currencyCode: "DKK",
        standardPrice: 30000,
        weekendPrice: 45000,
        nightPrice: 40000,
        nightStart: "22:00",
        nightEnd: "06:00",
        rateWorker: 18000,
      },
      {
        companyId: w.companyB,
        branchId: branch,
        skillId: w.skill,
        currencyCode: "DKK",
        standardPrice: 20000,
      },
    ]);
    const role = await ensureRole(handle.db, "Office without job_edit", [
      "dashboard_access",
      "job_view",
    ]);
    noEditor = (await createUser(handle.db, { name: "Nora NoEdit" })).id;
    await handle.db.insert(schema.userRoles).values({ userId: noEditor, roleId: role });
    [{ id: venue }] = await handle.db
      .insert(schema.venues)
      .values({ name: "Royal Arena", countryId: w.countryId, address: "Hannemanns Allé 18" })
      .returning({ id: schema.venues.id });
  });
  afterAll(async () => handle.close());
}
