import { sql, type SQL } from "drizzle-orm";
import { precompiled, schema, type DbOrTx } from "@/db";
import type { TxCtx } from "./context";
import { actorId } from "./context";

export interface ActivityEntry {
  logName: string;
  description: string;
  subjectType?: string;
  subjectId?: number | null;
  properties?: Record<string, unknown>;
}

/**
 * Writes the activity-log row of a write verb. It takes only a transaction-bound context, so
 * the row is always written in the same transaction as the change it records (DESIGN.md §5).
 */
export async function logActivity(ctx: TxCtx, entry: ActivityEntry): Promise<number> {
  const [row] = await insertActivity(ctx.db, toRow(ctx, entry));
  return row.id;
}

// Every write verb writes one: precompiled (db/precompiled.ts). Each value passes through its
// column's encoder as in a plain insert; none is ever undefined (toRow).
const insertActivity = precompiled<ReturnType<typeof toRow>, ReturnType<typeof insertQuery>>(
  "activity_log_insert",
  (db) => insertQuery(db),
);
function insertQuery(db: DbOrTx) {
  return db
    .insert(schema.activityLog)
    .values({
      logName: sql.placeholder("logName"),
      description: sql.placeholder("description"),
      subjectType: sql.placeholder("subjectType"),
      subjectId: sql.placeholder("subjectId"),
      causerId: sql.placeholder("causerId"),
      properties: sql.placeholder("properties"),
      createdAt: sql.placeholder("createdAt"),
    })
    .returning({ id: schema.activityLog.id });
}

/**
 * The activity row of a write as one more part of the statement that makes its subject (a
 * writable CTE: `with app as (insert … returning id), logged as (${activityRowOf(sql`app.id`,
 * sql`app`)}) …`), so a hot verb writes both in one round trip (issue 27: bookings per second).
 * Its values are `activityValues(ctx, entry)`, the row `logActivity` writes.
 */
export const activityRowOf = (subjectId: SQL, from: SQL): SQL =>
  sql`insert into activity_log
      (log_name, description, subject_type, subject_id, causer_id, properties, created_at)
    select ${sql.placeholder("logName")}::text, ${sql.placeholder("logDescription")}::text,
      ${sql.placeholder("logSubjectType")}::text, ${subjectId}, ${sql.placeholder("logCauserId")}::integer,
      ${sql.placeholder("logProperties")}::text::jsonb, ${sql.placeholder("logCreatedAt")}::text::timestamptz
    from ${from}`;

/** The placeholders' values of `activityRowOf` (the subject's id comes from the statement). */
export function activityValues(ctx: TxCtx, entry: Omit<ActivityEntry, "subjectId">) {
  const row = toRow(ctx, entry);
  return {
    logName: row.logName,
    logDescription: row.description,
    logSubjectType: row.subjectType,
    logCauserId: row.causerId,
    logProperties: JSON.stringify(row.properties),
    logCreatedAt: row.createdAt.toISOString(),
  };
}

/** Several rows in one statement (a sweep that changes many applications at once). */
export async function logActivities(ctx: TxCtx, entries: ActivityEntry[]): Promise<void> {
  if (!entries.length) return;
  await ctx.db.insert(schema.activityLog).values(entries.map((entry) => toRow(ctx, entry)));
}

function toRow(ctx: TxCtx, entry: ActivityEntry) {
  return {
    logName: entry.logName,
    description: entry.description,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    causerId: actorId(ctx),
    properties: { ...(entry.properties ?? {}), ...(ctx.ip ? { ip: ctx.ip } : {}) },
    createdAt: ctx.now,
  };
}
