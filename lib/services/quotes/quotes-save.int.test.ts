import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { rowCounts } from "@/lib/testing/row-counts";
import { makeCtx, type Ctx } from "../context";
import { QUOTE_MESSAGES } from "./access";
import { listQuotes } from "./list";
import { getQuote } from "./view";
import { saveQuote } from "./write";
import {
  t0,
  handle,
  w,
  branch,
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
