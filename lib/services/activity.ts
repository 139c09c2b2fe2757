import { schema, type DbOrTx } from "@/db";
import type { Ctx } from "./context";
import { actorId } from "./context";

export interface ActivityEntry {
  logName: string;
  description: string;
  subjectType?: string;
  subjectId?: number | null;
  properties?: Record<string, unknown>;
}

/** Writes the activity-log row of a write verb; pass the verb's transaction (DESIGN.md §5). */
export async function logActivity(tx: DbOrTx, ctx: Ctx, entry: ActivityEntry): Promise<void> {
  await tx.insert(schema.activityLog).values({
    logName: entry.logName,
    description: entry.description,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    causerId: actorId(ctx),
    properties: { ...(entry.properties ?? {}), ...(ctx.ip ? { ip: ctx.ip } : {}) },
    createdAt: ctx.now,
  });
}
