import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type DbHandle } from "@/db";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { countingDb } from "@/lib/testing/counting-db";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { makeCtx } from "../context";
import { quoteFormClient, quoteFormOptions } from "./form-options";
import { quoteListDetails } from "./list-details";
import { sendQuote } from "./state";
import { saveQuote } from "./write";

/** The reads the quote screens add beside the REST verbs (issue 24). */

const t0 = new Date("2027-03-10T09:00:00Z");
let handle: DbHandle;
let w: JobWorld;
let branch: number;
let venue: number;
let draftA: number;
let sentA: number;
let sentB: number;

const ctxOf = (userId: number) => ctxFor(handle.db, userId, { now: t0 });
const body = (companyId: number, over: Record<string, unknown> = {}) => ({
  name: "Spring gala",
  company_id: companyId,
  branch_id: branch,
  valid_until: "2027-03-31",
  lines: [
    { date: "2027-03-16", start: "10:00", end: "14:00", skill_id: w.skill },
    { date: "2027-03-15", start: "20:00", end: "04:00", skill_id: w.skill },
  ],
  ...over,
});

beforeAll(async () => {
  handle = await testDatabase();
  w = await createJobWorld(handle.db);
  [{ id: branch }] = await handle.db
    .insert(schema.branches)
    .values({ name: "Copenhagen", countryId: w.countryId })
    .returning({ id: schema.branches.id });
  [{ id: venue }] = await handle.db
    .insert(schema.venues)
    .values({ name: "Royal Arena", countryId: w.countryId, companyId: w.companyA })
    .returning({ id: schema.venues.id });
  const pm = await ctxOf(w.pm);
  draftA = (await saveQuote(pm, body(w.companyA, { venue_id: venue }))).id;
  sentA = (await saveQuote(pm, body(w.companyA, { address: "Pier 7" }))).id;
  await sendQuote(pm, { quoteId: sentA });
  sentB = (await saveQuote(pm, body(w.companyB))).id;
  await sendQuote(pm, { quoteId: sentB });
});
afterAll(async () => handle.close());

describe("quoteListDetails (the list's dates of work and venue)", () => {
  it("gives each quote its first and last date of work and its venue or address", async () => {
    const d = await quoteListDetails(await ctxOf(w.pm), [draftA, sentA, sentB]);
    expect(d.get(draftA)).toEqual({
      first_date: "2027-03-15",
      last_date: "2027-03-16",
      venue: "Royal Arena",
      address: null,
    });
    expect(d.get(sentA)).toMatchObject({ venue: null, address: "Pier 7" });
    expect(d.size).toBe(3);
  });

  it("gives a client contact only its own company's sent quotes, whatever ids it asks for", async () => {
    const d = await quoteListDetails(await ctxOf(w.colA), [draftA, sentA, sentB]);
    expect([...d.keys()]).toEqual([sentA]);
  });

  it("refuses a worker and a signed-out caller", async () => {
    expect((await appErrorOf(quoteListDetails(await ctxOf(w.worker), [sentA]))).status).toBe(403);
    expect(
      (await appErrorOf(quoteListDetails(makeCtx(handle.db, null, { now: t0 }), [sentA]))).status,
    ).toBe(401);
  });

  it("needs one query whatever the page's size", async () => {
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, (await ctxOf(w.pm)).actor, { now: t0 });
    await quoteListDetails(ctx, [draftA]);
    const one = counting.statements();
    counting.reset();
    await quoteListDetails(ctx, [draftA, sentA, sentB]);
    expect(counting.statements()).toBe(one);
    expect(one).toBe(1);
    counting.reset();
    await quoteListDetails(ctx, []);
    expect(counting.statements()).toBe(0);
  });
});

describe("quoteFormOptions and quoteFormClient (the quote form's choices)", () => {
  it("offers the office the clients, skills with their group, levels, and a client's branches and venues", async () => {
    const pm = await ctxOf(w.pm);
    const o = await quoteFormOptions(pm);
    expect(o.companies.map((c) => c.name)).toEqual(
      expect.arrayContaining(["Company A", "Company B"]),
    );
    expect(o.skills).toContainEqual({ id: w.skill, name: "Stagehand", group: "Stage" });
    const c = await quoteFormClient(pm, w.companyA);
    expect(c.client.company.id).toBe(w.companyA);
    expect(c.client.branches.map((b) => b.id)).toContain(branch);
    expect(c.venues.map((v) => v.name)).toContain("Royal Arena");
  });

  it.each([
    ["a worker", () => w.worker],
    ["a client contact", () => w.colA],
  ])("refuses %s with 403", async (_who, id) => {
    const ctx = await ctxOf(id());
    expect((await appErrorOf(quoteFormOptions(ctx))).status).toBe(403);
    expect((await appErrorOf(quoteFormClient(ctx, w.companyA))).status).toBe(403);
  });

  it("answers 404 for an unknown client and for a bad id", async () => {
    const pm = await ctxOf(w.pm);
    expect((await appErrorOf(quoteFormClient(pm, 999999))).status).toBe(404);
    expect((await appErrorOf(quoteFormClient(pm, "abc"))).status).toBe(404);
  });
});
