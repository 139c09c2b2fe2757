import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { schema, type Tx } from "@/db";
import { parseDateTime } from "@/lib/domain/format";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { addDays, fromLocal } from "@/lib/domain/time";
import { can, requirePermission, requireUser, type Ctx, withTx } from "../context";
import {
  ConfirmError,
  ConflictError,
  ForbiddenError,
  ValidationError,
  type FieldErrors,
} from "../errors";
import { fieldErrors, parseInput } from "../validate";
import { logActivity } from "../activity";
import { BOOKER_FORBIDDEN } from "./create";
import { ReferenceCheck } from "./references";
import { assertCompanyInScope, loadJobInScope } from "./scope";
import { SHIFTS_INVALID } from "./shift-input";
import { editJobInput, editShiftInput, type EditShiftInput } from "./schemas";

interface PlannedEdit extends EditShiftInput {
  startsAt: Date;
  endsAt: Date;
}

/** Start from "DD/MM/YYYY HH:mm"; end from the duration when given (the real hours), else the end time (overnight: next day). */
function planEditShift(s: EditShiftInput, tz: string): { startsAt: Date; endsAt: Date } | null {
  const start = parseDateTime(s.start);
  if (!start) return null;
  const startsAt = fromLocal(start, tz);
  if (s.duration)
    return {
      startsAt,
      endsAt: new Date(startsAt.getTime() + Math.round(s.duration * 60) * 60_000),
    };
  const end = s.end ? parseDateTime(s.end) : null;
  if (!end) return null;
  // An end at or before the start is on a later day: step the local date, not 24 h, so a
  // night across a clock change keeps its wall-clock end.
  let endLocal = end;
  let endsAt = fromLocal(endLocal, tz);
  for (let i = 0; endsAt <= startsAt && i < 2; i++) {
    endLocal = { ...endLocal, ...addDays(endLocal, 1) };
    endsAt = fromLocal(endLocal, tz);
  }
  if (endsAt.getTime() - startsAt.getTime() > 24 * 3_600_000) return null;
  return { startsAt, endsAt };
}

const HOURS_STATUSES = ["Report!", "Reported", "Approved"] as const;

/**
 * PUT jobs/{id}: job fields and the shift edits of spec §4 in one transaction. Removing a
 * shift or slot that holds bookings needs the caller's confirmation (410, then again with
 * cancel_bookings); one with hours reported is never removed (409).
 */
export async function updateJob(ctx: Ctx, jobId: unknown, raw: unknown) {
  requirePermission(ctx, "job_edit");
  const actor = requireUser(ctx);
  const job = await loadJobInScope(ctx, jobId);
  const input = parseInput(editJobInput, raw);
  if (
    input.booker_id !== undefined &&
    input.booker_id !== job.bookerId &&
    !can(ctx, "can_select_job_booker")
  ) {
    throw new ForbiddenError(BOOKER_FORBIDDEN, "booker_forbidden");
  }
  assertCompanyInScope(actor, input.company_id);

  const check = new ReferenceCheck(ctx);
  const [company, country] = await Promise.all([
    check.company(input.company_id),
    check.country(input.country_id),
  ]);
  check.throwIfAny();
  const tz = country!.timeZone;

  // Shifts: every item valid, existing ids of this job, at least one live shift left.
  if (!Array.isArray(input.shifts))
    throw new ValidationError(SHIFTS_INVALID, { shifts: [SHIFTS_INVALID] }, "shifts_invalid");
  const errors: FieldErrors = {};
  const planned: PlannedEdit[] = [];
  input.shifts.forEach((item, i) => {
    const r = editShiftInput.safeParse(item);
    if (!r.success) {
      for (const [k, v] of Object.entries(fieldErrors(r.error))) errors[`shifts.${i}.${k}`] = v;
      return;
    }
    const times = r.data.isDeleted
      ? { startsAt: new Date(0), endsAt: new Date(0) }
      : planEditShift(r.data, tz);
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
  if (Object.keys(errors).length)
    throw new ValidationError(SHIFTS_INVALID, errors, "shifts_invalid");
  if (!planned.some((s) => !s.isDeleted))
    throw new ValidationError(
      SHIFTS_INVALID,
      { shifts: ["A job needs at least one shift."] },
      "shifts_invalid",
    );

  const existing = await ctx.db
    .select({ id: schema.shifts.id, startsAt: schema.shifts.startsAt })
    .from(schema.shifts)
    .where(and(eq(schema.shifts.jobId, job.id), isNull(schema.shifts.deletedAt)));
  const existingIds = new Set(existing.map((s) => s.id));
  planned.forEach((s, i) => {
    if (typeof s.id === "number" && !existingIds.has(s.id))
      errors[`shifts.${i}.id`] = ["This shift does not belong to the job."];
  });
  const existingSlots = existing.length
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
            inArray(schema.shiftSlots.shiftId, [...existingIds]),
            isNull(schema.shiftSlots.deletedAt),
          ),
        )
    : [];
  const slotById = new Map(existingSlots.map((s) => [s.id, s]));
  planned.forEach((s, i) => {
    s.shift_slots.forEach((slot, k) => {
      if (slot.id && slotById.get(slot.id)?.shiftId !== s.id)
        errors[`shifts.${i}.shift_slots.${k}.id`] = ["This slot does not belong to the shift."];
    });
  });
  if (Object.keys(errors).length)
    throw new ValidationError(SHIFTS_INVALID, errors, "shifts_invalid");

  const venue = await check.venue(input.venue_id, company!.id);
  await Promise.all([
    check.people(
      [
        { field: "project_manager_id", id: input.project_manager_id, kind: "pm" },
        { field: "contact_on_location_id", id: input.contact_on_location_id, kind: "col" },
        { field: "booker_id", id: input.booker_id, kind: "booker" },
        ...planned.flatMap((s, i) => [
          {
            field: `shifts.${i}.project_manager_id`,
            id: s.project_manager_id ?? undefined,
            kind: "pm" as const,
          },
          {
            field: `shifts.${i}.contact_on_location_id`,
            id: s.contact_on_location_id ?? undefined,
            kind: "col" as const,
          },
        ]),
      ],
      company!.id,
    ),
    check.dressCodes([
      { field: "dresscode_id", id: input.dresscode_id ?? undefined },
      ...planned.map((s, i) => ({
        field: `shifts.${i}.dresscode_id`,
        id: s.dresscode_id ?? undefined,
      })),
    ]),
    check.branches(input.book_from_branches),
    check.skills(
      planned.flatMap((s, i) =>
        s.shift_slots.map((slot, k) => ({
          field: `shifts.${i}.shift_slots.${k}.skill_id`,
          id: slot.skill_id,
        })),
      ),
    ),
  ]);
  check.throwIfAny();

  // What is being removed, and who is on it.
  const removedShiftIds = planned
    .filter((s) => s.isDeleted && typeof s.id === "number")
    .map((s) => s.id as number);
  const removedSlotIds = planned.flatMap((s) =>
    s.isDeleted ? [] : s.shift_slots.filter((x) => x.isDeleted && x.id).map((x) => x.id!),
  );
  const shrinking = planned.flatMap((s) =>
    s.isDeleted
      ? []
      : s.shift_slots.filter(
          (x) => !x.isDeleted && x.id && x.positions < (slotById.get(x.id)?.positions ?? 0),
        ),
  );

  return withTx(ctx, async (ctx) => {
    const affected = await affectedApplications(ctx.db, removedShiftIds, [
      ...removedSlotIds,
      ...shrinking.map((s) => s.id!),
    ]);
    const withHours = affected.filter(
      (a) =>
        (HOURS_STATUSES as readonly string[]).includes(a.status) &&
        (removedShiftIds.includes(a.shiftId) || removedSlotIds.includes(a.slotId)),
    );
    if (withHours.length) {
      throw new ConflictError(
        `Hours are reported on a shift or slot you are removing (${names(withHours)}). Remove their hours first.`,
        "hours_reported",
      );
    }
    for (const s of shrinking) {
      const filled = affected.filter((a) => a.slotId === s.id).length;
      if (s.positions < filled) {
        throw new ConflictError(
          `${filled} people are booked on ${skillLabel(affected, s.id!)}; its positions cannot go below ${filled}.`,
          "positions_below_booked",
        );
      }
    }
    const cancelling = affected.filter(
      (a) => removedShiftIds.includes(a.shiftId) || removedSlotIds.includes(a.slotId),
    );
    if (cancelling.length && !input.cancel_bookings) {
      throw new ConfirmError(
        `${names(cancelling)} ${cancelling.length === 1 ? "is" : "are"} booked on what you are removing. Cancel ${cancelling.length === 1 ? "this booking" : "these bookings"} to save?`,
        "bookings_affected",
      );
    }
    if (cancelling.length) {
      await ctx.db
        .update(schema.applications)
        .set({ status: "Denied", updatedAt: ctx.now })
        .where(
          inArray(
            schema.applications.id,
            cancelling.map((a) => a.id),
          ),
        );
    }

    await ctx.db
      .update(schema.jobs)
      .set({
        name: input.name,
        companyId: company!.id,
        countryId: input.country_id,
        venueId: venue?.id ?? null,
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

    // Pending applications (Applied, Reserve, Requested…) on removed shifts and slots end too.
    const pendingOn = or(
      removedShiftIds.length ? inArray(schema.applications.shiftId, removedShiftIds) : undefined,
      removedSlotIds.length ? inArray(schema.applications.shiftSlotId, removedSlotIds) : undefined,
    );
    if (removedShiftIds.length || removedSlotIds.length) {
      await ctx.db
        .update(schema.applications)
        .set({ status: "Denied", updatedAt: ctx.now })
        .where(
          and(
            pendingOn,
            inArray(schema.applications.status, [
              "Applied",
              "Reserve",
              "Requested",
              "Request accepted",
              "Booked",
            ]),
          ),
        );
    }

    // Removed shifts and slots: kept with their history when anyone ever applied, else gone.
    const history = await shiftsAndSlotsWithApplications(ctx.db, removedShiftIds, removedSlotIds);
    for (const id of removedShiftIds) {
      if (history.shifts.has(id))
        await ctx.db
          .update(schema.shifts)
          .set({ deletedAt: ctx.now })
          .where(eq(schema.shifts.id, id));
      else await ctx.db.delete(schema.shifts).where(eq(schema.shifts.id, id));
    }
    for (const id of removedSlotIds) {
      if (history.slots.has(id))
        await ctx.db
          .update(schema.shiftSlots)
          .set({ deletedAt: ctx.now })
          .where(eq(schema.shiftSlots.id, id));
      else await ctx.db.delete(schema.shiftSlots).where(eq(schema.shiftSlots.id, id));
    }

    let added = 0;
    let changed = 0;
    for (const s of planned) {
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
        shiftId = (
          await ctx.db
            .insert(schema.shifts)
            .values({ ...values, jobId: job.id })
            .returning({ id: schema.shifts.id })
        )[0].id;
        added++;
      }
      for (const slot of s.shift_slots) {
        if (slot.isDeleted) continue;
        if (slot.id) {
          if (slotById.get(slot.id)?.positions !== slot.positions) {
            await ctx.db
              .update(schema.shiftSlots)
              .set({ positions: slot.positions })
              .where(eq(schema.shiftSlots.id, slot.id));
          }
        } else {
          // A slot for a skill the shift already has replaces its quantity (spec §4).
          const [same] = await ctx.db
            .select({ id: schema.shiftSlots.id })
            .from(schema.shiftSlots)
            .where(
              and(
                eq(schema.shiftSlots.shiftId, shiftId),
                eq(schema.shiftSlots.skillId, slot.skill_id),
                isNull(schema.shiftSlots.deletedAt),
              ),
            );
          if (same) {
            const [{ n }] = await ctx.db
              .select({ n: sql<number>`count(*)::int` })
              .from(schema.applications)
              .where(
                and(
                  eq(schema.applications.shiftSlotId, same.id),
                  inArray(schema.applications.status, [...FILLED_STATUSES]),
                ),
              );
            if (slot.positions < Number(n)) {
              throw new ConflictError(
                `${n} people are booked on this skill; its positions cannot go below ${n}.`,
                "positions_below_booked",
              );
            }
            await ctx.db
              .update(schema.shiftSlots)
              .set({ positions: slot.positions })
              .where(eq(schema.shiftSlots.id, same.id));
          } else
            await ctx.db
              .insert(schema.shiftSlots)
              .values({ shiftId, skillId: slot.skill_id, positions: slot.positions });
        }
      }
    }

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
        shiftsRemoved: removedShiftIds.length,
        slotsRemoved: removedSlotIds.length,
        bookingsCancelled: cancelling.length,
      },
    });
    return { id: job.id, message: "Job successfully updated!" };
  });
}

interface Affected {
  id: number;
  shiftId: number;
  slotId: number;
  status: string;
  name: string;
  skill: string;
}

/** Filled applications on the given shifts or slots, with the worker's name. */
async function affectedApplications(
  tx: Tx,
  shiftIds: number[],
  slotIds: number[],
): Promise<Affected[]> {
  if (!shiftIds.length && !slotIds.length) return [];
  return tx
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
    .for("update");
}

async function shiftsAndSlotsWithApplications(tx: Tx, shiftIds: number[], slotIds: number[]) {
  const shifts = new Set<number>();
  const slots = new Set<number>();
  if (shiftIds.length) {
    const rows = await tx
      .selectDistinct({ id: schema.applications.shiftId })
      .from(schema.applications)
      .where(inArray(schema.applications.shiftId, shiftIds));
    rows.forEach((r) => shifts.add(r.id));
  }
  if (slotIds.length) {
    const rows = await tx
      .selectDistinct({ id: schema.applications.shiftSlotId })
      .from(schema.applications)
      .where(inArray(schema.applications.shiftSlotId, slotIds));
    rows.forEach((r) => slots.add(r.id));
  }
  return { shifts, slots };
}

function names(list: Affected[]): string {
  const unique = [...new Set(list.map((a) => a.name))];
  if (unique.length <= 3) return unique.join(", ").replace(/, ([^,]*)$/, " and $1");
  return `${unique.slice(0, 3).join(", ")} and ${unique.length - 3} more`;
}

const skillLabel = (list: Affected[], slotId: number) =>
  list.find((a) => a.slotId === slotId)?.skill ?? "this slot";
