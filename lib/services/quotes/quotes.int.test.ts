import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, inArray } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { rowCounts } from "@/lib/testing/row-counts";
import { createJobWorld, ensureRole, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx, type Ctx } from "../context";
import { QUOTE_MESSAGES } from "./access";
import { quoteClientData } from "./client-data";
import { convertQuote } from "./convert";
import { getQuote, listQuotes } from "./read";
import { acceptQuote, declineQuote, sendQuote } from "./state";
import { deleteQuote, editQuote, saveQuote } from "./write";

// Wednesday 10 March 2027, 10:00 in Copenhagen.
const t0 = new Date("2027-03-10T09:00:00Z");
let handle: DbHandle;
let w: JobWorld;
let branch: number;
let branchB: number;
let noEditor: number;
let venue: number;

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

const ctxOf = (userId: number, now = t0) => ctxFor(handle.db, userId, { now });

/** Mon 15 March 08–16 (30 min break) × 2 Stagehands, an overnight Stagehand, a Rigger (no price). */
const body = (over: Record<string, unknown> = {}) => ({
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

const lastLog = async (quoteId: number) =>
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
async function refused(call: () => Promise<unknown>) {
  const before = await rowCounts(handle.db);
  const err = await appErrorOf(call());
  expect(await rowCounts(handle.db)).toEqual(before);
  return err;
}

async function sentQuote(over: Record<string, unknown> = {}) {
  const pm = await ctxOf(w.pm);
  const q = await saveQuote(pm, body(over));
  await sendQuote(pm, { quoteId: q.id });
  return q;
}

describe("POST job-quotes/save", () => {
  it("prices each line with the client's card, totals once, and numbers the quote", async () => {
    const q = await saveQuote(await ctxOf(w.pm), body());
    expect(q.number).toMatch(/^Q-2027-\d{4}$/);
    expect(q).toMatchObject({
      status: "Draft",
      revision: 1,
      name: "Spring gala",
      company: { id: w.companyA, name: "Company A" },
      branch: { id: branch, name: "Copenhagen", time_zone: "Europe/Copenhagen" },
      venue: { id: venue, name: "Royal Arena" },
      currency: { code: "DKK", minor_units: 2 },
      valid_until: "2027-03-31",
      discount: { kind: "percent", value: 1000 },
      vat_basis_points: 2500,
    });
    expect(
      q.lines.map((l) => [
        l.date,
        l.start,
        l.end,
        l.overnight,
        l.split,
        l.prices,
        l.amount,
        l.missing,
      ]),
    ).toEqual([
      [
        "2027-03-15",
        "08:00",
        "16:00",
        false,
        "7 h 30 min standard",
        { standard: 30000, weekend: 45000, night: 40000 },
        450000,
        false,
      ],
      [
        "2027-03-15",
        "20:00",
        "04:00",
        true,
        "2 h standard, 6 h night",
        { standard: 30000, weekend: 45000, night: 40000 },
        300000,
        false,
      ],
      ["2027-03-16", "10:00", "14:00", false, "4 h standard", null, 0, true],
    ]);
    // 750000 lines + 50000 costs = 800000; −10 % = 720000; VAT 25 % = 180000.
    expect(q.totals).toEqual({
      lines: 750000,
      costs: 50000,
      subtotal: 800000,
      discount: 80000,
      vat: 180000,
      total: 900000,
    });
    expect(q.missing).toEqual([
      {
        skill_id: w.skill2,
        skill_name: "Rigger",
        message:
          "Company A has no client price for Rigger at Copenhagen, so its hours on this quote are billed at nothing.",
      },
    ]);
    const log = await lastLog(q.id);
    expect(log.description).toBe(`created quote ${q.number} for Company A`);
    expect(log.causerId).toBe(w.pm);
    const [row] = await handle.db.select().from(schema.quotes).where(eq(schema.quotes.id, q.id));
    expect(row.clientData).toMatchObject({ company: { name: "Company A" } });
    expect((row.clientData as { contacts: unknown[] }).contacts).toHaveLength(2);
  });

  it("gives 20 parallel saves 20 distinct consecutive numbers", async () => {
    const pm = await ctxOf(w.pm, new Date("2028-02-01T09:00:00Z"));
    const saved = await Promise.all(
      Array.from({ length: 20 }, () => saveQuote(pm, body({ valid_until: "2028-03-01" }))),
    );
    expect(saved.map((s) => s.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(saved.map((s) => s.number)).size).toBe(20);
    expect(saved.every((s) => s.number.startsWith("Q-2028-00"))).toBe(true);
  });

  it("answers 422 for bad input and writes nothing, not even a number", async () => {
    const pm = await ctxOf(w.pm);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lines: [] }, "lines", "A quote needs at least one line of work."],
      [{ valid_until: "2027-03-09" }, "valid_until", QUOTE_MESSAGES.validityPast],
      [{ valid_until: "31/02/2027" }, "valid_until", "must be a date as YYYY-MM-DD or DD/MM/YYYY"],
      [{ name: " " }, "name", "The name field is required."],
      [
        { discount_value: 10001 },
        "discount_value",
        "A percent discount may be at most 10000 basis points (100 %).",
      ],
      [
        { lines: [{ date: "2027-03-15", start: "8", end: "16:00", skill_id: w.skill }] },
        "lines.0.start",
        "must be a time as HH:mm",
      ],
      [
        { lines: [{ date: "2027-03-15", start: "08:00", end: "16:00", skill_id: 999999 }] },
        "lines.0.skill_id",
        "This skill does not exist or has been deleted.",
      ],
      [{ branch_id: 999999 }, "branch_id", "Branch not found."],
      [{ venue_id: 999999 }, "venue_id", "Unknown venue."],
      [
        {
          costs: Array.from({ length: 30 }, () => ({
            category: "other",
            quantity: 10000,
            unit_amount: 100000000,
          })),
        },
        "lines",
        QUOTE_MESSAGES.tooLarge,
      ],
      [
        { costs: [{ category: "other", unit_amount: 0 }] },
        "costs.0.unit_amount",
        "must be at least 1",
      ],
    ];
    for (const [over, field, message] of cases) {
      const err = await refused(() => saveQuote(pm, body(over)));
      expect([err.status, err.errors?.[field]?.[0]], field).toEqual([422, message]);
    }
  });

  it("refuses workers, client contacts and office staff without job_edit (403)", async () => {
    for (const user of [w.worker, w.colA, w.colEditorA, noEditor]) {
      const err = await refused(async () => saveQuote(await ctxOf(user), body()));
      expect(err.status, String(user)).toBe(403);
    }
  });
});

describe("GET job-quotes/{id} and job-quotes/fetch", () => {
  it("a client contact sees its company's sent quotes only; Drafts and other companies' are 404", async () => {
    const pm = await ctxOf(w.pm);
    const draft = await saveQuote(pm, body({ name: "Draft only" }));
    const sent = await sentQuote({ name: "Sent to A" });
    const colA = await ctxOf(w.colA);
    expect((await getQuote(colA, sent.id)).status).toBe("Sent");
    expect((await appErrorOf(getQuote(colA, draft.id))).status).toBe(404);
    expect((await appErrorOf(getQuote(await ctxOf(w.colB), sent.id))).status).toBe(404);
    expect((await appErrorOf(getQuote(await ctxOf(w.worker), sent.id))).status).toBe(403);
    expect((await appErrorOf(getQuote(await ctxOf(noEditor), sent.id))).status).toBe(403);
    expect((await appErrorOf(getQuote(pm, "abc"))).status).toBe(404);
    const list = await listQuotes(colA, { perPage: 100 });
    expect(list.items.some((i) => i.id === sent.id)).toBe(true);
    expect(list.items.some((i) => i.id === draft.id)).toBe(false);
    expect(list.items.every((i) => i.company.id === w.companyA && i.status !== "Draft")).toBe(true);
    expect((await listQuotes(await ctxOf(w.colB), {})).items.some((i) => i.id === sent.id)).toBe(
      false,
    );
    expect((await appErrorOf(listQuotes(await ctxOf(w.worker), {}))).status).toBe(403);
    // Nothing a client contact reads carries worker pay.
    expect(JSON.stringify(await getQuote(colA, sent.id))).not.toMatch(
      /rate_?worker|[:[,]18000[,}\]]/i,
    );
  });

  it("filters by client, state (Expired derived), dates and search; newest first, 10 a page", async () => {
    const pm = await ctxOf(w.pm);
    const b = await saveQuote(pm, body({ company_id: w.companyB, name: "Harbour run" }));
    const byClient = await listQuotes(pm, {
      filter: { company_id: String(w.companyB) },
      perPage: 100,
    });
    expect(byClient.items.map((i) => i.id)).toContain(b.id);
    expect(byClient.items.every((i) => i.company.id === w.companyB)).toBe(true);
    expect(
      (await listQuotes(pm, { filter: { search: "harbour" } })).items.map((i) => i.id),
    ).toEqual([b.id]);
    expect((await listQuotes(pm, { filter: { search: b.number } })).items.map((i) => i.id)).toEqual(
      [b.id],
    );
    expect(
      (await listQuotes(pm, { filter: { search: "company b" }, perPage: 100 })).items.map(
        (i) => i.id,
      ),
    ).toContain(b.id);
    const page = await listQuotes(pm, {});
    expect(page.meta.per_page).toBe(10);
    const created = page.items.map((i) => i.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(
      (await listQuotes(pm, { filter: { from: "2027-03-11", to: "2027-12-31" } })).meta.total,
    ).toBe(0);
    expect((await listQuotes(pm, { filter: { to: "2027-03-09" } })).meta.total).toBe(0);

    // On 1 April the open quotes of March read as Expired; nothing is written.
    const later = await ctxOf(w.pm, new Date("2027-04-01T09:00:00Z"));
    const before = await rowCounts(handle.db);
    const expired = await listQuotes(later, { filter: { status: "Expired" }, perPage: 100 });
    expect(expired.items.map((i) => i.id)).toContain(b.id);
    expect(expired.items.every((i) => i.status === "Expired")).toBe(true);
    expect(
      (await listQuotes(later, { filter: { status: "Draft" }, perPage: 100 })).items.map(
        (i) => i.id,
      ),
    ).not.toContain(b.id);
    expect((await getQuote(later, b.id)).status).toBe("Expired");
    expect(await rowCounts(handle.db)).toEqual(before);
    const [row] = await handle.db.select().from(schema.quotes).where(eq(schema.quotes.id, b.id));
    expect(row.status).toBe("Draft");
    expect((await appErrorOf(listQuotes(pm, { filter: { status: "Lost" } }))).status).toBe(422);
  });

  it("keeps the list's query count flat", async () => {
    const counting = countingDb(handle);
    const actor = (await ctxOf(w.pm)).actor;
    const ctx: Ctx = makeCtx(counting.db, actor, { now: t0 });
    await listQuotes(ctx, { perPage: 1 });
    const one = counting.statements();
    counting.reset();
    await listQuotes(ctx, { perPage: 50 });
    expect(counting.statements()).toBe(one);
  });
});

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
