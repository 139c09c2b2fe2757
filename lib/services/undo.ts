import { and, eq, gte, sql } from "drizzle-orm";
import { schema } from "@/db";
import type { TxCtx } from "./context";
import { ConflictError, NotFoundError } from "./errors";

/**
 * Undo from a toast (issue 9, issue 23): a change names its activity-log row in its answer
 * (`undo_activity_id`), and the undo verb puts back what that row recorded. The rules every
 * undo shares live here: only the person who made the change, once, for a short while.
 */

/** How long after a change its Undo is honoured (the toast offers it for a few seconds). */
export const UNDO_WINDOW_MS = 10 * 60_000;

export const NOTHING_TO_UNDO = "There is nothing to undo.";

export type UndoProps = Record<string, unknown> & { action?: string };

/**
 * The activity row of a change to undo, locked (FOR UPDATE: no other verb locks activity rows,
 * so two undos of one change queue and the second finds the first's mark). 404 when it is not
 * the caller's change of that kind, 409 `undo_expired` past the window, 409 `already_undone`
 * when an undo of it is logged (a row whose properties name it in `undo_of`).
 */
export async function lockUndoable(
  ctx: TxCtx,
  q: { activityId: number; logName: string; actions: readonly string[]; causerId: number },
) {
  const [entry] = await ctx.db
    .select()
    .from(schema.activityLog)
    .where(
      and(
        eq(schema.activityLog.id, q.activityId),
        eq(schema.activityLog.logName, q.logName),
        eq(schema.activityLog.causerId, q.causerId),
      ),
    )
    .for("update");
  const p = (entry?.properties ?? {}) as UndoProps;
  if (!entry || !q.actions.includes(p.action ?? "")) throw new NotFoundError(NOTHING_TO_UNDO);
  if (ctx.now.getTime() - entry.createdAt.getTime() > UNDO_WINDOW_MS)
    throw new ConflictError("This change is too old to undo.", "undo_expired");
  const [done] = await ctx.db
    .select({ id: schema.activityLog.id })
    .from(schema.activityLog)
    // An undo is logged after the change: only the rows since then are read, through the
    // created_at index, not the whole log.
    .where(
      and(
        gte(schema.activityLog.createdAt, entry.createdAt),
        sql`${schema.activityLog.properties}->>'undo_of' = ${String(entry.id)}`,
      ),
    )
    .limit(1);
  if (done) throw new ConflictError("This change has already been undone.", "already_undone");
  return { entry, p };
}
