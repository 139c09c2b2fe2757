import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { daysBetween, formatDay } from "@/lib/domain/document-badge";
import { logActivities } from "../activity";
import { can, type Ctx, type TxCtx } from "../context";
import { documentsToday } from "./today";
import { notifyUser } from "../notifications/notify";
import { expiringSql, isLatestSql } from "./view";

const d = schema.documents;
const dt = schema.documentTypes;
const u = schema.users;

/** Documents of live users that are in their warning period (approved, latest of their type). */
const expiringOfLiveUsers = (today: string) =>
  and(sql`${expiringSql(today)}`, isNull(u.deletedAt), eq(u.status, "active"));

/** The owner is told at least this many days ahead, earlier when the type's warning period is longer. */
export const EXPIRY_MAIL_DAYS = 30;

/** What the warning e-mail waits for: the type's warning period, or the last 30 days. */
const dueForMail = (today: string) =>
  and(
    or(
      sql`${expiringSql(today)}`,
      sql`${d.status} = 'approved' AND ${d.expiresOn} >= ${today} AND ${d.expiresOn} - ${EXPIRY_MAIL_DAYS}::int <= ${today}::date AND ${isLatestSql}`,
    ),
    isNull(u.deletedAt),
    eq(u.status, "active"),
  );

/**
 * The background loop's expiry task: every document that has entered its type's warning
 * period and was not warned yet gets one e-mail to its owner, and is marked in the same
 * transaction. Rows are claimed with FOR UPDATE SKIP LOCKED, so several app instances share
 * the work and none sends twice. A new date or file (updateDocument) clears the mark.
 */
export async function sweepExpiryWarnings(ctx: TxCtx, limit = 100): Promise<number> {
  const today = documentsToday(ctx.now);
  const rows = await ctx.db
    .select({
      id: d.id,
      userId: u.id,
      typeName: dt.name,
      expiresOn: d.expiresOn,
    })
    .from(d)
    .innerJoin(dt, eq(dt.id, d.documentTypeId))
    .innerJoin(u, eq(u.id, d.userId))
    .where(and(dueForMail(today), isNull(d.expiryWarnedAt)))
    .orderBy(asc(d.expiresOn), asc(d.id))
    .limit(limit)
    .for("update", { of: d, skipLocked: true });
  for (const row of rows) {
    const expiresOn = row.expiresOn as string;
    const days = daysBetween(today, expiresOn);
    await notifyUser(
      ctx.db,
      {
        userId: row.userId,
        category: "document_expiry",
        // Once per document and expiry date, even if the mark were cleared and set again.
        key: `document_expiry:${row.id}:${expiresOn}`,
        template: "document_expiring",
        subject: `Your ${row.typeName} expires on ${formatDay(expiresOn)}`,
        paragraphs: [
          `Your document "${row.typeName}" expires on ${formatDay(expiresOn)} (${
            days === 0 ? "today" : `in ${days} ${days === 1 ? "day" : "days"}`
          }).`,
          "Please upload a renewed copy in Crewdeck under your profile → Documents before then, so you can keep being booked on shifts that need it.",
        ],
        link: { label: "Upload a renewed copy", path: `/users/${row.userId}/documents` },
      },
      ctx.now,
    );
    await ctx.db.update(d).set({ expiryWarnedAt: ctx.now }).where(eq(d.id, row.id));
  }
  await logActivities(
    ctx,
    rows.map((row) => ({
      logName: "documents",
      description: `Expiry warning sent for ${row.typeName}`,
      subjectType: "documents",
      subjectId: row.id,
      properties: { user_id: row.userId, expires_on: row.expiresOn },
    })),
  );
  return rows.length;
}

export interface ExpiringDocument {
  documentId: number;
  userId: number;
  userName: string;
  typeName: string;
  expiresOn: string;
  daysLeft: number;
}

/**
 * The office dashboard line: how many documents are in their warning period, and the first
 * few (soonest first) with their owners. Null for viewers who do not manage people (a client
 * contact's dashboard has no one's documents).
 */
export async function expiringDocumentsSummary(
  ctx: Ctx,
  limit = 5,
): Promise<{ total: number; items: ExpiringDocument[] } | null> {
  const actor = ctx.actor;
  if (actor?.kind !== "user" || actor.isClient) return null;
  if (!can(ctx, "user_create") && !can(ctx, "freelancer_access") && !can(ctx, "approval_access"))
    return null;
  const today = documentsToday(ctx.now);
  const where = expiringOfLiveUsers(today);
  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ total: count() })
        .from(d)
        .innerJoin(dt, eq(dt.id, d.documentTypeId))
        .innerJoin(u, eq(u.id, d.userId))
        .where(where),
    () =>
      ctx.db
        .select({
          documentId: d.id,
          userId: u.id,
          userName: u.name,
          typeName: dt.name,
          expiresOn: d.expiresOn,
        })
        .from(d)
        .innerJoin(dt, eq(dt.id, d.documentTypeId))
        .innerJoin(u, eq(u.id, d.userId))
        .where(where)
        .orderBy(asc(d.expiresOn), asc(d.id))
        .limit(limit),
  );
  return {
    total: Number(total),
    items: rows.map((r) => ({
      ...r,
      expiresOn: r.expiresOn as string,
      daysLeft: daysBetween(today, r.expiresOn as string),
    })),
  };
}
