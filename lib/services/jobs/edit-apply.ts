import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { schema } from "@/db";
import type { EditPlan } from "@/lib/domain/job-edit-plan";
import { can, type TxCtx } from "../context";
import { logActivity } from "../activity";
import { syncJobChatCrew } from "../chat/job-chat";
import { copyCardsToJob } from "../rates/job-copy";
import type { EditShiftInput, editJobInput } from "./schemas";
import type { z } from "zod";

export interface PlannedEdit extends EditShiftInput {
  startsAt: Date;
  endsAt: Date;
}

/** Places that end with the shift or slot they are on (pending ones and the bookings). */
const ENDING = ["Applied", "Reserve", "Requested", "Request accepted", "Booked"] as const;

/**
 * Writes a judged edit plan (lib/domain/job-edit-plan): the job's fields and branches, the
 * places on removed shifts and slots (Denied), the removed shifts and slots (archived when
 * anyone ever applied, else deleted), the kept and new shifts with their slots, the job's span,
 * and the activity row. Runs inside updateJob's transaction, under its locks.
 */
export async function applyJobEdit(
  ctx: TxCtx,
  e: {
    job: { id: number; reason: string | null };
    input: z.output<typeof editJobInput>;
    companyId: number;
    venueId: number | null;
    planned: PlannedEdit[];
    plan: EditPlan;
    cancelled: number;
  },
): Promise<void> {
  const { job, input, plan } = e;
  await ctx.db
    .update(schema.jobs)
    .set({
      name: input.name,
      companyId: e.companyId,
      countryId: input.country_id,
      venueId: e.venueId,
      city: input.city ?? null,
      address: input.address ?? null,
      zip: input.zip ?? null,
      province: input.province ?? null,
      entrance: input.entrance ?? null,
      invoiceReference: input.invoice_reference ?? null,
      details: input.details ?? null,
      reason: input.reason ?? job.reason,
      contactOnLocationId: input.contact_on_location_id ?? null,
      projectManagerId: input.project_manager_id ?? null,
      dressCodeId: input.dresscode_id ?? null,
      ...(can(ctx, "can_select_job_booker") && input.booker_id !== undefined
        ? { bookerId: input.booker_id ?? null }
        : {}),
    })
    .where(eq(schema.jobs.id, job.id));
  if (input.book_from_branches) {
    await ctx.db.delete(schema.jobBranches).where(eq(schema.jobBranches.jobId, job.id));
    const branches = [...new Set(input.book_from_branches)];
    if (branches.length)
      await ctx.db
        .insert(schema.jobBranches)
        .values(branches.map((branchId) => ({ jobId: job.id, branchId })));
  }

  await removeShiftsAndSlots(ctx, plan);
  const { added, changed } = await writeShifts(ctx, job.id, e.planned, plan);
  // A new slot whose skill the job has no rate rows for gets the card's rates copied on.
  if (plan.slotWrites.some((writes) => writes.some((w) => w.kind !== "resize")))
    await copyCardsToJob(ctx.db, job.id, ctx.now);

  const [span] = await ctx.db
    .select({
      start: sql<Date | string>`min(${schema.shifts.startsAt})`,
      end: sql<Date | string>`max(${schema.shifts.endsAt})`,
    })
    .from(schema.shifts)
    .where(and(eq(schema.shifts.jobId, job.id), isNull(schema.shifts.deletedAt)));
  await ctx.db
    .update(schema.jobs)
    .set({
      startsAt: span.start ? new Date(span.start) : null,
      endsAt: span.end ? new Date(span.end) : null,
    })
    .where(eq(schema.jobs.id, job.id));

  await logActivity(ctx, {
    logName: "jobs",
    description: `Updated job ${input.name}`,
    subjectType: "jobs",
    subjectId: job.id,
    properties: {
      shiftsAdded: added,
      shiftsChanged: changed,
      shiftsRemoved: plan.removedShiftIds.length,
      slotsRemoved: plan.removedSlotIds.length,
      bookingsCancelled: e.cancelled,
    },
  });
  await syncJobChatCrew(ctx.db, job.id);
}

async function removeShiftsAndSlots(ctx: TxCtx, plan: EditPlan): Promise<void> {
  const { removedShiftIds: shiftIds, removedSlotIds: slotIds } = plan;
  if (!shiftIds.length && !slotIds.length) return;
  const on = or(
    shiftIds.length ? inArray(schema.applications.shiftId, shiftIds) : undefined,
    slotIds.length ? inArray(schema.applications.shiftSlotId, slotIds) : undefined,
  );
  await ctx.db
    .update(schema.applications)
    .set({ status: "Denied", updatedAt: ctx.now })
    .where(and(on, inArray(schema.applications.status, [...ENDING])));

  // Kept with their history when anyone ever applied, else gone.
  const history = await ctx.db
    .selectDistinct({
      shiftId: schema.applications.shiftId,
      slotId: schema.applications.shiftSlotId,
    })
    .from(schema.applications)
    .where(on);
  const keepShift = (id: number) => history.some((h) => h.shiftId === id);
  const keepSlot = (id: number) => history.some((h) => h.slotId === id);
  const archiveShifts = shiftIds.filter(keepShift);
  const dropShifts = shiftIds.filter((id) => !keepShift(id));
  const archiveSlots = slotIds.filter(keepSlot);
  const dropSlots = slotIds.filter((id) => !keepSlot(id));
  if (archiveShifts.length)
    await ctx.db
      .update(schema.shifts)
      .set({ deletedAt: ctx.now })
      .where(inArray(schema.shifts.id, archiveShifts));
  if (dropShifts.length)
    await ctx.db.delete(schema.shifts).where(inArray(schema.shifts.id, dropShifts));
  if (archiveSlots.length)
    await ctx.db
      .update(schema.shiftSlots)
      .set({ deletedAt: ctx.now })
      .where(inArray(schema.shiftSlots.id, archiveSlots));
  if (dropSlots.length)
    await ctx.db.delete(schema.shiftSlots).where(inArray(schema.shiftSlots.id, dropSlots));
}

async function writeShifts(
  ctx: TxCtx,
  jobId: number,
  planned: PlannedEdit[],
  plan: EditPlan,
): Promise<{ added: number; changed: number }> {
  let added = 0;
  let changed = 0;
  for (const [i, s] of planned.entries()) {
    if (s.isDeleted) continue;
    const values = {
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      projectManagerId: s.project_manager_id ?? null,
      contactOnLocationId: s.contact_on_location_id ?? null,
      dressCodeId: s.dresscode_id ?? null,
      dressCodeNotes: s.dresscode_notes ?? null,
      notesForWorkers: s.notes_for_workers ?? null,
      description: s.description ?? null,
    };
    let shiftId: number;
    if (typeof s.id === "number") {
      shiftId = s.id;
      if (s.isEdited !== false) {
        await ctx.db.update(schema.shifts).set(values).where(eq(schema.shifts.id, shiftId));
        changed++;
      }
    } else {
      [{ id: shiftId }] = await ctx.db
        .insert(schema.shifts)
        .values({ ...values, jobId })
        .returning({ id: schema.shifts.id });
      added++;
    }
    for (const w of plan.slotWrites[i]) {
      if (w.kind === "resize")
        await ctx.db
          .update(schema.shiftSlots)
          .set({ positions: w.positions })
          .where(eq(schema.shiftSlots.id, w.slotId));
      else
        await ctx.db
          .insert(schema.shiftSlots)
          .values({ shiftId, skillId: w.skillId, positions: w.positions });
    }
  }
  return { added, changed };
}
