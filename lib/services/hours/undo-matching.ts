import { eq, inArray } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { transitionError } from "@/lib/domain/application-status";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { logActivity } from "../activity";
import { relationTo } from "../applications/access";
import { lockApplications } from "../applications/locks";
import { releaseHoursForChange } from "./paid-lock";
import { undoInput } from "../applications/schemas";
import { recomputeJobStatuses } from "../applications/settle";
import { requirePermission, requireUser, withTx, type Ctx } from "../context";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { lockUndoable, NOTHING_TO_UNDO } from "../undo";
import { parseInput } from "../validate";
import { APPROVE_MATCHING_ACTION } from "./approve-matching";

/** POST approvals/approve-matching/undo: the `undo_activity_id` of the approval's answer. */
export const undoApproveMatchingInput = undoInput.pick({ activity_id: true }).strict();

interface Item {
  application_id: number;
  reported_hours_id: number | null;
  from: ApplicationStatus;
}

export interface UndoApproveMatchingResult {
  restored: number[];
  message: string;
}

const same = (a: Date | null, b: Date) => a !== null && a.getTime() === b.getTime();

/**
 * POST approvals/approve-matching/undo: returns the reports one "Approve all that match the
 * plan" approved to where they were (awaiting approval), all or none. Only the approver who did
 * it, once, within the window every undo has (lib/services/undo.ts). The reports are locked
 * (jobs → slots → applications) and read again: one changed since (disapproved, approved
 * again, its hours corrected, moved) is a 409 naming it, and nothing is written.
 */
export async function undoApproveMatching(
  ctx: Ctx,
  raw: unknown,
): Promise<UndoApproveMatchingResult> {
  requirePermission(ctx, "approval_access");
  const actor = requireUser(ctx);
  const input = parseInput(undoApproveMatchingInput, raw);
  return withTx(ctx, async (ctx) => {
    const { entry, p } = await lockUndoable(ctx, {
      activityId: input.activity_id,
      logName: "hours",
      actions: [APPROVE_MATCHING_ACTION],
      causerId: actor.userId,
    });
    const items = (Array.isArray(p.items) ? p.items : []) as Item[];
    if (!items.length) throw new NotFoundError(NOTHING_TO_UNDO);
    const at = entry.createdAt;

    const apps = new Map(
      (
        await lockApplications(
          ctx,
          items.map((i) => i.application_id),
        )
      ).map((a) => [a.id, a]),
    );
    const ids = [...apps.keys()];
    const [states, reports] = await sideBySide(
      ctx.db,
      () =>
        ctx.db
          .select({ id: schema.applications.id, updatedAt: schema.applications.updatedAt })
          .from(schema.applications)
          .where(inArray(schema.applications.id, ids.length ? ids : [0])),
      () =>
        ctx.db
          .select()
          .from(schema.reportedHours)
          .where(inArray(schema.reportedHours.applicationId, ids.length ? ids : [0])),
    );
    const updated = new Map(states.map((s) => [s.id, s.updatedAt]));
    const reportOf = new Map(reports.map((r) => [r.applicationId, r]));

    // Decide on every row before writing any: the undo is all or nothing.
    const changed: string[] = [];
    for (const item of items) {
      const app = apps.get(item.application_id);
      const report = reportOf.get(item.application_id) ?? null;
      const unchanged =
        app !== undefined &&
        app.status === "Approved" &&
        same(updated.get(app.id) ?? null, at) &&
        (report?.id ?? null) === item.reported_hours_id &&
        (report === null ||
          (report.approvedById === actor.userId &&
            same(report.approvedAt, at) &&
            same(report.updatedAt, at)));
      if (!unchanged) {
        changed.push(app ? `${app.assigneeName} on ${app.jobName}` : `#${item.application_id}`);
        continue;
      }
      await releaseHoursForChange(ctx, { jobStatus: app.jobStatus, applicationIds: [app.id] });
      const rel = await relationTo(ctx, app);
      if (!rel.approver)
        throw new ForbiddenError(`You cannot approve hours on ${app.jobName} any more.`);
      const refused = transitionError("Approved", item.from, "hours");
      if (refused) throw new ConflictError(refused, "illegal_transition");
    }
    if (changed.length)
      throw new ConflictError(
        `${changed.length === 1 ? "A report has" : `${changed.length} reports have`} changed since the approval (${changed.join(", ")}), so nothing was undone. Disapprove single rows instead.`,
        "changed_meanwhile",
      );

    for (const item of items) {
      const app = apps.get(item.application_id)!;
      if (item.reported_hours_id !== null)
        await ctx.db
          .update(schema.reportedHours)
          .set({ approvedById: null, approvedAt: null, updatedAt: ctx.now })
          .where(eq(schema.reportedHours.id, item.reported_hours_id));
      await ctx.db
        .update(schema.applications)
        .set({ status: item.from, updatedAt: ctx.now })
        .where(eq(schema.applications.id, app.id));
      await logActivity(ctx, {
        logName: "hours",
        description: `Undid the approval of the hours of ${app.assigneeName} on ${app.jobName}`,
        subjectType: "applications",
        subjectId: app.id,
        properties: {
          undo_of: entry.id,
          from: "Approved",
          to: item.from,
          reportedHoursId: item.reported_hours_id,
        },
      });
    }
    await recomputeJobStatuses(ctx, [...new Set([...apps.values()].map((a) => a.jobId))]);
    const n = items.length;
    return {
      restored: items.map((i) => i.application_id),
      message: `Approval undone: ${n === 1 ? "1 report waits" : `${n} reports wait`} for approval again.`,
    };
  });
}
