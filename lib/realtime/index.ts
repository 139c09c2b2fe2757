import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { RealtimeEvent } from "./events";

export type { RealtimeEvent } from "./events";

/** The NOTIFY channel every app instance listens on (DESIGN.md §7 realtime port). */
export const REALTIME_CHANNEL = "crewdeck_realtime";

/**
 * Publishes an event to these users, in the caller's transaction: PostgreSQL delivers a NOTIFY
 * only when the transaction commits, so a rolled-back change announces nothing. Every instance
 * listens and hands the event to its own connected users (SSE), or to Ably when configured.
 */
export async function publishRealtime(
  tx: DbOrTx,
  userIds: readonly number[],
  event: RealtimeEvent,
): Promise<void> {
  if (userIds.length === 0) return;
  const payload = JSON.stringify({ users: [...new Set(userIds)], event });
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}
