import { describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { schema } from "@/db";
import { QUOTE_MESSAGES } from "./access";
import { acceptQuote, declineQuote, sendQuote } from "./state";
import { saveQuote } from "./write";
import {
  t0,
  handle,
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
