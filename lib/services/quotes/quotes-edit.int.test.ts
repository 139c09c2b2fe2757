import { describe, expect, it } from "vitest";
import { appErrorOf } from "@/lib/testing/app-error";
import { QUOTE_MESSAGES } from "./access";
import { getQuote, listQuotes } from "./read";
import { acceptQuote, sendQuote } from "./state";
import { deleteQuote, editQuote, saveQuote } from "./write";
import {
  w,
  noEditor,
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
