import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { APPLICATION_MESSAGES } from "@/lib/domain/application-status";
import { formatWeekdayDate } from "@/lib/domain/format";
import { isFilled, type ApplicationStatus } from "@/lib/domain/statuses";
import { requireUser, withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { syncJobChatCrew } from "../chat/job-chat";
import { lockUndoable, NOTHING_TO_UNDO, UNDO_WINDOW_MS, type UndoProps } from "../undo";
import { assertMayUseApplications, relationTo, type ApplicationRow } from "./access";
import { assertCanFill, assertCanMove } from "./fill";
import {
  CHANGED_MEANWHILE,
  lockApplication,
  lockApplicationsOf,
  lockForFill,
  underLocks,
} from "./locks";
import { notifyShiftChange } from "../notifications/shift";
import { undoInput } from "./schemas";
import { recomputeJobStatuses } from "./settle";
import { loadAssignee, slotLabel, type SlotTarget } from "./targets";
import { applicationViews, type ApplicationView } from "./view";

export { UNDO_WINDOW_MS };

type Props = UndoProps;

/**
 * POST applications/undo `{ activity_id }`: puts back what a booker's Remove, Move or status
 * change took away, as its activity row recorded it. The restored place passes the same fill
 * rule as a booking (capacity and overlap are 409s, rest time a 410 to repeat with `closely`
 * unless the original booking had already accepted it), so a place taken meanwhile is a clear
 * 409 and nothing is written. Only the person who made the change may undo it, once, for a
 * short while. Lock order as everywhere: the activity row (no other verb locks it), then
 * jobs → worker → slots → applications.
 */
export async function undoApplicationChange(
  ctx: Ctx,
  raw: unknown,
): Promise<{ application: ApplicationView; message: string }> {
  const actor = requireUser(ctx);
  // Who may, before the body is read (issue 27): those who can change applications at all.
  assertMayUseApplications(ctx, { workers: true });
  const input = parseInput(undoInput, raw);
  const result = await withTx(ctx, async (ctx) => {
    const { entry, p } = await lockUndoable(ctx, {
      activityId: input.activity_id,
      logName: "applications",
      actions: ["removed", "moved", "status"],
      causerId: actor.userId,
    });
    if (!entry.subjectId) throw new NotFoundError(NOTHING_TO_UNDO);

    const closely = Boolean(input.closely);
    const undo = { entryId: entry.id, subjectId: entry.subjectId, p, closely };
    if (p.action === "removed") return restoreRemoved(ctx, undo);
    if (p.action === "moved") return moveBack(ctx, undo);
    return restoreStatus(ctx, undo);
  });
  const [application] = await applicationViews(ctx.db, [result.id]);
  return { application, message: result.message };
}

interface Undo {
  entryId: number;
  subjectId: number;
  p: Props;
  closely: boolean;
}

const num = (v: unknown): number => (typeof v === "number" ? v : Number(v));
const date = (v: unknown): Date | null => (typeof v === "string" ? new Date(v) : null);

async function assertBooker(
  ctx: TxCtx,
  app: { assigneeId: number; companyId: number; shiftId: number },
) {
  const rel = await relationTo(ctx, app);
  if (!rel.booker) throw new ForbiddenError("You cannot book workers on this job.");
}

/** The status a restored place takes: a held place on a shift that has ended is due its hours. */
const statusNow = (status: ApplicationStatus, t: SlotTarget, now: Date): ApplicationStatus =>
  isFilled(status) && t.endsAt.getTime() <= now.getTime() ? "Report!" : status;

async function restoreRemoved(ctx: TxCtx, u: Undo) {
  const status = u.p.status as ApplicationStatus;
  const snap = (u.p.snapshot ?? {}) as Record<string, unknown>;
  const assigneeId = num(u.p.assignee_id);
  const slotId = num(u.p.shift_slot_id);
  const locks = await lockForFill(ctx, {
    jobIds: [num(u.p.job_id)],
    workerId: assigneeId,
    slotIds: [slotId],
  });
  const [target] = await underLocks(ctx, [{ slotId }]);
  await assertBooker(ctx, { assigneeId, companyId: target.companyId, shiftId: target.shiftId });
  const [there] = await lockApplicationsOf(ctx, { assigneeId, shiftIds: [target.shiftId] });
  if (there)
    throw new ConflictError(
      `${locks.worker!.name} is already on that shift again (${there.status}).`,
      "already_on_shift",
    );
  if (isFilled(status))
    await assertCanFill(ctx, {
      worker: locks.worker!,
      targets: [target],
      capacity: true,
      clashes: "overlap-and-rest",
      skill: false,
      closely: u.closely || snap.closely === true,
    });
  const finalStatus = statusNow(status, target, ctx.now);
  const [row] = await ctx.db
    .insert(schema.applications)
    .values({
      shiftSlotId: target.slotId,
      shiftId: target.shiftId,
      assigneeId,
      status: finalStatus,
      createdById: typeof snap.created_by_id === "number" ? snap.created_by_id : null,
      bookedById: typeof snap.booked_by_id === "number" ? snap.booked_by_id : null,
      bookedAt: date(snap.booked_at),
      checkInAt: date(snap.check_in_at),
      bookAnyway: snap.book_anyway === true,
      closely: snap.closely === true || u.closely,
      createdAt: date(snap.created_at) ?? ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: schema.applications.id });
  if (u.p.notified === true)
    await notifyShiftChange(ctx, "restored", { ...target, id: row.id, assigneeId });
  await logActivity(ctx, {
    logName: "applications",
    description: `Undid the removal of ${locks.worker!.name} (${finalStatus}) from ${slotLabel(target)}`,
    subjectType: "applications",
    subjectId: row.id,
    properties: {
      undo_of: u.entryId,
      restored_from: u.subjectId,
      status: finalStatus,
      job_id: target.jobId,
    },
  });
  await recomputeJobStatuses(ctx, [target.jobId]);
  await syncJobChatCrew(ctx.db, target.jobId);
  return {
    id: row.id,
    message: APPLICATION_MESSAGES.restored(
      locks.worker!.name,
      target.jobName,
      formatWeekdayDate(target.startsAt, target.timeZone),
    ),
  };
}

/** The application as it is now, which must still be as the change left it. */
async function lockChanged(
  ctx: TxCtx,
  u: Undo,
  opts: Parameters<typeof lockApplication>[2],
  unchanged: (app: ApplicationRow) => boolean,
): Promise<ApplicationRow> {
  let app: ApplicationRow;
  try {
    ({ app } = await lockApplication(ctx, u.subjectId, opts));
  } catch (err) {
    if (err instanceof NotFoundError)
      throw new ConflictError(CHANGED_MEANWHILE, "changed_meanwhile");
    throw err;
  }
  await assertBooker(ctx, app);
  if (!unchanged(app)) throw new ConflictError(CHANGED_MEANWHILE, "changed_meanwhile");
  return app;
}

async function moveBack(ctx: TxCtx, u: Undo) {
  const fromSlot = num(u.p.from_shift_slot_id);
  const app = await lockChanged(
    ctx,
    u,
    { worker: true, slotIds: [fromSlot] },
    (a) => a.shiftSlotId === num(u.p.to_shift_slot_id),
  );
  const [target] = await underLocks(ctx, [{ slotId: fromSlot }]);
  await assertCanMove(ctx, app, target, { skill: false, closely: u.closely });
  await ctx.db
    .update(schema.applications)
    .set({ shiftSlotId: target.slotId, shiftId: target.shiftId, updatedAt: ctx.now })
    .where(eq(schema.applications.id, app.id));
  await logActivity(ctx, {
    logName: "applications",
    description: `Undid the move: ${app.assigneeName} back on ${slotLabel(target)}`,
    subjectType: "applications",
    subjectId: app.id,
    properties: {
      undo_of: u.entryId,
      from_shift_slot_id: app.shiftSlotId,
      to_shift_slot_id: target.slotId,
      job_id: app.jobId,
    },
  });
  await recomputeJobStatuses(ctx, [app.jobId]);
  await syncJobChatCrew(ctx.db, app.jobId);
  return {
    id: app.id,
    message: APPLICATION_MESSAGES.moved(
      app.assigneeName,
      formatWeekdayDate(target.startsAt, target.timeZone),
      target.skillName,
    ),
  };
}

async function restoreStatus(ctx: TxCtx, u: Undo) {
  const from = u.p.from as ApplicationStatus;
  const before = (u.p.before ?? {}) as Record<string, unknown>;
  const app = await lockChanged(ctx, u, { worker: isFilled(from) }, (a) => a.status === u.p.to);
  const [target] = await underLocks(ctx, [{ slotId: app.shiftSlotId }]);
  if (isFilled(from))
    await assertCanFill(ctx, {
      worker: await loadAssignee(ctx.db, app.assigneeId),
      targets: [target],
      except: [app.id],
      capacity: true,
      clashes: "overlap-and-rest",
      skill: false,
      closely: u.closely || before.closely === true,
    });
  const finalStatus = statusNow(from, target, ctx.now);
  await ctx.db
    .update(schema.applications)
    .set({
      status: finalStatus,
      bookedById: typeof before.booked_by_id === "number" ? before.booked_by_id : null,
      bookedAt: date(before.booked_at),
      updatedAt: ctx.now,
    })
    .where(eq(schema.applications.id, app.id));
  await logActivity(ctx, {
    logName: "applications",
    description: `Undid the change of ${app.assigneeName} on ${app.jobName}: ${app.status} → ${finalStatus}`,
    subjectType: "applications",
    subjectId: app.id,
    properties: { undo_of: u.entryId, from: app.status, to: finalStatus, job_id: app.jobId },
  });
  await recomputeJobStatuses(ctx, [app.jobId]);
  await syncJobChatCrew(ctx.db, app.jobId);
  return {
    id: app.id,
    message: APPLICATION_MESSAGES.updated(app.assigneeName, finalStatus, app.jobName, [
      formatWeekdayDate(target.startsAt, target.timeZone),
    ]),
  };
}
