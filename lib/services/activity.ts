import { sql } from "drizzle-orm";
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
