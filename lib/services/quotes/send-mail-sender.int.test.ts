import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { localStore, setFileStore } from "@/lib/files/storage";
import { deliverQueuedMail, type MailMessage, type MailTransport } from "@/lib/mail";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { testDatabase } from "@/lib/testing/db";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { pdfTextOf } from "../pdf/read.test-support";
import { getQuote } from "./view";
import { sendQuote } from "./state";
import { saveQuote } from "./write";

/**
 * A quote's mail is queued when the quote is sent and delivered later, its PDF typeset at the
 * first delivery. The person who sent it may be deactivated (or archived) in between. The send
 * was allowed and committed, the quote is frozen, and the mail goes out under the agency's
 * name (MAIL_FROM, the agency's signature), not the sender's: so it is still delivered, with
 * the quote's PDF, and the quote stays Sent.
 */
const t0 = new Date("2027-03-10T09:00:00Z");
let handle: DbHandle;
let w: JobWorld;
let branch: number;
let dir: string;

beforeAll(async () => {
  handle = await testDatabase();
  w = await createJobWorld(handle.db);
  [{ id: branch }] = await handle.db
    .insert(schema.branches)
    .values({ name: "Copenhagen", countryId: w.countryId })
    .returning({ id: schema.branches.id });
  await handle.db.insert(schema.clientRates).values({
    companyId: w.companyA,
    branchId: branch,
    skillId: w.skill,
    currencyCode: "DKK",
    standardPrice: 30000,
  });
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-quote-sender-"));
  setFileStore(localStore(dir));
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

const body = (name: string) => ({
  name,
  company_id: w.companyA,
  branch_id: branch,
  address: "Hannemanns Allé 18",
  valid_until: "2027-03-31",
  lines: [{ date: "2027-03-15", start: "08:00", end: "16:00", skill_id: w.skill, positions: 2 }],
});

const mailsOf = (number: string) =>
  handle.db
    .select()
    .from(schema.mailOutbox)
    .where(
      and(
        eq(schema.mailOutbox.template, "quote_sent"),
        like(schema.mailOutbox.subject, `Quote ${number}:%`),
      ),
    );

function recorder(): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async sendMail(m) {
      sent.push(m);
    },
  };
}

describe("a quote mail whose sender was deactivated before delivery", () => {
  it.each([
    ["deactivated", { status: "deactivated" as const }],
    ["archived", { deletedAt: t0 }],
  ])("is still delivered under the agency's name with the PDF (sender %s)", async (_, gone) => {
    const sender = await createUser(handle.db, {
      roles: [ROLE.projectManager],
      name: "Sigrid Sender",
    });
    const ctx = await ctxFor(handle.db, sender.id, { now: t0 });
    const q = await saveQuote(ctx, body(`Gala ${_}`));
    await sendQuote(ctx, { quoteId: q.id });
    // Before the delivery loop runs, the sender leaves.
    await handle.db.update(schema.users).set(gone).where(eq(schema.users.id, sender.id));

    const rec = recorder();
    await deliverQueuedMail(handle.db, 100, rec);
    const mine = rec.sent.filter((m) => m.subject.startsWith(`Quote ${q.number}:`));
    expect(mine).toHaveLength(2);
    for (const m of mine) {
      expect(m.from).toBe(env.MAIL_FROM);
      expect(m.text).not.toContain("Sigrid Sender");
      expect(m.attachments.map((a) => a.filename)).toEqual([`Quote-${q.number}.pdf`]);
    }
    const text = await pdfTextOf(new Uint8Array(mine[0].attachments[0].content));
    expect(text).toContain(`Quote ${q.number}`);
    expect(text).not.toContain("Sigrid Sender");
    expect((await mailsOf(q.number)).map((m) => [m.status, m.error])).toEqual([
      ["sent", null],
      ["sent", null],
    ]);
    // The quote itself is untouched: still Sent, still the sender's send.
    const view = await getQuote(await ctxFor(handle.db, w.pm, { now: t0 }), q.id);
    expect(view.status).toBe("Sent");
  });
});
