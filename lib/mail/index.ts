import { and, asc, eq, lt, notInArray, sql } from "drizzle-orm";
import { precompiled, schema, type Db, type DbOrTx, type Tx } from "@/db";
import { env } from "@/lib/env";
import { getFile, putFile } from "@/lib/files/storage";
import { agencyBranding, signatureLines, type AgencyBranding } from "@/lib/services/settings";

/**
 * The mail port (DESIGN.md §7). Every message is written to the outbox in the caller's
 * transaction, so it is sent only if the change it belongs to is committed. Without
 * SMTP_URL it stays in the outbox (visible at /dev/mail in development); with SMTP_URL the
 * background loop delivers it, several app instances sharing the queue via SKIP LOCKED.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
  /** Files to send with it (see MailAttachment). */
  attachments?: MailAttachment[];
  /** The user it goes to and its notification category (lib/services/notifications). */
  userId?: number;
  category?: string;
  /** At most one mail per key: a second queueMail with the same key writes nothing. */
  idempotencyKey?: string;
  /** Extra headers (List-Unsubscribe, RFC 8058), stored with the message. */
  headers?: Record<string, string>;
  /**
   * The agency's branding for the signature, when the caller read it with its own facts in
   * this transaction (a booking's mail): queueMail then reads nothing but writes the row.
   */
  branding?: AgencyBranding;
}

/**
 * A file sent with a message: its name for the recipient, its type, and its files-port key.
 * With a `source` the file is made at the first delivery attempt (a quote's PDF, typeset from
 * the sent quote; a small text file such as a shift's .ics, kept in the outbox row) and stored
 * under the key; later attempts send the stored bytes.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  key: string;
  source?: { kind: "quote"; id: number } | { kind: "text"; body: string };
}

/** What the delivery loop hands the SMTP transport: nodemailer's message shape. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
  headers?: Record<string, string>;
}

/** The part of a nodemailer transport the loop uses; tests pass one that records. */
export interface MailTransport {
  sendMail(message: MailMessage): Promise<unknown>;
  close?(): void;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Every message closes with the agency's name and how to reach it (/settings). Answers the
 * outbox row's id, or null when a mail with the same idempotency key was queued before.
 */
// Every booking, removal and reminder queues one: precompiled (db/precompiled.ts). Each value
// passes through its column's encoder as in a plain insert; none is ever undefined.
const insertMail = precompiled<
  {
    to: string;
    subject: string;
    template: string;
    text: string;
    html: string | null;
    attachments: MailAttachment[];
    userId: number | null;
    category: string | null;
    idempotencyKey: string | null;
    headers: Record<string, string>;
    createdAt: Date;
  },
  ReturnType<typeof insertMailQuery>
>("mail_outbox_insert", (db) => insertMailQuery(db));
function insertMailQuery(db: DbOrTx) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(schema.mailOutbox)
    .values({
      to: p("to"),
      subject: p("subject"),
      template: p("template"),
      text: p("text"),
      html: p("html"),
      attachments: p("attachments"),
      userId: p("userId"),
      category: p("category"),
      idempotencyKey: p("idempotencyKey"),
      headers: p("headers"),
      createdAt: p("createdAt"),
    })
    .onConflictDoNothing({ target: schema.mailOutbox.idempotencyKey })
    .returning({ id: schema.mailOutbox.id });
}

export async function queueMail(tx: DbOrTx, mail: OutgoingMail, now: Date): Promise<number | null> {
  const signature = signatureLines(mail.branding ?? (await agencyBranding(tx)));
  const text = `${mail.text}\n\n-- \n${signature.join("\n")}`;
  const html = mail.html
    ? `${mail.html}<hr><p style="color:#555;font-size:13px">${signature.map(escapeHtml).join("<br>")}</p>`
    : null;
  const [row] = await insertMail(tx, {
    to: mail.to,
    subject: mail.subject,
    template: mail.template,
    text,
    html,
    attachments: mail.attachments ?? [],
    userId: mail.userId ?? null,
    category: mail.category ?? null,
    idempotencyKey: mail.idempotencyKey ?? null,
    headers: mail.headers ?? {},
    createdAt: now,
  });
  return row?.id ?? null;
}

export const mailDeliveryEnabled = (): boolean => Boolean(env.SMTP_URL);

const MAX_ATTEMPTS = 5;

/** Typesets an attachment from its source (loaded when needed: @react-pdf is heavy). */
async function renderSource(tx: Tx, source: NonNullable<MailAttachment["source"]>) {
  if (source.kind === "text") return Buffer.from(source.body, "utf8");
  const { sentQuotePdf } = await import("@/lib/services/quotes/pdf");
  return (await sentQuotePdf(tx, source.id)).bytes;
}

/**
 * The bytes of a message's attachments, made and stored on first use. One that can be neither
 * read nor made fails the attempt (retried, then marked failed with the reason), so a mail
 * never goes out without its attachment.
 */
async function attachmentsOf(
  tx: Tx,
  refs: readonly MailAttachment[],
): Promise<MailMessage["attachments"]> {
  const out: MailMessage["attachments"] = [];
  for (const a of refs) {
    let body = (await getFile(a.key))?.body;
    if (!body && a.source) {
      body = await renderSource(tx, a.source);
      await putFile(a.key, body, a.contentType);
    }
    if (!body) throw new Error(`The attachment ${a.filename} is missing from the file store.`);
    out.push({ filename: a.filename, content: body, contentType: a.contentType });
  }
  return out;
}

/**
 * Sends up to `limit` queued messages over SMTP (or `via`, a transport a test records with);
 * returns how many were sent.
 */
export async function deliverQueuedMail(db: Db, limit = 20, via?: MailTransport): Promise<number> {
  if (!via && !env.SMTP_URL) return 0;
  const transport: MailTransport =
    via ?? (await import("nodemailer")).createTransport(env.SMTP_URL);
  let sent = 0;
  // A message that failed waits for the next pass: a passing SMTP hiccup must not burn all
  // of its attempts at once.
  const tried: number[] = [];
  for (let i = 0; i < limit; i++) {
    const done = await db.transaction(async (tx) => {
      const [mail] = await tx
        .select()
        .from(schema.mailOutbox)
        .where(
          and(
            eq(schema.mailOutbox.status, "queued"),
            lt(schema.mailOutbox.attempts, MAX_ATTEMPTS),
            tried.length ? notInArray(schema.mailOutbox.id, tried) : undefined,
          ),
        )
        .orderBy(asc(schema.mailOutbox.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!mail) return null;
      tried.push(mail.id);
      try {
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          attachments: await attachmentsOf(tx, mail.attachments),
          ...(Object.keys(mail.headers).length ? { headers: mail.headers } : {}),
        });
        await tx
          .update(schema.mailOutbox)
          .set({
            status: "sent",
            sentAt: new Date(),
            attempts: sql`${schema.mailOutbox.attempts} + 1`,
            error: null,
          })
          .where(eq(schema.mailOutbox.id, mail.id));
        return true;
      } catch (err) {
        const attempts = mail.attempts + 1;
        await tx
          .update(schema.mailOutbox)
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? "failed" : "queued",
            error: String((err as Error).message ?? err).slice(0, 500),
          })
          .where(eq(schema.mailOutbox.id, mail.id));
        return false;
      }
    });
    if (done === null) break;
    if (done) sent++;
  }
  transport.close?.();
  return sent;
}
