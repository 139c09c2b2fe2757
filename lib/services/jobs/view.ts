import { sideBySide } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import type { JobStatus } from "@/lib/domain/statuses";
import { can, requireUser, type Ctx, type UserActor } from "../context";
import { loadJobForViewer } from "./scope";
import { mayDownloadJobReport, mayViewProjection } from "./projection-figures";
import {
  bookFromBranches,
  jobNames,
  liveShifts,
  shiftDetails,
  type ShiftDetails,
  type ShiftRow,
} from "./view-queries";

type Job = Awaited<ReturnType<typeof loadJobForViewer>>;

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
    /** "Download report" (GET jobs/{id}/report): see `mayDownloadJobReport`. */
    report: boolean;
  };
}

function toShiftView(
  { shift, pmName, colName, dressName }: ShiftRow,
  { slots, bosses, crew }: ShiftDetails,
  tz: string,
): ShiftView {
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
}

/** What the viewer may do on the job; a crew boss of one of its shifts may keep its notes. */
function jobActions(ctx: Ctx, actor: UserActor, isCrewBoss: boolean): JobView["can"] {
  return {
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
    report: mayDownloadJobReport(actor),
  };
}

/** The job's own fields with the names they point at, its times in its zone. */
function toJobFields(
  base: Job,
  j: Awaited<ReturnType<typeof jobNames>>,
  branches: JobView["book_from_branches"],
): Omit<JobView, "shifts" | "positions" | "filled" | "can"> {
  const tz = j.timeZone;
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
  };
}

/** GET jobs/fetchJobForView?id=: the job with its shifts, slots and fill figures (six queries). */
export async function fetchJobForView(ctx: Ctx, jobId: unknown): Promise<JobView> {
  const base = await loadJobForViewer(ctx, jobId);
  const actor = requireUser(ctx);
  const names = await jobNames(ctx.db, base.id);
  const [branches, shiftRows] = await sideBySide(
    ctx.db,
    () => bookFromBranches(ctx.db, base.id),
    () => liveShifts(ctx.db, base.id),
  );
  const details = await shiftDetails(
    ctx.db,
    shiftRows.map((r) => r.shift.id),
  );
  const shifts = shiftRows.map((row) => toShiftView(row, details, names.timeZone));
  return {
    ...toJobFields(base, names, branches),
    shifts,
    positions: shifts.reduce((n, s) => n + s.positions, 0),
    filled: shifts.reduce((n, s) => n + s.filled, 0),
    can: jobActions(
      ctx,
      actor,
      details.bosses.some((b) => b.id === actor.userId),
    ),
  };
}
