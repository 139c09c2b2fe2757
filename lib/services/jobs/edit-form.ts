import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { formatDateTime } from "@/lib/domain/format";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, type Ctx } from "../context";
import { loadJobInScope } from "./scope";
import { slotParentSkill, slotSkillOrder } from "../shifts/slot-order";

/** GET jobs/edit?id=: the job's fields and its live shifts in the form the editor starts from. */
export async function getJobForEdit(ctx: Ctx, jobId: unknown) {
  requirePermission(ctx, "job_edit");
  const job = await loadJobInScope(ctx, jobId);
  const [country] = await ctx.db
    .select({ timeZone: schema.countries.timeZone })
    .from(schema.countries)
    .where(eq(schema.countries.id, job.countryId));
  const [branches, shifts] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          id: schema.jobBranches.branchId,
          name: schema.branches.name,
          countryId: schema.branches.countryId,
          archived: sql<boolean>`${schema.branches.deletedAt} is not null`,
        })
        .from(schema.jobBranches)
        .innerJoin(schema.branches, eq(schema.branches.id, schema.jobBranches.branchId))
        .where(eq(schema.jobBranches.jobId, job.id))
        .orderBy(asc(schema.branches.name)),
    () =>
      ctx.db
        .select()
        .from(schema.shifts)
        .where(and(eq(schema.shifts.jobId, job.id), isNull(schema.shifts.deletedAt)))
        .orderBy(asc(schema.shifts.startsAt)),
  );
  const slots = shifts.length
    ? await ctx.db
        .select({
          id: schema.shiftSlots.id,
          shiftId: schema.shiftSlots.shiftId,
          skillId: schema.shiftSlots.skillId,
          skillName: schema.skills.name,
          positions: schema.shiftSlots.positions,
          filled: sql<number>`(select count(*)::int from ${schema.applications} where ${schema.applications.shiftSlotId} = ${schema.shiftSlots.id} and ${inArray(schema.applications.status, [...FILLED_STATUSES])})`,
        })
        .from(schema.shiftSlots)
        .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
        .leftJoin(slotParentSkill, eq(slotParentSkill.id, schema.skills.parentId))
        .where(
          and(
            inArray(
              schema.shiftSlots.shiftId,
              shifts.map((s) => s.id),
            ),
            isNull(schema.shiftSlots.deletedAt),
          ),
        )
        .orderBy(...slotSkillOrder)
    : [];
  const tz = country.timeZone;
  return {
    id: job.id,
    name: job.name,
    status: job.status,
    company_id: job.companyId,
    country_id: job.countryId,
    venue_id: job.venueId,
    city: job.city,
    address: job.address,
    zip: job.zip,
    province: job.province,
    entrance: job.entrance,
    invoice_reference: job.invoiceReference,
    contact_on_location_id: job.contactOnLocationId,
    project_manager_id: job.projectManagerId,
    booker_id: job.bookerId,
    dresscode_id: job.dressCodeId,
    details: job.details,
    reason: job.reason,
    book_from_branches: branches.map((b) => b.id),
    /**
     * Branches the job books from that were archived since: no picker offers them, so the
     * form shows them apart (unticking one lets it go for good).
     */
    archived_branches: branches
      .filter((b) => b.archived)
      .map((b) => ({ id: b.id, name: b.name, country_id: b.countryId })),
    time_zone: tz,
    shifts: shifts.map((s) => ({
      id: s.id,
      start: isoInZone(s.startsAt, tz),
      end: isoInZone(s.endsAt, tz),
      label: `${formatDateTime(s.startsAt, tz)} – ${formatDateTime(s.endsAt, tz).slice(11)}`,
      duration: (s.endsAt.getTime() - s.startsAt.getTime()) / 3_600_000,
      project_manager_id: s.projectManagerId,
      contact_on_location_id: s.contactOnLocationId,
      dresscode_id: s.dressCodeId,
      dresscode_notes: s.dressCodeNotes,
      notes_for_workers: s.notesForWorkers,
      description: s.description,
      shift_slots: slots
        .filter((x) => x.shiftId === s.id)
        .map((x) => ({
          id: x.id,
          skill_id: x.skillId,
          skill: { id: x.skillId, name: x.skillName },
          positions: x.positions,
          filled: Number(x.filled),
        })),
    })),
  };
}
