import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { QUOTE_MESSAGES } from "./access";
import { quoteClientData } from "./client-data";
import { convertQuote } from "./convert";
import { acceptQuote } from "./state";
import {
  handle,
  w,
  branch,
  branchB,
  noEditor,
  venue,
  ctxOf,
  lastLog,
  refused,
  sentQuote,
  setupQuotesWorld,
} from "./quotes.test-support";

setupQuotesWorld();

describe("POST job-quotes/convert", () => {
  it("makes an Accepted quote a Draft job with shifts, slots and the quote's prices, once", async () => {
    const pm = await ctxOf(w.pm);
    const q = await sentQuote({
      lines: [
        { date: "2027-03-15", start: "08:00", end: "16:00", skill_id: w.skill, positions: 2 },
        { date: "2027-03-15", start: "08:00", end: "16:00", skill_id: w.skill, positions: 1 },
        { date: "2027-03-15", start: "08:00", end: "16:00", skill_id: w.skill2, positions: 1 },
        { date: "2027-03-15", start: "22:00", end: "06:00", skill_id: w.skill, positions: 1 },
      ],
    });
    await acceptQuote(await ctxOf(w.colA), { quoteId: q.id });
    const done = await convertQuote(pm, { quoteId: q.id });
    expect(done.job).toMatchObject({ id: done.job_id, name: "Spring gala", status: "Draft" });
    const [job] = await handle.db.select().from(schema.jobs).where(eq(schema.jobs.id, done.job_id));
    expect(job).toMatchObject({
      status: "Draft",
      companyId: w.companyA,
      venueId: venue,
      address: "Hannemanns Allé 18",
    });
    const shifts = await handle.db
      .select()
      .from(schema.shifts)
      .where(eq(schema.shifts.jobId, job.id))
      .orderBy(schema.shifts.startsAt);
    expect(shifts.map((s) => [s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual([
      ["2027-03-15T07:00:00.000Z", "2027-03-15T15:00:00.000Z"],
      ["2027-03-15T21:00:00.000Z", "2027-03-16T05:00:00.000Z"],
    ]);
    const slots = await handle.db
      .select({
        shiftId: schema.shiftSlots.shiftId,
        skillId: schema.shiftSlots.skillId,
        positions: schema.shiftSlots.positions,
      })
      .from(schema.shiftSlots)
      .where(
        inArray(
          schema.shiftSlots.shiftId,
          shifts.map((s) => s.id),
        ),
      );
    expect(
      slots
        .filter((s) => s.shiftId === shifts[0].id)
        .map((s) => [s.skillId, s.positions])
        .sort(),
    ).toEqual(
      [
        [w.skill, 3],
        [w.skill2, 1],
      ].sort(),
    );
    const rates = await handle.db
      .select()
      .from(schema.clientRates)
      .where(eq(schema.clientRates.jobId, job.id));
    expect(
      rates.map((r) => [r.skillId, r.standardPrice, r.weekendPrice, r.nightPrice, r.nightStart]),
    ).toEqual([[w.skill, 30000, 45000, 40000, "22:00"]]);
    const [jb] = await handle.db
      .select()
      .from(schema.jobBranches)
      .where(eq(schema.jobBranches.jobId, job.id));
    expect(jb.branchId).toBe(branch);
    expect((await lastLog(q.id)).description).toBe(
      `converted quote ${q.number} for Company A to the draft job Spring gala`,
    );
    const twice = await refused(() => convertQuote(pm, { quoteId: q.id }));
    expect([twice.status, twice.message]).toEqual([409, QUOTE_MESSAGES.converted]);
  });

  it("refuses a quote that is not Accepted (409) and non-office users (403)", async () => {
    const q = await sentQuote();
    const err = await refused(async () => convertQuote(await ctxOf(w.pm), { quoteId: q.id }));
    expect([err.status, err.message]).toEqual([409, QUOTE_MESSAGES.notAccepted]);
    for (const user of [w.worker, w.colA, noEditor])
      expect(
        (await refused(async () => convertQuote(await ctxOf(user), { quoteId: q.id }))).status,
      ).toBe(403);
  });
});

describe("POST job-quotes/get-client-data", () => {
  it("lists the company's contacts, branches with currency and the priced skills", async () => {
    const data = await quoteClientData(await ctxOf(w.pm), { company_id: w.companyA });
    expect(data.company).toMatchObject({ id: w.companyA, name: "Company A" });
    expect(data.vat_basis_points).toBe(2500);
    expect(data.contacts.map((c) => c.id).sort()).toEqual([w.colA, w.colEditorA].sort());
    const cph = data.branches.find((b) => b.id === branch)!;
    expect(cph).toMatchObject({ currency: { code: "DKK" }, priced_skill_ids: [w.skill] });
    expect(data.branches.find((b) => b.id === branchB)!.priced_skill_ids).toEqual([]);
  });

  it("answers 404 for an unknown company and 403 to anyone but the office", async () => {
    expect(
      (await appErrorOf(quoteClientData(await ctxOf(w.pm), { company_id: 999999 }))).status,
    ).toBe(404);
    for (const user of [w.worker, w.colA, noEditor])
      expect(
        (await appErrorOf(quoteClientData(await ctxOf(user), { company_id: w.companyA }))).status,
      ).toBe(403);
  });
});
