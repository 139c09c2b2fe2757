import { count, eq } from "drizzle-orm";
import { schema } from "@/db";
import {
  APPLICATION_MESSAGES,
  canTransition,
  HOURS_STATUSES,
  transitionError,
  type TransitionBy,
} from "@/lib/domain/application-status";
import { isFilled, type ApplicationStatus } from "@/lib/domain/statuses";
import { withTx, type Ctx } from "../context";
import { ConflictError, ForbiddenError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { assertRelated, relationTo, type Relation } from "./access";
import { assertCanFill } from "./fill";
import { lockApplication, underLocks } from "./locks";
import { statusChangeInput } from "./schemas";
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
): Promise<{ application: ApplicationView; message: string }> {
  const input = parseInput(statusChangeInput, raw);
  const to = input.status;
  const result = await withTx(ctx, async (ctx) => {
    const { app } = await lockApplication(ctx, id, { worker: isFilled(to) });
    const rel = await relationTo(ctx, app);
    assertRelated(rel);
    const by = actingAs(rel, app.status, to);
    if ((HOURS_STATUSES as readonly string[]).includes(to) && app.status !== to)
      throw new ConflictError(
        `${to} follows the hours: report, approve or disapprove them instead.`,
        "illegal_transition",
      );
    if (app.status === to) return { id: app.id, status: to, by };
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

    if (isFilled(to)) {
      const worker = await loadAssignee(ctx.db, app.assigneeId);
      await assertCanFill(ctx, {
        worker,
        targets: await underLocks(ctx, [{ ...app, slotId: app.shiftSlotId }]),
        except: [app.id],
        capacity: true,
        // The worker answering a request was asked by a booker, who saw the warnings then.
        clashes: by === "booker" ? "overlap-and-rest" : "overlap",
        skill: by === "booker",
        closely: input.closely,
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
    await logActivity(ctx, {
      logName: "applications",
      description: `${app.assigneeName} on ${app.jobName}: ${app.status} → ${finalStatus}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: { from: app.status, to: finalStatus, job_id: app.jobId, shift_id: app.shiftId },
    });
    if (finalStatus === "Report!") await recomputeJobStatuses(ctx, [app.jobId]);
    return { id: app.id, status: finalStatus, by };
  });
  const [application] = await applicationViews(ctx.db, [result.id]);
  return {
    application,
    message:
      (result.by === "worker" ? WORKER_MESSAGES[to] : undefined) ?? APPLICATION_MESSAGES.updated,
  };
}

/**
 * DELETE applications/{id}: a booker takes someone off a shift. An application with reported
 * or approved hours keeps its history: the report must go first.
 */
export async function deleteApplication(ctx: Ctx, id: unknown) {
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
    await ctx.db.delete(schema.applications).where(eq(schema.applications.id, app.id));
    await logActivity(ctx, {
      logName: "applications",
      description: `Removed ${app.assigneeName} (${app.status}) from ${app.jobName}`,
      subjectType: "applications",
      subjectId: app.id,
      properties: {
        status: app.status,
        job_id: app.jobId,
        shift_id: app.shiftId,
        assignee_id: app.assigneeId,
      },
    });
    await recomputeJobStatuses(ctx, [app.jobId]);
    return { id: app.id, message: APPLICATION_MESSAGES.deleted };
  });
}
