import { and, asc, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import type { ApplicationStatus, JobStatus } from "@/lib/domain/statuses";
import type { Ctx } from "../context";
import { BOOKERS, loadCrewJob, loadCrewShift } from "./access";
import {
  foldFigures,
  shiftFigures,
  totalsOf,
  type CountRow,
  type ShiftFigures,
  type SlotFigures,
  type SlotRow,
  type Totals,
} from "./figures";

export interface JobCrewStatus extends Totals {
  job: { id: number; name: string; status: JobStatus; time_zone: string };
  shifts: ShiftFigures[];
}

/**
 * GET job-crew-status/{id}: per live shift its positions, filled, free and checked-in
 * figures, per slot the same, and how many applications of each status; then the job's
 * totals. Two queries whatever the size of the job.
 */
export async function jobCrewStatus(ctx: Ctx, jobId: unknown): Promise<JobCrewStatus> {
  const job = await loadCrewJob(ctx, jobId);
  const shifts = await shiftFigures(ctx.db, eq(schema.shifts.jobId, job.id), job.timeZone);
  return {
    job: { id: job.id, name: job.name, status: job.status, time_zone: job.timeZone },
    ...totalsOf(shifts),
    shifts,
  };
}

export interface CrewMember {
  application_id: number;
  worker: { id: number; name: string; phone: string | null };
  status: ApplicationStatus;
  check_in_at: string | null;
  check_out_at: string | null;
  booked_at: string | null;
  reported_hours: { id: number; start: string; end: string } | null;
}

export interface ShiftCrewStatus extends Omit<ShiftFigures, "slots"> {
  job: { id: number; name: string; status: JobStatus; time_zone: string };
  slots: (SlotFigures & { crew: CrewMember[] })[];
}

/** Crew first (the order of the book tab), then requests, applicants and the turned down. */
const STATUS_ORDER: ApplicationStatus[] = [
  "Booked",
  "Request accepted",
  "Report!",
  "Reported",
  "Approved",
  "Requested",
  "Applied",
  "Reserve",
  "Request denied",
  "Denied",
];

/**
 * GET shift-crew-status/{id}: one live shift, each live slot with the people on it (every
 * application, crew first) and the same figures as job-crew-status. Two queries.
 */
export async function shiftCrewStatus(ctx: Ctx, shiftId: unknown): Promise<ShiftCrewStatus> {
  const shift = await loadCrewShift(ctx, shiftId);
  const tz = shift.timeZone;
  const rows = await ctx.db
    .select({
      slotId: schema.shiftSlots.id,
      positions: schema.shiftSlots.positions,
      skillId: schema.skills.id,
      skillName: schema.skills.name,
      applicationId: schema.applications.id,
      status: schema.applications.status,
      checkInAt: schema.applications.checkInAt,
      checkOutAt: schema.applications.checkOutAt,
      bookedAt: schema.applications.bookedAt,
      workerId: schema.users.id,
      workerName: schema.users.name,
      workerPhone: schema.users.phone,
      hoursId: schema.reportedHours.id,
      hoursStart: schema.reportedHours.startsAt,
      hoursEnd: schema.reportedHours.endsAt,
    })
    .from(schema.shiftSlots)
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .leftJoin(schema.applications, eq(schema.applications.shiftSlotId, schema.shiftSlots.id))
    .leftJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .leftJoin(schema.reportedHours, eq(schema.reportedHours.applicationId, schema.applications.id))
    .where(and(eq(schema.shiftSlots.shiftId, shift.id), isNull(schema.shiftSlots.deletedAt)))
    .orderBy(asc(schema.skills.order), asc(schema.shiftSlots.id), asc(schema.users.name));

  const slots = new Map<number, SlotRow>();
  const crew = new Map<number, CrewMember[]>();
  const counts: CountRow[] = [];
  for (const r of rows) {
    if (!slots.has(r.slotId)) {
      slots.set(r.slotId, {
        id: r.slotId,
        shiftId: shift.id,
        skillId: r.skillId,
        skillName: r.skillName,
        positions: r.positions,
      });
      crew.set(r.slotId, []);
    }
    if (r.applicationId === null || r.status === null || r.workerId === null) continue;
    counts.push({ slotId: r.slotId, status: r.status, n: 1, checkedIn: r.checkInAt ? 1 : 0 });
    crew.get(r.slotId)!.push({
      application_id: r.applicationId,
      worker: { id: r.workerId, name: r.workerName ?? "", phone: r.workerPhone },
      status: r.status,
      check_in_at: r.checkInAt ? isoInZone(r.checkInAt, tz) : null,
      check_out_at: r.checkOutAt ? isoInZone(r.checkOutAt, tz) : null,
      booked_at: r.bookedAt ? isoInZone(r.bookedAt, tz) : null,
      reported_hours:
        r.hoursId !== null && r.hoursStart && r.hoursEnd
          ? { id: r.hoursId, start: isoInZone(r.hoursStart, tz), end: isoInZone(r.hoursEnd, tz) }
          : null,
    });
  }
  const [figures] = foldFigures(
    [{ id: shift.id, startsAt: shift.startsAt, endsAt: shift.endsAt }],
    [...slots.values()],
    counts,
    tz,
  );
  const rank = (s: ApplicationStatus) => STATUS_ORDER.indexOf(s);
  return {
    job: { id: shift.jobId, name: shift.jobName, status: shift.jobStatus, time_zone: tz },
    ...figures,
    slots: figures.slots.map((s) => ({
      ...s,
      // Stable sort: within a status the query's name order stays.
      crew: [...(crew.get(s.id) ?? [])].sort((a, b) => rank(a.status) - rank(b.status)),
    })),
  };
}

export interface AfterBook {
  id: number;
  status: JobStatus;
  positions: number;
  filled: number;
  shifts: {
    id: number;
    positions: number;
    filled: number;
    slots: { id: number; positions: number; filled: number }[];
  }[];
}

/**
 * GET jobs/{id}/updateAfterBook: what the book tab redraws after a booking (job status and
 * the fill figures of the job, its shifts and slots), nothing else. Two queries.
 */
export async function updateAfterBook(ctx: Ctx, jobId: unknown): Promise<AfterBook> {
  const job = await loadCrewJob(ctx, jobId, BOOKERS);
  const shifts = await shiftFigures(ctx.db, eq(schema.shifts.jobId, job.id), job.timeZone);
  const totals = totalsOf(shifts);
  return {
    id: job.id,
    status: job.status,
    positions: totals.positions,
    filled: totals.filled,
    shifts: shifts.map((s) => ({
      id: s.id,
      positions: s.positions,
      filled: s.filled,
      slots: s.slots.map((x) => ({ id: x.id, positions: x.positions, filled: x.filled })),
    })),
  };
}
