import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { schema } from "@/db";
import { env } from "@/lib/env";
import { requirePermission, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";

export const outboxInput = pageInput(10).extend({
  /** One recipient's mails (the address, any case); the background loop queues many others. */
  to: z.string().trim().max(320).optional(),
});

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  template: string;
  status: "queued" | "sent" | "failed";
  createdAt: Date;
  /** The attachments' file names (shift.ics, Quote-….pdf). */
  attachments: string[];
}

/** The mail outbox, newest first; a development aid (/dev/mail), so only in development. */
export async function listOutbox(ctx: Ctx, raw: unknown): Promise<Page<OutboxMail>> {
  requirePermission(ctx, "can_view_all_activities");
  if (env.mode !== "development") throw new NotFoundError();
  const { page, perPage, to } = parseInput(outboxInput, raw);
  const where = to ? eq(sql`lower(${schema.mailOutbox.to})`, to.toLowerCase()) : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(schema.mailOutbox).where(where);
  const rows = await ctx.db
    .select({
      id: schema.mailOutbox.id,
      to: schema.mailOutbox.to,
      subject: schema.mailOutbox.subject,
      text: schema.mailOutbox.text,
      template: schema.mailOutbox.template,
      status: schema.mailOutbox.status,
      createdAt: schema.mailOutbox.createdAt,
      files: schema.mailOutbox.attachments,
    })
    .from(schema.mailOutbox)
    .where(where)
    .orderBy(desc(schema.mailOutbox.id))
    .limit(perPage)
    .offset(offsetOf(page, perPage));
  const items = rows.map(({ files, ...m }) => ({
    ...m,
    attachments: files.map((f) => f.filename),
  }));
  return { items, meta: pageMeta(page, perPage, Number(total)) };
}
