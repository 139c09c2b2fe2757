import { count, eq } from "drizzle-orm";
import { schema } from "@/db";
import {
  APPLICATION_MESSAGES,
  canTransition,
  HOURS_STATUSES,
  transitionError,
  type TransitionBy,
} from "@/lib/domain/application-status";
import { formatWeekdayDate } from "@/lib/domain/format";
import { isFilled, type ApplicationStatus } from "@/lib/domain/statuses";
import { withTx, type Ctx } from "../context";
import { ConflictError, ForbiddenError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { syncJobChatCrew } from "../chat/job-chat";
import { assertRelated, loadApplication, relationTo, type Relation } from "./access";
import { assertCanFill } from "./fill";
import { lockApplication, underLocks } from "./locks";
import { notifyBooked, notifyRequested, notifyShiftChange } from "../notifications/shift";
import { removeInput, statusChangeInput } from "./schemas";
import { recomputeJobStatuses } from "./settle";
import { branchOpenTo, loadAssignee, workerSkillIds } from "./targets";
import { applicationViews, type ApplicationView } from "./view";

const WORKER_MESSAGES: Partial<Record<ApplicationStatus, string>> = {
  Applied: APPLICATION_MESSAGES.applied,
  Denied: APPLICATION_MESSAGES.unapplied,
  "Request accepted": APPLICATION_MESSAGES.requestAccepted,
  "Request denied": APPLICATION_MESSAGES.requestDeclined,
};

/** Who makes a change: the worker for its own answers, else a booker or requester. */
function actingAs(r: Relation, from: ApplicationStatus, to: ApplicationStatus): TransitionBy {
  if (r.own && canTransition(from, to, "worker")) return "worker";
  if (r.booker) return "booker";
  // A client contact may request workers for its jobs and withdraw its requests.
  if (r.requester && (to === "Requested" || (to === "Denied" && from !== "Booked")))
    return "booker";
  if (r.own) return "worker";
  throw new ForbiddenError();
}

/**
 * PUT applications/{id} `{ status }`: every change goes through the transition table; one that
 * takes a position (Booked, Request accepted) checks capacity and the worker's other shifts
 * like a booking does. Hours statuses change only through the hours verbs.
 */
export async function changeApplicationStatus(
  ctx: Ctx,
  id: unknown,
  raw: unknown,
): Promise<{ application: ApplicationView; message: string; undo_activity_id: number | null }> {
  // Who may, before the body is read (issue 27): another's application is 404 whatever was
  // sent. Read again under the locks below.
  assertRelated(await relationTo(ctx, await loadApplication(ctx.db, id)));
  const input = parseInput(statusChangeInput, raw);
  const to = input.status;
  const result = await withTx(ctx, async (ctx) => {
    const { app } = await lockApplication(ctx, id, { worker: isFilled(to) || to === "Requested" });
    const rel = await relationTo(ctx, app);
    assertRelated(rel);
    const by = actingAs(rel, app.status, to);
    if ((HOURS_STATUSES as readonly string[]).includes(to) && app.status !== to)
      throw new ConflictError(
        `${to} follows the hours: report, approve or disapprove them instead.`,
        "illegal_transition",
      );
    // The same status again changes nothing; the answer says where the worker stands.
    if (app.status === to)
      return {
        id: app.id,
        status: to,
        by,
        undo: null,
        done: APPLICATION_MESSAGES.updated(app.assigneeName, to, app.jobName, [
          formatWeekdayDate(app.startsAt, app.timeZone),
        ]),
      };
    const err = transitionError(app.status, to, by);
    if (err) throw new ConflictError(err, "illegal_transition");

    const now = ctx.now.getTime();
    if (by === "worker" && to === "Applied") {
      if (app.jobStatus !== "Published" || app.startsAt.getTime() <= now)
        throw new ConflictError("This shift is no longer open for applications.", "not_open");
      const skills = await workerSkillIds(ctx.db, app.assigneeId);
      if (!skills.has(app.skillId) || !(await branchOpenTo(ctx.db, app.jobId, app.assigneeId)))
        throw new ConflictError("This shift is not open to you.", "not_open");
    }
    if (by === "worker" && app.endsAt.getTime() <= now && to !== "Denied")
      throw new ConflictError("This shift has already ended.", "shift_ended");

    const [before] = await ctx.db
      .select({
        bookedById: schema.applications.bookedById,
        bookedAt: schema.applications.bookedAt,
        closely: schema.applications.closely,
        bookAnyway: schema.applications.bookAnyway,
      })
      .from(schema.applications)
      .where(eq(schema.applications.id, app.id));

    if (to === "Requested" && by === "booker") {
      // Accepting takes the place without asking again: ask about rest (and, the office, the
      // worker rate) now.
      await assertCanFill(ctx, {
        worker: await loadAssignee(ctx.db, app.assigneeId),
        targets: await underLocks(ctx, [{ ...app, slotId: app.shiftSlotId }]),
        except: [app.id],
        capacity: false,
        clashes: "overlap-and-rest",
        skill: false,
        rates: !rel.actor.isClient,
        closely: input.closely,
        bookAnyway: input.book_anyway,
        anyway: "Request",
      });
    }
    if (isFilled(to)) {
      const worker = await loadAssignee(ctx.db, app.assigneeId);
      await assertCanFill(ctx, {
        worker,
        targets: await underLocks(ctx, [{ ...app, slotId: app.shiftSlotId }]),
        except: [app.id],
        capacity: true,
        clashes: "overlap-and-rest",
        // The requester was asked about skill and rate. Rest is checked again: the worker may
        // have been booked elsewhere since, and only the requester's answer then overrules it.
        skill: by === "booker",
        rates: by === "booker",
        closely: by === "booker" ? input.closely : before.closely,
        rest: by === "booker" ? "ask" : "refuse",
        bookAnyway: input.book_anyway,
      });
    }

    const finalStatus: ApplicationStatus =
      isFilled(to) && app.endsAt.getTime() <= now ? "Report!" : to;
    await ctx.db
      .update(schema.applications)
      .set({
        status: finalStatus,
        updatedAt: ctx.now,
        ...(by === "booker" && (to === "Booked" || to === "Requested")
          ? { bookedById: rel.actor.userId, bookedAt: ctx.now }
          : {}),
        ...(input.closely ? { closely: true } : {}),
        ...(input.book_anyway ? { bookAnyway: true } : {}),
      })
      .where(eq(schema.applications.id, app.id));
    const activityId = await logActivity(ctx, {
      logName: "applications",
      description: `${app.assigneeName} on ${app.jobName}: ${app.status} → ${finalStatus}`,
      subjectType: "applications",
      subjectId: app.id,
      // What an undo restores (undo.ts): the status and booking fields as they were.
      properties: {
        action: "status",
        from: app.status,
        to: finalStatus,
        job_id: app.jobId,
        shift_id: app.shiftId,
        before: {
          booked_by_id: before.bookedById,
          booked_at: before.bookedAt?.toISOString() ?? null,
          closely: before.closely,
          book_anyway: before.bookAnyway,
        },
      },
    });
    if (finalStatus === "Report!") await recomputeJobStatuses(ctx, [app.jobId]);
    await syncJobChatCrew(ctx.db, app.jobId);
    if (by === "booker" && finalStatus === "Booked") await notifyBooked(ctx, [app.id]);
    if (by === "booker" && finalStatus === "Requested") await notifyRequested(ctx, [app.id]);
    // A booker may undo their change (the worker's own answers are not undone from a toast).
    const done = APPLICATION_MESSAGES.updated(app.assigneeName, finalStatus, app.jobName, [
      formatWeekdayDate(app.startsAt, app.timeZone),
    ]);
    return {
      id: app.id,
      status: finalStatus,
      by,
      undo: by === "booker" ? activityId : null,
      done,
    };
  });
  const [application] = await applicationViews(ctx.db, [result.id]);
  return {
    application,
    message: (result.by === "worker" ? WORKER_MESSAGES[to] : undefined) ?? result.done,
    undo_activity_id: result.undo,
  };
}

/**
 * DELETE applications/{id}: a booker takes someone off a shift. An application with reported
 * or approved hours keeps its history: the report must go first. `notify` mails the worker.
 * The activity row keeps the whole application, so the booker can undo the removal (undo.ts).
 */
export async function deleteApplication(ctx: Ctx, id: unknown, raw: unknown = {}) {
  const { notify } = parseInput(removeInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const { app } = await lockApplication(ctx, id);
    const rel = await relationTo(ctx, app);
    assertRelated(rel);
    const mayRemove =
      rel.booker ||
      (rel.requester && (app.status === "Requested" || app.status === "Request denied"));
    if (!mayRemove) throw new ForbiddenError("You cannot remove workers from this shift.");
    const [{ n }] = await ctx.db
      .select({ n: count() })
      .from(schema.reportedHours)
      .where(eq(schema.reportedHours.applicationId, app.id));
    if (Number(n) > 0 || app.status === "Approved")
      throw new ConflictError(
        `${app.assigneeName} has reported hours on this shift. Delete the report first.`,
        "has_hours",
      );
    const [row] = await ctx.db
      .delete(schema.applications)
      .where(eq(schema.applications.id, app.id))
      .returning();
    await syncJobChatCrew(ctx.db, app.jobId);
    const notified = Boolean(notify);
    if (notified) await notifyShiftChange(ctx, "removed", app);
    const activityId = await logActivity(ctx, {
      logName: "applications",
      description: `Removed ${app.assigneeName} (${app.status}) from ${app.jobName}${notified ? " and told them by e-mail" : ""}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        action: "removed",
        status: app.status,
        job_id: app.jobId,
        shift_id: app.shiftId,
        shift_slot_id: app.shiftSlotId,
        assignee_id: app.assigneeId,
        notified,
        // What an undo puts back (undo.ts).
        snapshot: {
          created_by_id: row.createdById,
          booked_by_id: row.bookedById,
          booked_at: row.bookedAt?.toISOString() ?? null,
          check_in_at: row.checkInAt?.toISOString() ?? null,
          book_anyway: row.bookAnyway,
          closely: row.closely,
          created_at: row.createdAt.toISOString(),
        },
      },
    });
    await recomputeJobStatuses(ctx, [app.jobId]);
    return {
      id: app.id,
      message: APPLICATION_MESSAGES.deleted(app.assigneeName, app.jobName),
      undo_activity_id: activityId,
    };
  });
}
