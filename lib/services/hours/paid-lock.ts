import { and, eq, inArray } from "drizzle-orm";
import { schema } from "@/db";
import { hoursLockReason } from "@/lib/domain/salary";
import type { TxCtx } from "../context";
import { ConflictError } from "../errors";

/**
 * The lock on paid hours (issue 24), asked by every verb that changes reported hours or their
 * approval (edit, delete, approve, disapprove, approve-matching, its undo, the check-times
 * correction): hours with a paid salary line, or on a job that is Invoiced or Paid, are final —
 * 409 `hours_locked` with the reason in words. Call it inside the verb's transaction after
 * the application is locked (its job is then held too).
 *
 * Hours that may change lose their draft salary line (locked first, so `salary/pay` waiting on
 * it finds it gone): a line is never paid with figures from before a correction; the next run
 * makes it again from the hours as they are.
 */
export async function releaseHoursForChange(
  ctx: TxCtx,
  what: { jobStatus: string | null; applicationIds: number[] },
): Promise<void> {
  const ids = [...new Set(what.applicationIds)];
  const lines = ids.length
    ? await ctx.db
        .select({
          id: schema.salaryLines.id,
          status: schema.salaryLines.status,
          periodFrom: schema.paySlips.periodFrom,
          periodTo: schema.paySlips.periodTo,
        })
        .from(schema.salaryLines)
        .innerJoin(
          schema.reportedHours,
          eq(schema.reportedHours.id, schema.salaryLines.reportedHoursId),
        )
        .leftJoin(schema.paySlips, eq(schema.paySlips.id, schema.salaryLines.paySlipId))
        .where(inArray(schema.reportedHours.applicationId, ids))
        .for("update", { of: schema.salaryLines })
    : [];
  const paid = lines.find((l) => l.status === "paid");
  const reason = hoursLockReason({
    jobStatus: what.jobStatus,
    paid: !!paid,
    paidSlip:
      paid?.periodFrom && paid.periodTo
        ? { periodFrom: paid.periodFrom, periodTo: paid.periodTo }
        : null,
  });
  if (reason) throw new ConflictError(reason, "hours_locked");
  const drafts = lines.filter((l) => l.status === "draft").map((l) => l.id);
  if (drafts.length)
    await ctx.db
      .delete(schema.salaryLines)
      .where(and(inArray(schema.salaryLines.id, drafts), eq(schema.salaryLines.status, "draft")));
}
