import { eq, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { canUndoCheckOut, checkOutUndoUntil } from "@/lib/domain/attendance";
import { isoInZone } from "@/lib/domain/time";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import { liveJobOfShift, liveShiftOfApplication } from "../applications/on-live-shifts";

/**
 * One of the worker's own applications as the dashboard lists it: the shift, where and when,
 * in the job's zone, and what the worker needs on site (notes, dress code, crew boss).
 */
export interface WorkerShift {
  /** The application's id: what check-in, unapply and the hours act on. */
  id: number;
  status: ApplicationStatus;
  check_in_at: string | null;
  /** The worker's check-out: the suggested end of its hours report. */
  check_out_at: string | null;
  /** Until when the worker may still undo its check-out; null once it cannot (or never did). */
  check_out_undo_until: string | null;
  shift_id: number;
  shift_slot_id: number;
  start: string;
  end: string;
  time_zone: string;
  job: { id: number; name: string; status: JobStatus };
  company: { id: number; name: string };
  venue: { id: number; name: string } | null;
  address: string | null;
  city: string | null;
  skill: { id: number; name: string };
  /** The worker leads the crew on this shift. */
  crew_boss: boolean;
  notes_for_workers: string | null;
  dresscode: string | null;
  dresscode_notes: string | null;
}

export interface ReportedHoursView {
  id: number;
  start: string;
  end: string;
  minutes: number;
  i_was_late: 0 | 1;
  comment: string | null;
}

export interface PastShift extends WorkerShift {
  reported_hours: ReportedHoursView | null;
}

const a = schema.applications;
const s = schema.shifts;
const j = schema.jobs;
const v = schema.venues;
const rh = schema.reportedHours;

export const workerShiftColumns = {
  id: a.id,
  status: a.status,
  checkInAt: a.checkInAt,
  checkOutAt: a.checkOutAt,
  shiftId: s.id,
  slotId: a.shiftSlotId,
  startsAt: s.startsAt,
  endsAt: s.endsAt,
  timeZone: schema.countries.timeZone,
  jobId: j.id,
  jobName: j.name,
  jobStatus: j.status,
  companyId: schema.companies.id,
  companyName: schema.companies.name,
  venueId: v.id,
  venueName: v.name,
  address: sql<string | null>`coalesce(${j.address}, ${v.address})`,
  city: sql<string | null>`coalesce(${j.city}, ${v.city})`,
  skillId: schema.skills.id,
  skillName: schema.skills.name,
  crewBoss: sql<boolean>`exists (select 1 from ${schema.shiftCrewBosses} where ${schema.shiftCrewBosses.shiftId} = ${a.shiftId} and ${schema.shiftCrewBosses.userId} = ${a.assigneeId})`,
  notesForWorkers: s.notesForWorkers,
  dressCode: schema.dressCodes.name,
  dressCodeNotes: s.dressCodeNotes,
  hoursId: rh.id,
  hoursStart: rh.startsAt,
  hoursEnd: rh.endsAt,
  hoursLate: rh.iWasLate,
  hoursComment: rh.comment,
};

/** The joins behind `workerShiftColumns`: one query per page, whatever its size. */
export function workerShiftQuery(db: DbOrTx) {
  return db
    .select(workerShiftColumns)
    .from(a)
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, a.shiftSlotId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .innerJoin(s, liveShiftOfApplication)
    .innerJoin(j, liveJobOfShift)
    .innerJoin(schema.companies, eq(schema.companies.id, j.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .leftJoin(v, eq(v.id, j.venueId))
    .leftJoin(
      schema.dressCodes,
      eq(schema.dressCodes.id, sql`coalesce(${s.dressCodeId}, ${j.dressCodeId})`),
    )
    .leftJoin(rh, eq(rh.applicationId, a.id));
}

export type WorkerShiftRow = Awaited<ReturnType<typeof workerShiftQuery>>[number];

export function toWorkerShift(r: WorkerShiftRow, now: Date): WorkerShift {
  const tz = r.timeZone;
  return {
    id: r.id,
    status: r.status,
    check_in_at: r.checkInAt ? isoInZone(r.checkInAt, tz) : null,
    check_out_at: r.checkOutAt ? isoInZone(r.checkOutAt, tz) : null,
    check_out_undo_until:
      r.checkOutAt && canUndoCheckOut(now, r.checkOutAt)
        ? isoInZone(checkOutUndoUntil(r.checkOutAt), tz)
        : null,
    shift_id: r.shiftId,
    shift_slot_id: r.slotId,
    start: isoInZone(r.startsAt, tz),
    end: isoInZone(r.endsAt, tz),
    time_zone: tz,
    job: { id: r.jobId, name: r.jobName, status: r.jobStatus },
    company: { id: r.companyId, name: r.companyName },
    venue: r.venueId ? { id: r.venueId, name: r.venueName ?? "" } : null,
    address: r.address,
    city: r.city,
    skill: { id: r.skillId, name: r.skillName },
    crew_boss: Boolean(r.crewBoss),
    notes_for_workers: r.notesForWorkers,
    dresscode: r.dressCode,
    dresscode_notes: r.dressCodeNotes,
  };
}

export function toPastShift(r: WorkerShiftRow, now: Date): PastShift {
  const hours: ReportedHoursView | null =
    r.hoursId && r.hoursStart && r.hoursEnd
      ? {
          id: r.hoursId,
          start: isoInZone(r.hoursStart, r.timeZone),
          end: isoInZone(r.hoursEnd, r.timeZone),
          minutes: Math.round((r.hoursEnd.getTime() - r.hoursStart.getTime()) / 60_000),
          i_was_late: r.hoursLate ? 1 : 0,
          comment: r.hoursComment,
        }
      : null;
  return { ...toWorkerShift(r, now), reported_hours: hours };
}
