import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, like } from "drizzle-orm";
import nodemailer from "nodemailer";
import { schema, type DbHandle } from "@/db";
import { getFile, localStore, setFileStore } from "@/lib/files/storage";
import { deliverQueuedMail, type MailMessage, type MailTransport } from "@/lib/mail";
import { appErrorOf } from "@/lib/testing/app-error";
import { testDatabase } from "@/lib/testing/db";
import { ctxFor } from "@/lib/testing/fixtures";
import { createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { rowCounts } from "@/lib/testing/row-counts";
import { pdfTextOf } from "../pdf/read.test-support";
import { sendQuote } from "./state";
import { saveQuote } from "./write";

// Wednesday 10 March 2027, 10:00 in Copenhagen.
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
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-quote-mail-"));
  setFileStore(localStore(dir));
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

const pm = () => ctxFor(handle.db, w.pm, { now: t0 });
const body = (over: Record<string, unknown> = {}) => ({
  name: "Spring gala",
  company_id: w.companyA,
  branch_id: branch,
  address: "Hannemanns Allé 18",
  valid_until: "2027-03-31",
  lines: [{ date: "2027-03-15", start: "08:00", end: "16:00", skill_id: w.skill, positions: 2 }],
  ...over,
});

/** Every file in the test store (the folders the files port made under it). */
async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true }))
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else out.push(path.join(d, e.name));
  };
  await walk(dir);
  return out;
}

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

/** A transport that records what it is handed; `fail` refuses the first n messages. */
function recorder(fail = 0): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async sendMail(m) {
      if (fail-- > 0) throw new Error("421 try again later");
      sent.push(m);
    },
  };
}

describe("sending a quote mails its PDF", () => {
  it("puts one mail per client contact in the outbox, each with Quote-<number>.pdf; the delivery typesets it once", async () => {
    await handle.db
      .update(schema.mailOutbox)
      .set({ status: "sent" })
      .where(eq(schema.mailOutbox.status, "queued"));
    const q = await saveQuote(await pm(), body());
    await sendQuote(await pm(), { quoteId: q.id });
    const mails = await mailsOf(q.number);
    const contacts = await handle.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(inArray(schema.users.id, [w.colA, w.colEditorA]));
    expect(mails.map((m) => m.to).sort()).toEqual(contacts.map((c) => c.email).sort());
    for (const m of mails)
      expect(m.attachments).toEqual([
        {
          filename: `Quote-${q.number}.pdf`,
          contentType: "application/pdf",
          key: expect.stringMatching(/^mail\/quotes\/[0-9a-f-]{36}\.pdf$/),
          source: { kind: "quote", id: q.id },
        },
      ]);
    // One file for the send, made at the first delivery, not in the send's transaction.
    const keys = new Set(mails.map((m) => m.attachments[0].key));
    expect(keys.size).toBe(1);
    const [key] = [...keys];
    expect(await getFile(key)).toBeNull();

    const rec = recorder();
    expect(await deliverQueuedMail(handle.db, 100, rec)).toBe(2);
    expect(rec.sent.map((m) => m.to).sort()).toEqual(contacts.map((c) => c.email).sort());
    const [first, second] = rec.sent.map((m) => m.attachments);
    expect(first).toHaveLength(1);
    expect(first[0].filename).toBe(`Quote-${q.number}.pdf`);
    expect(first[0].contentType).toBe("application/pdf");
    expect(first[0].content.subarray(0, 5).toString()).toBe("%PDF-");
    expect(second[0].content.equals(first[0].content)).toBe(true);
    const stored = await getFile(key);
    expect(stored?.body.equals(first[0].content)).toBe(true);
    const text = await pdfTextOf(new Uint8Array(first[0].content));
    expect(text).toContain(`Quote ${q.number}`);
    // Dated the day it was sent (10/03/2027), as the download of the sent quote reads.
    expect(text).toContain("10/03/2027");
  });

  it("the delivery hands the transport the PDF; a failed attempt is retried with the same bytes", async () => {
    // Earlier tests' mails out of the way: this test counts attempts.
    await handle.db
      .update(schema.mailOutbox)
      .set({ status: "sent" })
      .where(eq(schema.mailOutbox.status, "queued"));
    const q = await saveQuote(await pm(), body({ name: "Retry gala" }));
    await sendQuote(await pm(), { quoteId: q.id });
    const flaky = recorder(1);
    expect(await deliverQueuedMail(handle.db, 100, flaky)).toBe(1);
    const after = await mailsOf(q.number);
    expect(after.map((m) => [m.status, m.attempts, m.error]).sort()).toEqual([
      ["queued", 1, "421 try again later"],
      ["sent", 1, null],
    ]);
    await deliverQueuedMail(handle.db, 100, flaky);
    const mine = flaky.sent.filter((m) => m.subject.startsWith(`Quote ${q.number}:`));
    expect(mine).toHaveLength(2);
    for (const m of mine) {
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments[0].filename).toBe(`Quote-${q.number}.pdf`);
      expect(m.attachments[0].contentType).toBe("application/pdf");
      expect(m.attachments[0].content.subarray(0, 5).toString()).toBe("%PDF-");
    }
    expect(mine[0].attachments[0].content.equals(mine[1].attachments[0].content)).toBe(true);
    expect((await mailsOf(q.number)).every((m) => m.status === "sent")).toBe(true);
  });

  it("nodemailer builds the message with the PDF as a named attachment", async () => {
    const q = await saveQuote(await pm(), body({ name: "Mime gala" }));
    await sendQuote(await pm(), { quoteId: q.id });
    const raw: string[] = [];
    const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
    await deliverQueuedMail(handle.db, 100, {
      async sendMail(m) {
        const info = await stream.sendMail(m);
        raw.push((info.message as Buffer).toString());
      },
    });
    const mime = raw.find((r) => r.includes(`Quote ${q.number}:`));
    expect(mime).toMatch(
      new RegExp(`Content-Type: application/pdf; name=Quote-${q.number}\\.pdf`, "i"),
    );
    expect(mime).toMatch(/Content-Disposition: attachment; filename=Quote-.*\.pdf/i);
    // "%PDF-" in base64.
    expect(mime).toContain("JVBERi0");
  });

  it("a mail whose file is gone and cannot be made again is not sent: the attempt fails with the reason", async () => {
    const q = await saveQuote(await pm(), body({ name: "Lost gala" }));
    await sendQuote(await pm(), { quoteId: q.id });
    const mails = await mailsOf(q.number);
    await handle.db
      .update(schema.mailOutbox)
      .set({
        attachments: [
          {
            filename: "Lost.pdf",
            contentType: "application/pdf",
            key: mails[0].attachments[0].key,
          },
        ],
      })
      .where(
        inArray(
          schema.mailOutbox.id,
          mails.map((x) => x.id),
        ),
      );
    const rec = recorder();
    await deliverQueuedMail(handle.db, 100, rec);
    expect(rec.sent.some((s) => s.subject.startsWith(`Quote ${q.number}:`))).toBe(false);
    const again = await mailsOf(q.number);
    for (const x of again) {
      expect(x.status).toBe("queued");
      expect(x.attempts).toBe(1);
      expect(x.error).toBe("The attachment Lost.pdf is missing from the file store.");
    }
    // Out of the way of later tests.
    await handle.db
      .update(schema.mailOutbox)
      .set({ status: "failed" })
      .where(
        inArray(
          schema.mailOutbox.id,
          again.map((x) => x.id),
        ),
      );
  });

  it("a refused send writes nothing and leaves no file behind", async () => {
    const [lonely] = await handle.db
      .insert(schema.companies)
      .values({ name: "Lonely Ltd", countryId: w.countryId })
      .returning();
    const q = await saveQuote(await pm(), body({ company_id: lonely.id }));
    const files = await storedFiles();
    const before = await rowCounts(handle.db);
    const err = await appErrorOf(sendQuote(await pm(), { quoteId: q.id }));
    expect([err.status, err.message]).toEqual([
      422,
      "Lonely Ltd has no client contact to send the quote to.",
    ]);
    expect(await rowCounts(handle.db)).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });
});
