import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { notifyMoved } from "../notifications/shift";
import { schema, sideBySide } from "@/db";
import { APPLICATION_MESSAGES, HOURS_STATUSES } from "@/lib/domain/application-status";
import { FILLED_STATUSES, type ApplicationStatus } from "@/lib/domain/statuses";
import { formatWeekdayDate } from "@/lib/domain/format";
import { isoInZone } from "@/lib/domain/time";
import { withTx, type Ctx } from "../context";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import {
  assertMayUseApplications,
  assertRelated,
  loadApplication,
  relationTo,
  toId,
  type Relation,
} from "./access";
import { conflictMessage, findConflicts, viewerCompanyOf } from "./conflicts";
import { assertCanMove } from "./fill";
import { lockApplication } from "./locks";
import { applicationChangeInput } from "./schemas";
import { recomputeJobStatuses } from "./settle";
import { liveSlots, slotLabel } from "./targets";
import { applicationViews } from "./view";
import { slotParentSkill, slotSkillOrder } from "../shifts/slot-order";

const CANNOT_MOVE = "You cannot move workers between shifts.";

function assertMayMove(rel: Relation): void {
  assertRelated(rel);
  if (!rel.booker) throw new ForbiddenError(CANNOT_MOVE);
}

/**
 * GET application-change/{shiftId}/{applicationId}: where a booker may move an application —
 * the job's shifts that have not ended, each slot with its free positions, and whether the
 * worker is already on that shift or would clash with another booking there.
 */
export async function applicationChangeOptions(ctx: Ctx, shiftId: unknown, applicationId: unknown) {
  const app = await loadApplication(ctx.db, applicationId);
  assertMayMove(await relationTo(ctx, app));
  if (app.shiftId !== toId(shiftId, "Shift")) throw new NotFoundError("Application not found.");
  const slots = await ctx.db
    .select({
      slotId: schema.shiftSlots.id,
      shiftId: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      skillId: schema.shiftSlots.skillId,
      skillName: schema.skills.name,
      positions: schema.shiftSlots.positions,
      filled: sql<number>`(select count(*)::int from ${schema.applications} where ${schema.applications.shiftSlotId} = ${schema.shiftSlots.id} and ${inArray(schema.applications.status, [...FILLED_STATUSES])})`,
      restHours: schema.countries.restHours,
    })
    .from(schema.shiftSlots)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .leftJoin(slotParentSkill, eq(slotParentSkill.id, schema.skills.parentId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(
      and(
        eq(schema.shifts.jobId, app.jobId),
        isNull(schema.shifts.deletedAt),
        isNull(schema.shiftSlots.deletedAt),
        gt(schema.shifts.endsAt, ctx.now),
      ),
    )
    .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id), ...slotSkillOrder);
  const shiftIds = [...new Set(slots.map((s) => s.shiftId))];
  const [onShifts, conflicts] = await sideBySide(
    ctx.db,
    () =>
      shiftIds.length
        ? ctx.db
            .select({ shiftId: schema.applications.shiftId, status: schema.applications.status })
            .from(schema.applications)
            .where(
              and(
                eq(schema.applications.assigneeId, app.assigneeId),
                inArray(schema.applications.shiftId, shiftIds),
              ),
            )
        : Promise.resolve([]),
    () =>
      findConflicts(
        ctx.db,
        [app.assigneeId],
        shiftIds.map((id) => {
          const s = slots.find((x) => x.shiftId === id)!;
          return { shiftId: id, startsAt: s.startsAt, endsAt: s.endsAt, restHours: s.restHours };
        }),
        [app.id],
      ),
  );
  const tz = app.timeZone;
  return {
    application: (await applicationViews(ctx.db, [app.id]))[0],
    shifts: shiftIds.map((id) => {
      const ss = slots.filter((s) => s.shiftId === id);
      const c = conflicts.find((x) => x.targetShiftId === id);
      const here = onShifts.find((o) => o.shiftId === id);
      return {
        shift_id: id,
        start: isoInZone(ss[0].startsAt, tz),
        end: isoInZone(ss[0].endsAt, tz),
        current: id === app.shiftId,
        already_on_shift: id !== app.shiftId && here ? here.status : null,
        conflict: c
          ? {
              kind: c.kind,
              message: conflictMessage(
                c,
                app.assigneeName,
                ss[0].restHours,
                viewerCompanyOf(ctx.actor),
              ),
            }
          : null,
        slots: ss.map((s) => ({
          id: s.slotId,
          skill: { id: s.skillId, name: s.skillName },
          positions: s.positions,
          filled: Number(s.filled),
          free: Math.max(0, s.positions - Number(s.filled)),
          current: s.slotId === app.shiftSlotId,
        })),
      };
    }),
  };
}

/** POST application-change: move an application to another slot or shift of the same job. */
export async function changeApplication(ctx: Ctx, raw: unknown) {
  // Who may, before the body is read (issue 27): only a booker moves workers.
  assertMayUseApplications(ctx, { bookersOnly: true, message: CANNOT_MOVE });
  const input = parseInput(applicationChangeInput, raw);
  const moved = await withTx(ctx, async (ctx) => {
    const { app } = await lockApplication(ctx, input.application_id, {
      worker: true,
      slotIds: [input.shift_slot_id],
    });
    assertMayMove(await relationTo(ctx, app));
    if ((HOURS_STATUSES as readonly string[]).includes(app.status))
      throw new ConflictError(
        "This shift has ended and its hours are due; it can no longer be moved.",
        "hours_due",
      );
    const [target] = await liveSlots(ctx.db, [input.shift_slot_id]);
    if (
      !target ||
      target.jobId !== app.jobId ||
      (input.shift_id && input.shift_id !== target.shiftId)
    )
      throw new ValidationError("Choose a slot of a shift of the same job.", {
        shift_slot_id: ["Choose a slot of a shift of the same job."],
      });
    const message = APPLICATION_MESSAGES.moved(
      app.assigneeName,
      formatWeekdayDate(target.startsAt, target.timeZone),
      target.skillName,
    );
    if (target.slotId === app.shiftSlotId) return { id: app.id, undo: null, message };
    if (target.endsAt.getTime() <= ctx.now.getTime())
      throw new ConflictError("That shift has already ended.", "shift_ended");
    await assertCanMove(ctx, app, target, {
      skill: true,
      rates: true,
      closely: input.closely,
      bookAnyway: input.book_anyway,
    });
    await ctx.db
      .update(schema.applications)
      .set({
        shiftSlotId: target.slotId,
        shiftId: target.shiftId,
        updatedAt: ctx.now,
        ...(input.closely ? { closely: true } : {}),
        ...(input.book_anyway ? { bookAnyway: true } : {}),
      })
      .where(eq(schema.applications.id, app.id));
    const activityId = await logActivity(ctx, {
      logName: "applications",
      description: `Moved ${app.assigneeName} to ${slotLabel(target)}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        action: "moved",
        from_shift_slot_id: app.shiftSlotId,
        to_shift_slot_id: target.slotId,
        from_shift_id: app.shiftId,
        to_shift_id: target.shiftId,
        job_id: app.jobId,
        status: app.status as ApplicationStatus,
      },
    });
    await recomputeJobStatuses(ctx, [app.jobId]);
    await notifyMoved(ctx, app.id);
    return { id: app.id, undo: activityId, message };
  });
  const [application] = await applicationViews(ctx.db, [moved.id]);
  return { application, message: moved.message, undo_activity_id: moved.undo };
}
