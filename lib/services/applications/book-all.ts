import { and, asc, eq, inArray } from "drizzle-orm";
import { schema } from "@/db";
import { requirePermission, requireUser, withTx, type Ctx } from "../context";
import { notifyBooked } from "../notifications/shift";
import { AppError, ConfirmError, ConflictError, NotFoundError } from "../errors";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { syncJobChatCrew } from "../chat/job-chat";
import { inCompanyScope, toId } from "./access";
import { assertCanFill } from "./fill";
import { lockJobs, lockSlots, underLocks } from "./locks";
import { clientPriceGaps, hasRateFor, missingClientPriceText } from "./rated";
import { bookAllInput } from "./schemas";
import { recomputeJobStatuses } from "./settle";
import { liveSlots, loadAssignee, slotLabel } from "./targets";

export interface BookAllResult {
  booked: { application_id: number; worker: { id: number; name: string } }[];
  not_booked: { application_id: number; worker: { id: number; name: string }; reason: string }[];
  message: string;
}

/**
 * POST shift-slots/{id}/book-applicants: books the slot's applicants (Applied) in the order
 * they applied, up to its free positions, in one transaction under the lock order (job, the
 * applicants' worker rows in id order, the slot, their applications). Each applicant passes
 * the same fill rule as a single booking; one that does not (slot full, another shift at the
 * same time, too little rest, a missing skill, deactivated) stays Applied, with the reason.
 * A slot whose skill has no client price on the job is asked about once, before anyone is
 * booked (410 `missing_client_price`, repeat with `book_anyway`), as a single booking is.
 */
export async function bookAllApplicants(
  ctx: Ctx,
  slotIdParam: unknown,
  raw: unknown = {},
): Promise<BookAllResult> {
  requirePermission(ctx, "jobs_book_workers");
  const actor = requireUser(ctx);
  const slotId = toId(slotIdParam, "Shift slot");
  const input = parseInput(bookAllInput, raw ?? {});
  const [seen] = await liveSlots(ctx.db, [slotId]);
  if (!seen || !inCompanyScope(actor, seen.companyId))
    throw new NotFoundError("Shift slot not found.");

  return withTx(ctx, async (ctx) => {
    await lockJobs(ctx, [seen.jobId], "key share");
    const applied = await ctx.db
      .select({ assigneeId: schema.applications.assigneeId })
      .from(schema.applications)
      .where(
        and(eq(schema.applications.shiftSlotId, slotId), eq(schema.applications.status, "Applied")),
      );
    const workerIds = [...new Set(applied.map((a) => a.assigneeId))];
    if (workerIds.length)
      await ctx.db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(inArray(schema.users.id, workerIds))
        .orderBy(asc(schema.users.id))
        .for("update");
    await lockSlots(ctx, [slotId]);
    const [target] = await underLocks(ctx, [{ slotId }]);
    if (target.endsAt.getTime() <= ctx.now.getTime())
      throw new ConflictError("This shift has already ended.", "shift_ended");
    // Locked in id order, booked in the order they applied.
    const apps = (
      await ctx.db
        .select({
          id: schema.applications.id,
          assigneeId: schema.applications.assigneeId,
          name: schema.users.name,
          createdAt: schema.applications.createdAt,
        })
        .from(schema.applications)
        .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
        .where(
          and(
            eq(schema.applications.shiftSlotId, slotId),
            eq(schema.applications.status, "Applied"),
            workerIds.length ? inArray(schema.applications.assigneeId, workerIds) : undefined,
          ),
        )
        .orderBy(asc(schema.applications.id))
        .for("update", { of: schema.applications })
    ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);

    // The slot's price is one question for all of them, asked before anyone is booked.
    if (apps.length && !input.book_anyway && !actor.isClient) {
      const [gap] = await clientPriceGaps(ctx.db, [target]);
      if (gap)
        throw new ConfirmError(
          `${missingClientPriceText(gap)} Book the applicants anyway?`,
          "missing_client_price",
          { client_price: gap },
        );
    }
    // Every applicant's worker rate at once: an applicant without one stays Applied.
    const hasRate = await hasRateFor(ctx.db, workerIds, [target]);
    const out: BookAllResult = { booked: [], not_booked: [], message: "" };
    for (const a of apps) {
      const worker = { id: a.assigneeId, name: a.name };
      try {
        await assertCanFill(ctx, {
          worker: await loadAssignee(ctx.db, a.assigneeId),
          targets: [target],
          except: [a.id],
          capacity: true,
          clashes: "overlap-and-rest",
          skill: true,
          rates: hasRate,
          clientPrice: false,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        out.not_booked.push({
          application_id: a.id,
          worker,
          reason: err.message.replace(/ Book anyway\?$/, ""),
        });
        continue;
      }
      await ctx.db
        .update(schema.applications)
        .set({
          status: "Booked",
          bookedById: actor.userId,
          bookedAt: ctx.now,
          updatedAt: ctx.now,
          ...(input.book_anyway ? { bookAnyway: true } : {}),
        })
        .where(eq(schema.applications.id, a.id));
      await logActivity(ctx, {
        logName: "applications",
        description: `Booked ${a.name} on ${slotLabel(target)} (book all applicants)`,
        subjectType: "applications",
        subjectId: a.id,
        properties: {
          from: "Applied",
          to: "Booked",
          job_id: target.jobId,
          shift_id: target.shiftId,
        },
      });
      out.booked.push({ application_id: a.id, worker });
    }
    await recomputeJobStatuses(ctx, [target.jobId]);
    await syncJobChatCrew(ctx.db, target.jobId);
    await notifyBooked(
      ctx,
      out.booked.map((b) => b.application_id),
    );
    out.message = bookAllMessage(out.booked.length, apps.length);
    return out;
  });
}

export function bookAllMessage(booked: number, applicants: number): string {
  if (applicants === 0) return "There are no applicants to book on this slot.";
  const of = booked === applicants ? "" : ` of ${applicants}`;
  return `Booked ${booked}${of} applicant${applicants === 1 ? "" : "s"}.`;
}
