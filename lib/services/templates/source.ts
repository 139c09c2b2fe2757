import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import {
  TEMPLATE_SHIFT_STATUS,
  buildFromTemplate,
  templateFromShifts,
  type TemplateShift,
} from "@/lib/domain/job-template";
import { ShiftEditError, shiftFromStored } from "@/lib/domain/shift-editing";
import { requirePermission, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { parseInput } from "../validate";
import { loadJobInScope } from "../jobs/scope";
import { buildTemplateDataInput, type TemplateJob } from "./schemas";

/** json_data of a template (spec §3). */
export interface TemplateData {
  job: TemplateJob;
  shifts: TemplateShift[];
}

type JobRow = typeof schema.jobs.$inferSelect;

/** A ShiftEditError of the pure helpers as a 422 on the field it names. */
export function asValidation(err: unknown, prefix: string): never {
  if (err instanceof ShiftEditError)
    throw new ValidationError(err.message, { [`${prefix}${err.field}`]: [err.message] });
  throw err;
}

/**
 * The job's fields and its live shifts (deleted shifts and slots left out) as template data,
 * the shifts numbered 1..n in date order with the wall-clock hours of the job's zone.
 */
export async function templateDataOfJob(ctx: Ctx, job: JobRow): Promise<TemplateData> {
  const [[country], branches, shifts] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ timeZone: schema.countries.timeZone })
        .from(schema.countries)
        .where(eq(schema.countries.id, job.countryId)),
    () =>
      ctx.db
        .select({ id: schema.jobBranches.branchId })
        .from(schema.jobBranches)
        .where(eq(schema.jobBranches.jobId, job.id)),
    () =>
      ctx.db
        .select({
          id: schema.shifts.id,
          startsAt: schema.shifts.startsAt,
          endsAt: schema.shifts.endsAt,
        })
        .from(schema.shifts)
        .where(and(eq(schema.shifts.jobId, job.id), isNull(schema.shifts.deletedAt)))
        .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id)),
  );
  const slots = shifts.length
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
            inArray(
              schema.shiftSlots.shiftId,
              shifts.map((s) => s.id),
            ),
            isNull(schema.shiftSlots.deletedAt),
          ),
        )
        .orderBy(asc(schema.shiftSlots.id))
    : [];
  const tz = country?.timeZone ?? "UTC";
  const edits = shifts.map((s) =>
    shiftFromStored(
      {
        id: s.id,
        start: s.startsAt,
        end: s.endsAt,
        slots: slots
          .filter((x) => x.shiftId === s.id)
          .map((x) => ({ id: x.id, skillId: x.skillId, skillName: "", positions: x.positions })),
      },
      tz,
    ),
  );
  return {
    job: {
      name: job.name,
      company_id: job.companyId,
      country_id: job.countryId,
      venue_id: job.venueId ?? undefined,
      city: job.city,
      address: job.address,
      zip: job.zip,
      province: job.province,
      entrance: job.entrance,
      invoice_reference: job.invoiceReference,
      contact_on_location_id: job.contactOnLocationId ?? undefined,
      project_manager_id: job.projectManagerId ?? undefined,
      dresscode_id: job.dressCodeId ?? undefined,
      details: job.details,
      book_from_branches: branches.map((b) => b.id),
    },
    // A shift without a live slot cannot be built into a job again, so it is left out.
    shifts: templateFromShifts(edits.filter((e) => Object.keys(e.slots).length > 0)),
  };
}

/**
 * Template shifts moved so the earliest starts on `date` (DD/MM/YYYY), the others keeping
 * their distance in days and their hours: buildFromTemplate, read back as template shifts.
 */
export function moveTemplateShifts(
  shifts: readonly TemplateShift[],
  date: string,
  status: string = TEMPLATE_SHIFT_STATUS,
): TemplateShift[] {
  let built;
  try {
    built = buildFromTemplate(shifts, date);
  } catch (err) {
    asValidation(err, "");
  }
  return built.map((s, i) => ({
    id: i + 1,
    startDate: s.startDate,
    startHour: s.start,
    endHour: s.endHour,
    skills: s.slots,
    status,
  }));
}

/**
 * GET jobs/build-template-data/{jobId}?date=DD/MM/YYYY: the job's fields and live shifts as
 * template data, the first shift moved to `date` (the others keep their distance in days).
 */
export async function buildTemplateData(
  ctx: Ctx,
  jobId: unknown,
  raw: unknown,
): Promise<TemplateData> {
  requirePermission(ctx, "job_template_access");
  const input = parseInput(buildTemplateDataInput, raw ?? {});
  const job = await loadJobInScope(ctx, jobId);
  const data = await templateDataOfJob(ctx, job);
  if (!input.date || !data.shifts.length) return data;
  return { ...data, shifts: moveTemplateShifts(data.shifts, input.date) };
}
