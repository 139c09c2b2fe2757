/** Shared setup and helpers of the edit integration tests (split along their describe blocks). */
import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { formatDateTime } from "@/lib/domain/format";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { applyOn, createJobWorld, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { createJob } from "./create";
import { getJobForEdit } from "./edit-form";

export const now = new Date("2026-11-22T09:00:00Z");
export let handle: DbHandle;
export let w: JobWorld;
export let bea: number; // booked workers, named so the 410 message can be checked
export let bo: number;

export const ctxOf = (userId: number) => ctxFor(handle.db, userId, { now });
export const TZ = "Europe/Copenhagen";

export const shiftIn = (over: Record<string, unknown> = {}) => ({
  startDate: "01/12/2026",
  start: "08:00",
  endHour: "16:00",
  slots: [{ skill_id: w.skill, qty: 2 }],
  ...over,
});

export async function makeJob(
  shifts: Record<string, unknown>[] = [shiftIn()],
  over: Record<string, unknown> = {},
) {
  return createJob(await ctxOf(w.pm), {
    name: "Edit me",
    company_id: w.companyA,
    country_id: w.countryId,
    project_manager_id: w.pm,
    city: "Aarhus",
    shifts,
    ...over,
  });
}

/**
 * A two-shift job (1 and 4 December, the second with `secondPlaces` places of the first skill)
 * and its crew: each [shift index, worker, status] an application on that shift's first slot.
 * Returns the job, its edit form and the applications' ids in the crew's order.
 */
export async function jobWithCrew(
  crew: [shift: 0 | 1, userId: number, status: ApplicationStatus][] = [],
  { secondPlaces }: { secondPlaces?: number } = {},
) {
  const second = shiftIn({
    startDate: "04/12/2026",
    ...(secondPlaces ? { slots: [{ skill_id: w.skill, qty: secondPlaces }] } : {}),
  });
  const job = await makeJob([shiftIn(), second]);
  const form = await formOf(job.id);
  const applications: number[] = [];
  for (const [shift, userId, status] of crew)
    applications.push(
      await applyOn(handle.db, form.shifts[shift].shift_slots[0].id, userId, status),
    );
  return { job, form, applications };
}

export type EditForm = Awaited<ReturnType<typeof getJobForEdit>>;
export type FormShift = EditForm["shifts"][number];

/** A shift of the edit payload as the editor sends it back (times as DD/MM/YYYY HH:mm). */
export function formShift(s: FormShift, over: Record<string, unknown> = {}) {
  return {
    id: s.id,
    start: formatDateTime(new Date(s.start), TZ),
    end: formatDateTime(new Date(s.end), TZ),
    project_manager_id: s.project_manager_id,
    contact_on_location_id: s.contact_on_location_id,
    dresscode_id: s.dresscode_id,
    dresscode_notes: s.dresscode_notes,
    notes_for_workers: s.notes_for_workers,
    description: s.description,
    shift_slots: s.shift_slots.map((x) => ({
      id: x.id,
      skill_id: x.skill_id,
      positions: x.positions,
    })),
    ...over,
  };
}

/** The whole edit payload from the edit form, with overrides. */
export function payloadOf(form: EditForm, over: Record<string, unknown> = {}) {
  return {
    name: form.name,
    company_id: form.company_id,
    country_id: form.country_id,
    venue_id: form.venue_id,
    city: form.city,
    address: form.address,
    zip: form.zip,
    province: form.province,
    entrance: form.entrance,
    invoice_reference: form.invoice_reference,
    contact_on_location_id: form.contact_on_location_id,
    project_manager_id: form.project_manager_id,
    dresscode_id: form.dresscode_id,
    details: form.details,
    book_from_branches: form.book_from_branches,
    shifts: form.shifts.map((s) => formShift(s)),
    ...over,
  };
}

export async function formOf(jobId: number) {
  return getJobForEdit(await ctxOf(w.pm), jobId);
}

export async function shiftRow(id: number) {
  const [row] = await handle.db.select().from(schema.shifts).where(eq(schema.shifts.id, id));
  return row;
}

export async function slotRow(id: number) {
  const [row] = await handle.db
    .select()
    .from(schema.shiftSlots)
    .where(eq(schema.shiftSlots.id, id));
  return row;
}

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpEditDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    w = await createJobWorld(handle.db);
    bea = (await createUser(handle.db, { roles: [ROLE.worker], name: "Bea Booked" })).id;
    bo = (await createUser(handle.db, { roles: [ROLE.worker], name: "Bo Booked" })).id;
  });
  afterAll(async () => handle.close());
}
