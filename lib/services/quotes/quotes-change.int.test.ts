import { describe, expect, it } from "vitest";
import { desc, eq, inArray } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { QUOTE_MESSAGES } from "./access";
import { quoteClientData } from "./client-data";
import { convertQuote } from "./convert";
import { listQuotes } from "./list";
import { getQuote } from "./view";
import { acceptQuote, declineQuote, sendQuote } from "./state";
import { deleteQuote, editQuote, saveQuote } from "./write";
import {
  t0,
  handle,
  w,
  branch,
  branchB,
  noEditor,
  venue,
  ctxOf,
  body,
  lastLog,
  refused,
  sentQuote,
  setupQuotesWorld,
} from "./quotes.test-support";

setupQuotesWorld();

describe("POST job-quotes/edit", () => {
  it("changes a Draft in place and reprices it", async () => {
    const pm = await ctxOf(w.pm);
    const q = await saveQuote(pm, body());
    const edited = await editQuote(pm, {
      ...body({ discount_kind: null, discount_value: null, costs: [] }),
      quoteId: q.id,
    });
    expect([edited.id, edited.number, edited.revision]).toEqual([q.id, q.number, 1]);
    expect(edited.totals).toMatchObject({
      subtotal: 750000,
      discount: 0,
      vat: 187500,
      total: 937500,
    });
    expect(edited.costs).toEqual([]);
    expect((await lastLog(q.id)).description).toBe(`edited quote ${q.number} for Company A`);
  });

  it("makes a new revision of a Sent quote and supersedes the old one", async () => {
    const pm = await ctxOf(w.pm);
    const q = await sentQuote();
    const r2 = await editQuote(pm, { ...body({ name: "Spring gala (smaller)" }), quoteId: q.id });
    expect(r2.id).not.toBe(q.id);
    expect(r2).toMatchObject({
      number: `${q.number}-R2`,
      revision: 2,
      status: "Draft",
      sequence: q.sequence,
    });
    expect(r2.revisions.map((r) => [r.number, r.current])).toEqual([
      [q.number, false],
      [`${q.number}-R2`, true],
    ]);
    const old = await getQuote(pm, q.id);
    expect(old.superseded).toBe(true);
    expect((await lastLog(r2.id)).description).toBe(
      `made revision ${q.number}-R2 of sent quote ${q.number} for Company A`,
    );
    // Only the latest revision is listed, and only it can be edited again.
    const list = await listQuotes(pm, { perPage: 100 });
    expect(list.items.map((i) => i.id)).toContain(r2.id);
    expect(list.items.map((i) => i.id)).not.toContain(q.id);
    const err = await refused(() => editQuote(pm, { ...body(), quoteId: q.id }));
    expect([err.status, err.message]).toEqual([409, QUOTE_MESSAGES.superseded]);
    // A revision keeps the client.
    const sent2 = await sentQuote();
    const other = await refused(() =>
      editQuote(pm, { ...body({ company_id: w.companyB }), quoteId: sent2.id }),
    );
    expect([other.status, other.message]).toEqual([422, QUOTE_MESSAGES.otherClient]);
  });

  it("makes a new revision with a new validity of an Expired quote", async () => {
    const q = await sentQuote({ valid_until: "2027-03-12" });
    const later = await ctxOf(w.pm, new Date("2027-03-20T09:00:00Z"));
    const r2 = await editQuote(later, { ...body({ valid_until: "2027-04-30" }), quoteId: q.id });
    expect(r2).toMatchObject({ revision: 2, status: "Draft", valid_until: "2027-04-30" });
  });

  it("refuses an Accepted quote (409), an unknown one (404) and the wrong people (403), writing nothing", async () => {
    const q = await sentQuote();
    await acceptQuote(await ctxOf(w.colA), { quoteId: q.id });
    const pm = await ctxOf(w.pm);
    const err = await refused(() => editQuote(pm, { ...body(), quoteId: q.id }));
    expect([err.status, err.message]).toEqual([409, QUOTE_MESSAGES.accepted]);
    expect((await refused(() => editQuote(pm, { ...body(), quoteId: 999999 }))).status).toBe(404);
    for (const user of [w.worker, w.colA, noEditor])
      expect(
        (await refused(async () => editQuote(await ctxOf(user), { ...body(), quoteId: q.id })))
          .status,
      ).toBe(403);
  });
});

describe("POST job-quotes/delete", () => {
  it("deletes a Draft and archives a Sent quote (hidden unless filter[archived]=true)", async () => {
    const pm = await ctxOf(w.pm);
    const draft = await saveQuote(pm, body());
    expect(await deleteQuote(pm, { quoteId: draft.id })).toMatchObject({
      deleted: true,
      archived: false,
    });
    expect((await appErrorOf(getQuote(pm, draft.id))).status).toBe(404);
    expect((await lastLog(draft.id)).description).toBe(
      `deleted draft quote ${draft.number} for Company A`,
    );
    const sent = await sentQuote();
    expect(await deleteQuote(pm, { quoteId: sent.id })).toMatchObject({
      deleted: false,
      archived: true,
    });
    expect((await getQuote(pm, sent.id)).archived).toBe(true);
    expect((await listQuotes(pm, { perPage: 100 })).items.map((i) => i.id)).not.toContain(sent.id);
    expect(
      (await listQuotes(pm, { filter: { archived: "true" }, perPage: 100 })).items.map((i) => i.id),
    ).toContain(sent.id);
  });

  it("deleting a Draft revision makes the revision before it the latest again", async () => {
    const pm = await ctxOf(w.pm);
    const q = await sentQuote();
    const r2 = await editQuote(pm, { ...body(), quoteId: q.id });
    await deleteQuote(pm, { quoteId: r2.id });
    expect((await getQuote(pm, q.id)).superseded).toBe(false);
    expect((await listQuotes(pm, { perPage: 100 })).items.map((i) => i.id)).toContain(q.id);
  });

  it("refuses non-office users and unknown ids, writing nothing", async () => {
    const q = await saveQuote(await ctxOf(w.pm), body());
    for (const user of [w.worker, w.colA, noEditor])
      expect(
        (await refused(async () => deleteQuote(await ctxOf(user), { quoteId: q.id }))).status,
      ).toBe(403);
    expect(
      (await refused(async () => deleteQuote(await ctxOf(w.pm), { quoteId: 999999 }))).status,
    ).toBe(404);
    expect((await refused(async () => deleteQuote(await ctxOf(w.pm), {}))).status).toBe(422);
  });
});

describe("POST job-quotes/send, accept, decline", () => {
  it("sends a Draft: Sent, one mail per client contact with the link, logged", async () => {
    const pm = await ctxOf(w.pm);
    const q = await saveQuote(pm, body());
    const sent = await sendQuote(pm, { quoteId: q.id });
    expect(sent.status).toBe("Sent");
    expect(sent.sent_at).toBe(t0.toISOString());
    const mails = await handle.db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.template, "quote_sent"))
      .orderBy(desc(schema.mailOutbox.id))
      .limit(2);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toBe(`Quote ${q.number}: Spring gala`);
    expect(mails[0].text).toContain(`/job-quotes/${q.id}`);
    expect(mails[0].text).toContain("Total: 9,000.00 DKK");
    expect((await lastLog(q.id)).description).toBe(`sent quote ${q.number} to Company A`);
    const again = await refused(() => sendQuote(pm, { quoteId: q.id }));
    expect([again.status, again.message]).toEqual([409, QUOTE_MESSAGES.notDraft]);
  });

  it("refuses to send an Expired quote, one of a client without contacts, and non-office users", async () => {
    const pm = await ctxOf(w.pm);
    const q = await saveQuote(pm, body({ valid_until: "2027-03-11" }));
    const later = await ctxOf(w.pm, new Date("2027-03-12T09:00:00Z"));
    const err = await refused(() => sendQuote(later, { quoteId: q.id }));
    expect([err.status, err.message]).toEqual([409, QUOTE_MESSAGES.expired]);
    const [lonely] = await handle.db
      .insert(schema.companies)
      .values({ name: "Lonely Ltd", countryId: w.countryId })
      .returning();
    const l = await saveQuote(pm, body({ company_id: lonely.id }));
    const none = await refused(() => sendQuote(pm, { quoteId: l.id }));
    expect([none.status, none.message]).toEqual([
      422,
      "Lonely Ltd has no client contact to send the quote to.",
    ]);
    for (const user of [w.worker, w.colA, noEditor])
      expect(
        (await refused(async () => sendQuote(await ctxOf(user), { quoteId: q.id }))).status,
      ).toBe(403);
  });

  it("a client contact of the company accepts or declines with a comment", async () => {
    const a = await sentQuote();
    const colA = await ctxOf(w.colA);
    const accepted = await acceptQuote(colA, { quoteId: a.id, comment: "Looks good" });
    expect(accepted).toMatchObject({ status: "Accepted", decision_comment: "Looks good" });
    expect((await lastLog(a.id)).description).toBe(`accepted quote ${a.number} for Company A`);
    const d = await sentQuote();
    const declined = await declineQuote(colA, { quoteId: d.id, comment: "Too dear" });
    expect(declined.status).toBe("Declined");
    const twice = await refused(() => acceptQuote(colA, { quoteId: d.id }));
    expect([twice.status, twice.message]).toEqual([409, QUOTE_MESSAGES.notSent]);
  });

  it("the office may decide on the client's behalf, and that is logged", async () => {
    const q = await sentQuote();
    await acceptQuote(await ctxOf(w.pm), { quoteId: q.id });
    expect((await lastLog(q.id)).description).toBe(
      `accepted quote ${q.number} on behalf of Company A`,
    );
  });

  it("refuses another company's contact (404), a worker (403), a Draft (404 to a client, 409 to the office) and an Expired quote (409)", async () => {
    const q = await sentQuote({ valid_until: "2027-03-12" });
    expect(
      (await refused(async () => acceptQuote(await ctxOf(w.colB), { quoteId: q.id }))).status,
    ).toBe(404);
    expect(
      (await refused(async () => declineQuote(await ctxOf(w.worker), { quoteId: q.id }))).status,
    ).toBe(403);
    const late = await refused(async () =>
      acceptQuote(await ctxOf(w.colA, new Date("2027-03-13T09:00:00Z")), { quoteId: q.id }),
    );
    expect([late.status, late.message]).toEqual([409, QUOTE_MESSAGES.expired]);
    const draft = await saveQuote(await ctxOf(w.pm), body());
    expect(
      (await refused(async () => acceptQuote(await ctxOf(w.colA), { quoteId: draft.id }))).status,
    ).toBe(404);
    expect(
      (await refused(async () => acceptQuote(await ctxOf(w.pm), { quoteId: draft.id }))).status,
    ).toBe(409);
  });
});

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

describe("a sent quote while its next revision is a draft", () => {
  it("stays in the client's list and names why it cannot be decided yet; the sent revision replaces it", async () => {
    const pm = await ctxOf(w.pm);
    const colA = await ctxOf(w.colA);
    const q = await sentQuote();
    const r2 = await editQuote(pm, { ...body({ name: "Spring gala (smaller)" }), quoteId: q.id });
    const ids = async (ctx: Awaited<ReturnType<typeof ctxOf>>) =>
      (await listQuotes(ctx, { perPage: 100 })).items.map((x) => x.id);
    expect(await ids(colA)).toContain(q.id);
    expect(await ids(colA)).not.toContain(r2.id);
    expect(await ids(pm)).toContain(r2.id);
    expect(await ids(pm)).not.toContain(q.id);
    const err = await appErrorOf(acceptQuote(colA, { quoteId: q.id, comment: "" }));
    expect([err?.status, err?.message]).toEqual([409, QUOTE_MESSAGES.revising]);
    expect((await getQuote(colA, q.id)).status).toBe("Sent");
    await sendQuote(pm, { quoteId: r2.id });
    expect(await ids(colA)).toContain(r2.id);
    expect(await ids(colA)).not.toContain(q.id);
  });
});
