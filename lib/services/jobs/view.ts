import { aliasedTable, and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import type { JobStatus } from "@/lib/domain/statuses";
import { can, requireUser, type Ctx } from "../context";
import { filledOfSlot } from "./list";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { loadJobForViewer } from "./scope";
import { mayViewProjection } from "./projection-figures";
import { slotParentSkill, slotSkillOrder } from "../shifts/slot-order";

type Person = { id: number; name: string } | null;
const person = (id: number | null, name: string | null): Person =>
  id ? { id, name: name ?? "" } : null;

export interface ShiftSlotView {
  id: number;
  skill_id: number;
  skill: { id: number; name: string };
  positions: number;
  filled: number;
}

export interface ShiftView {
  id: number;
  start: string;
  end: string;
  project_manager: Person;
  contact_on_location: Person;
  dresscode: { id: number; name: string } | null;
  dresscode_notes: string | null;
  notes_for_workers: string | null;
  description: string | null;
  crew_bosses: { id: number; name: string }[];
  /** People holding a position on the shift (filled statuses). */
  crew: { application_id: number; id: number; name: string; status: string; skill: string }[];
  shift_slots: ShiftSlotView[];
  positions: number;
  filled: number;
}

export interface JobView {
  id: number;
  name: string;
  status: JobStatus;
  reason: string | null;
  details: string | null;
  invoice_reference: string | null;
  entrance: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  province: string | null;
  company: { id: number; name: string };
  country: { id: number; name: string; time_zone: string; currency: string };
  venue: {
    id: number;
    name: string;
    address: string | null;
    city: string | null;
    zip: string | null;
  } | null;
  project_manager: Person;
  contact_on_location: Person;
  booker: Person;
  dresscode: { id: number; name: string } | null;
  book_from_branches: { id: number; name: string }[];
  start: string | null;
  end: string | null;
  created_at: string;
  shifts: ShiftView[];
  positions: number;
  filled: number;
  /** What the viewer may do here, so screens show only working buttons. */
  can: {
    view: boolean;
    templates: boolean;
    edit: boolean;
    delete: boolean;
    change_status: boolean;
    notes: boolean;
    book: boolean;
    crew_bosses: boolean;
    /** The additional-costs tab: office users only (a client contact never sees costs). */
    additional_costs: boolean;
    /** The client-rates and worker-rates tabs: office users with rate_access only. */
    rates: boolean;
    /** The job-projection tab: office users only (never a client contact or a worker). */
    job_projection: boolean;
  };
}

const pm = aliasedTable(schema.users, "pm");
const col = aliasedTable(schema.users, "col");
const booker = aliasedTable(schema.users, "booker");
const spm = aliasedTable(schema.users, "spm");
const scol = aliasedTable(schema.users, "scol");
const sdress = aliasedTable(schema.dressCodes, "sdress");

/** GET jobs/fetchJobForView?id=: the job with its shifts, slots and fill figures (six queries). */
export async function fetchJobForView(ctx: Ctx, jobId: unknown): Promise<JobView> {
  const base = await loadJobForViewer(ctx, jobId);
  const actor = requireUser(ctx);
  const [j] = await ctx.db
    .select({
      companyName: schema.companies.name,
      countryName: schema.countries.name,
      timeZone: schema.countries.timeZone,
      currency: schema.countries.currencyCode,
      venue: schema.venues,
      pmName: pm.name,
      colName: col.name,
      bookerName: booker.name,
      dressName: schema.dressCodes.name,
    })
    .from(schema.jobs)
    .innerJoin(schema.companies, eq(schema.companies.id, schema.jobs.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .leftJoin(schema.venues, eq(schema.venues.id, schema.jobs.venueId))
    .leftJoin(pm, eq(pm.id, schema.jobs.projectManagerId))
    .leftJoin(col, eq(col.id, schema.jobs.contactOnLocationId))
    .leftJoin(booker, eq(booker.id, schema.jobs.bookerId))
    .leftJoin(schema.dressCodes, eq(schema.dressCodes.id, schema.jobs.dressCodeId))
    .where(eq(schema.jobs.id, base.id));
  const tz = j.timeZone;

  const [branches, shiftRows] = await Promise.all([
    ctx.db
      .select({ id: schema.branches.id, name: schema.branches.name })
      .from(schema.jobBranches)
      .innerJoin(schema.branches, eq(schema.branches.id, schema.jobBranches.branchId))
      .where(eq(schema.jobBranches.jobId, base.id))
      .orderBy(asc(schema.branches.name)),
    ctx.db
      .select({
        shift: schema.shifts,
        pmName: spm.name,
        colName: scol.name,
        dressName: sdress.name,
      })
      .from(schema.shifts)
      .leftJoin(spm, eq(spm.id, schema.shifts.projectManagerId))
      .leftJoin(scol, eq(scol.id, schema.shifts.contactOnLocationId))
      .leftJoin(sdress, eq(sdress.id, schema.shifts.dressCodeId))
      .where(and(eq(schema.shifts.jobId, base.id), isNull(schema.shifts.deletedAt)))
      .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id)),
  ]);
  const shiftIds = shiftRows.map((r) => r.shift.id);

  const [slots, bosses, crew] = shiftIds.length
    ? await Promise.all([
        ctx.db
          .select({
            id: schema.shiftSlots.id,
            shiftId: schema.shiftSlots.shiftId,
            skillId: schema.skills.id,
            skillName: schema.skills.name,
            positions: schema.shiftSlots.positions,
            filled: sql<number>`least(${filledOfSlot}, ${schema.shiftSlots.positions})`,
          })
          .from(schema.shiftSlots)
          .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
          .leftJoin(slotParentSkill, eq(slotParentSkill.id, schema.skills.parentId))
          .where(
            and(inArray(schema.shiftSlots.shiftId, shiftIds), isNull(schema.shiftSlots.deletedAt)),
          )
          .orderBy(...slotSkillOrder),
        ctx.db
          .select({
            shiftId: schema.shiftCrewBosses.shiftId,
            id: schema.users.id,
            name: schema.users.name,
          })
          .from(schema.shiftCrewBosses)
          .innerJoin(schema.users, eq(schema.users.id, schema.shiftCrewBosses.userId))
          .where(inArray(schema.shiftCrewBosses.shiftId, shiftIds))
          .orderBy(asc(schema.users.name)),
        ctx.db
          .select({
            applicationId: schema.applications.id,
            shiftId: schema.applications.shiftId,
            id: schema.users.id,
            name: schema.users.name,
            status: schema.applications.status,
            skill: schema.skills.name,
          })
          .from(schema.applications)
          .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
          .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
          .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
          .where(
            and(
              inArray(schema.applications.shiftId, shiftIds),
              inArray(schema.applications.status, [...FILLED_STATUSES]),
            ),
          )
          .orderBy(asc(schema.users.name)),
      ])
    : [[], [], []];

  const shifts: ShiftView[] = shiftRows.map(({ shift, pmName, colName, dressName }) => {
    const shiftSlots = slots
      .filter((s) => s.shiftId === shift.id)
      .map((s) => ({
        id: s.id,
        skill_id: s.skillId,
        skill: { id: s.skillId, name: s.skillName },
        positions: s.positions,
        filled: Number(s.filled),
      }));
    return {
      id: shift.id,
      start: isoInZone(shift.startsAt, tz),
      end: isoInZone(shift.endsAt, tz),
      project_manager: person(shift.projectManagerId, pmName),
      contact_on_location: person(shift.contactOnLocationId, colName),
      dresscode: shift.dressCodeId ? { id: shift.dressCodeId, name: dressName ?? "" } : null,
      dresscode_notes: shift.dressCodeNotes,
      notes_for_workers: shift.notesForWorkers,
      description: shift.description,
      crew_bosses: bosses
        .filter((b) => b.shiftId === shift.id)
        .map((b) => ({ id: b.id, name: b.name })),
      crew: crew
        .filter((c) => c.shiftId === shift.id)
        .map((c) => ({
          application_id: c.applicationId,
          id: c.id,
          name: c.name,
          status: c.status,
          skill: c.skill,
        })),
      shift_slots: shiftSlots,
      positions: shiftSlots.reduce((n, s) => n + s.positions, 0),
      filled: shiftSlots.reduce((n, s) => n + s.filled, 0),
    };
  });

  const isCrewBoss = bosses.some((b) => b.id === actor.userId);
  return {
    id: base.id,
    name: base.name,
    status: base.status,
    reason: base.reason,
    details: base.details,
    invoice_reference: base.invoiceReference,
    entrance: base.entrance,
    address: base.address,
    city: base.city,
    zip: base.zip,
    province: base.province,
    company: { id: base.companyId, name: j.companyName },
    country: { id: base.countryId, name: j.countryName, time_zone: tz, currency: j.currency },
    venue: j.venue
      ? {
          id: j.venue.id,
          name: j.venue.name,
          address: j.venue.address,
          city: j.venue.city,
          zip: j.venue.zip,
        }
      : null,
    project_manager: person(base.projectManagerId, j.pmName),
    contact_on_location: person(base.contactOnLocationId, j.colName),
    booker: person(base.bookerId, j.bookerName),
    dresscode: base.dressCodeId ? { id: base.dressCodeId, name: j.dressName ?? "" } : null,
    book_from_branches: branches,
    start: base.startsAt ? isoInZone(base.startsAt, tz) : null,
    end: base.endsAt ? isoInZone(base.endsAt, tz) : null,
    created_at: isoInZone(base.createdAt, tz),
    shifts,
    positions: shifts.reduce((n, s) => n + s.positions, 0),
    filled: shifts.reduce((n, s) => n + s.filled, 0),
    can: {
      view: can(ctx, "job_view"),
      templates: can(ctx, "job_template_access"),
      edit: can(ctx, "job_edit"),
      delete: can(ctx, "job_edit"),
      change_status: can(ctx, "job_edit"),
      notes: can(ctx, "job_notes_access") || isCrewBoss,
      book: can(ctx, "jobs_book_workers") || can(ctx, "can_request_worker"),
      crew_bosses: can(ctx, "job_edit") || can(ctx, "jobs_book_workers"),
      additional_costs: can(ctx, "can_view_additional_costs") && !actor.isClient,
      rates: can(ctx, "rate_access") && !actor.isClient,
      job_projection: mayViewProjection(actor),
    },
  };
}
