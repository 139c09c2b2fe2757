import { and, asc, eq, gt, inArray, isNull, lte, notInArray, sql } from "drizzle-orm";
import { schema } from "@/db";
import type { TxCtx } from "../context";
import { notifyReminder, shiftFacts } from "./shift";

/** A shift starting within this window gets its reminder ("the day before"). */
export const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;

const a = schema.applications;
const s = schema.shifts;
const j = schema.jobs;
const u = schema.users;
const o = schema.mailOutbox;

/**
 * The background loop's reminder task: every place held (Booked or Request accepted) on a live
 * shift of a live job that starts within the next 24 hours gets one reminder. A place removed
 * or a job cancelled meanwhile is simply not found. Sent once per booking even with several
 * app instances: the reminder's idempotency key is unique in the outbox, so a second instance's
 * insert (racing or later) writes nothing; the NOT EXISTS only keeps the sweep from redoing work.
 */
export async function sweepShiftReminders(ctx: TxCtx, limit = 100): Promise<number> {
  const until = new Date(ctx.now.getTime() + REMINDER_AHEAD_MS);
  const key = sql`'reminder:' || ${a.id} || ':' || (extract(epoch from ${s.startsAt}) * 1000)::bigint`;
  const due = await ctx.db
    .select({ id: a.id })
    .from(a)
    .innerJoin(s, eq(s.id, a.shiftId))
    .innerJoin(j, eq(j.id, s.jobId))
    .innerJoin(u, eq(u.id, a.assigneeId))
    .where(
      and(
        inArray(a.status, ["Booked", "Request accepted"]),
        gt(s.startsAt, ctx.now),
        lte(s.startsAt, until),
        isNull(s.deletedAt),
        isNull(j.deletedAt),
        notInArray(j.status, ["Cancelled", "Draft"]),
        eq(u.status, "active"),
        isNull(u.deletedAt),
        sql`(${u.notificationPrefs}->>'shift_reminders') is distinct from 'false'`,
        sql`not exists (select 1 from ${o} where ${o.idempotencyKey} = ${key})`,
      ),
    )
    .orderBy(asc(s.startsAt), asc(a.id))
    .limit(limit);
  let sent = 0;
  for (const f of await shiftFacts(
    ctx.db,
    due.map((d) => d.id),
  ))
    if ((await notifyReminder(ctx, f)) !== null) sent++;
  return sent;
}
