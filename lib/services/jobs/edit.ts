import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { notifyCancelled, notifyShiftTimesChanged } from "../notifications/shift";
import { schema } from "@/db";
import {
  editedShiftTimes,
  judgeRemovals,
  planSlotEdits,
  type BookedPlace,
  type EditPlan,
  type ExistingSlot,
} from "@/lib/domain/job-edit-plan";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { can, requirePermission, requireUser, withTx, type Ctx, type TxCtx } from "../context";
import {
  ConfirmError,
  ConflictError,
  ForbiddenError,
  ValidationError,
  type FieldErrors,
} from "../errors";
import { fieldErrors, parseInput } from "../validate";
import { BOOKER_FORBIDDEN } from "./create";
import { applyJobEdit, type PlannedEdit } from "./edit-apply";
import { checkJobReferences, ReferenceCheck } from "./references";
import { editJobInput, editShiftInput } from "./schemas";
import { assertCompanyInScope, loadJobInScope } from "./scope";
import { SHIFTS_INVALID } from "./shift-input";

const invalid = (errors: FieldErrors) =>
  new ValidationError(SHIFTS_INVALID, errors, "shifts_invalid");

/**
 * PUT jobs/{id}: job fields and the shift edits of spec §4 in one transaction. The job row is
 * locked first (the lock order jobs → worker → slots → applications), so bookings on the job
 * wait for the edit and the edit for the bookings under way; slots and the places on them are
 * then read under their locks. Removing a shift or slot that holds bookings needs the caller's
 * confirmation (410, then again with cancel_bookings); one with hours reported is never removed
 * (409); positions never go below the places filled.
 */
export async function updateJob(ctx: Ctx, jobId: unknown, raw: unknown) {
  requirePermission(ctx, "job_edit");
  const actor = requireUser(ctx);
  return withTx(ctx, async (ctx) => {
    const job = await loadJobInScope(ctx, jobId, { lock: true });
    const input = parseInput(editJobInput, raw);
    if (
      input.booker_id !== undefined &&
      input.booker_id !== job.bookerId &&
      !can(ctx, "can_select_job_booker")
    )
      throw new ForbiddenError(BOOKER_FORBIDDEN, "booker_forbidden");
    assertCompanyInScope(actor, input.company_id);

    const check = new ReferenceCheck(ctx);
    check.keepExisting({ countryId: job.countryId, branchIds: await branchIdsOf(ctx, job.id) });
    const { company, country } = await check.companyAndCountry(input);
    const planned = editedShifts(input.shifts, country.timeZone);
    const existing = await lockedSlotsOf(ctx, job.id);
    assertBelongs(planned, existing);
    const venue = await checkJobReferences(
      check,
      company.id,
      input,
      planned.map((s, i) => ({
        pm: { field: `shifts.${i}.project_manager_id`, id: s.project_manager_id ?? undefined },
        col: {
          field: `shifts.${i}.contact_on_location_id`,
          id: s.contact_on_location_id ?? undefined,
        },
        dresscode: { field: `shifts.${i}.dresscode_id`, id: s.dresscode_id ?? undefined },
        // A slot the shift keeps may be of a skill archived since (deleted on /skills): the
        // job stays editable; only a skill newly put on the shift must be a live one.
        skills: s.shift_slots.flatMap((slot, k) =>
          slot.isDeleted || keepsSkill(existing.slots, s.id, slot)
            ? []
            : [{ field: `shifts.${i}.shift_slots.${k}.skill_id`, id: slot.skill_id }],
        ),
      })),
    );

    const plan = planSlotEdits(planned, existing.slots);
    const verdict = judgeRemovals(plan, await placesOn(ctx, plan), Boolean(input.cancel_bookings));
    if (!verdict.ok)
      throw verdict.confirmable
        ? new ConfirmError(verdict.message, verdict.type)
        : new ConflictError(verdict.message, verdict.type);

    await notifyCancelled(
      ctx,
      verdict.cancelling.map((p) => p.id),
    );
    await applyJobEdit(ctx, {
      job,
      input,
      companyId: company.id,
      venueId: venue?.id ?? null,
      planned,
      plan,
      cancelled: verdict.cancelling.length,
    });
    await notifyShiftTimesChanged(ctx, movedShiftIds(planned, existing.shifts));
    return { id: job.id, message: "Job successfully updated!" };
  });
}

/** The kept shifts whose start or end the edit changes. */
function movedShiftIds(
  planned: PlannedEdit[],
  before: { id: number; startsAt: Date; endsAt: Date }[],
): number[] {
  return planned.flatMap((s) => {
    const old = before.find((b) => b.id === s.id);
    if (!old || s.isDeleted || s.isEdited === false) return [];
    const moved =
      old.startsAt.getTime() !== s.startsAt.getTime() ||
      old.endsAt.getTime() !== s.endsAt.getTime();
    return moved ? [old.id] : [];
  });
}

/** The shifts of an edit payload: each item valid and placed in time, at least one kept. */
function editedShifts(raw: unknown, timeZone: string): PlannedEdit[] {
  if (!Array.isArray(raw)) throw invalid({ shifts: [SHIFTS_INVALID] });
  const errors: FieldErrors = {};
  const planned: PlannedEdit[] = [];
  raw.forEach((item, i) => {
    const r = editShiftInput.safeParse(item);
    if (!r.success) {
      for (const [k, v] of Object.entries(fieldErrors(r.error))) errors[`shifts.${i}.${k}`] = v;
      return;
    }
    const times = r.data.isDeleted
      ? { startsAt: new Date(0), endsAt: new Date(0) }
      : editedShiftTimes(r.data, timeZone);
    if (!times) {
      errors[`shifts.${i}.start`] = [
        "The start or end is not a valid date and time, or the shift is longer than 24 hours.",
      ];
      return;
    }
    const live = r.data.shift_slots.filter((s) => !s.isDeleted);
    if (!r.data.isDeleted && live.length === 0)
      errors[`shifts.${i}.shift_slots`] = ["needs at least one skill slot"];
    if (new Set(live.map((s) => s.skill_id)).size !== live.length)
      errors[`shifts.${i}.shift_slots`] = ["Each skill may appear once per shift."];
    planned.push({ ...r.data, ...times });
  });
  if (Object.keys(errors).length) throw invalid(errors);
  if (!planned.some((s) => !s.isDeleted))
    throw invalid({ shifts: ["A job needs at least one shift."] });
  return planned;
}

/** The job's live shifts and their live slots, the slots locked in id order. */
async function lockedSlotsOf(ctx: TxCtx, jobId: number) {
  const shifts = await ctx.db
    .select({
      id: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
    })
    .from(schema.shifts)
    .where(and(eq(schema.shifts.jobId, jobId), isNull(schema.shifts.deletedAt)));
  const shiftIds = new Set(shifts.map((s) => s.id));
  const slots: ExistingSlot[] = shiftIds.size
    ? await ctx.db
        .select({
          id: schema.shiftSlots.id,
          shiftId: schema.shiftSlots.shiftId,
          skillId: schema.shiftSlots.skillId,
          positions: schema.shiftSlots.positions,
        })
        .from(schema.shiftSlots)
        .where(
          and(
            inArray(schema.shiftSlots.shiftId, [...shiftIds]),
            isNull(schema.shiftSlots.deletedAt),
          ),
        )
        .orderBy(asc(schema.shiftSlots.id))
        .for("update")
    : [];
  return { shiftIds, shifts, slots };
}

/** Whether `slot` is one of the shift's live slots, kept with its skill. */
function keepsSkill(
  slots: ExistingSlot[],
  shiftId: PlannedEdit["id"],
  slot: { id?: number | null; skill_id: number },
): boolean {
  return slots.some(
    (e) =>
      e.shiftId === shiftId && e.skillId === slot.skill_id && (slot.id == null || slot.id === e.id),
  );
}

/** Shift ids of this job, slot ids of their shift (422 for anything else, nothing written). */
function assertBelongs(
  planned: PlannedEdit[],
  existing: { shiftIds: Set<number>; slots: ExistingSlot[] },
): void {
  const errors: FieldErrors = {};
  const slotShift = new Map(existing.slots.map((s) => [s.id, s.shiftId]));
  planned.forEach((s, i) => {
    if (typeof s.id === "number" && !existing.shiftIds.has(s.id))
      errors[`shifts.${i}.id`] = ["This shift does not belong to the job."];
    s.shift_slots.forEach((slot, k) => {
      if (slot.id && slotShift.get(slot.id) !== s.id)
        errors[`shifts.${i}.shift_slots.${k}.id`] = ["This slot does not belong to the shift."];
    });
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Filled places on what the plan removes or shrinks, locked (after their slots). */
async function placesOn(ctx: TxCtx, plan: EditPlan): Promise<BookedPlace[]> {
  const shiftIds = plan.removedShiftIds;
  const slotIds = [...plan.removedSlotIds, ...plan.shrinking.map((s) => s.slotId)];
  if (!shiftIds.length && !slotIds.length) return [];
  return ctx.db
    .select({
      id: schema.applications.id,
      shiftId: schema.applications.shiftId,
      slotId: schema.applications.shiftSlotId,
      status: schema.applications.status,
      name: schema.users.name,
      skill: schema.skills.name,
    })
    .from(schema.applications)
    .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .where(
      and(
        inArray(schema.applications.status, [...FILLED_STATUSES]),
        or(
          shiftIds.length ? inArray(schema.applications.shiftId, shiftIds) : undefined,
          slotIds.length ? inArray(schema.applications.shiftSlotId, slotIds) : undefined,
        ),
      ),
    )
    .orderBy(asc(schema.applications.id))
    .for("update", { of: schema.applications });
}

/** The branches a job books from now (an archived one among them may stay on an edit). */
async function branchIdsOf(ctx: TxCtx, jobId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: schema.jobBranches.branchId })
    .from(schema.jobBranches)
    .where(eq(schema.jobBranches.jobId, jobId));
  return rows.map((r) => r.id);
}
