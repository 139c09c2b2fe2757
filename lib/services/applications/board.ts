import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { schema } from "@/db";
import { FILLED_STATUSES, type ApplicationStatus, type JobStatus } from "@/lib/domain/statuses";
import { checkInOpensAt } from "@/lib/domain/attendance";
import { isoInZone } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { jobScope } from "../jobs/scope";
import { slotParentSkill, slotSkillOrder } from "../shifts/slot-order";
import { toId } from "./access";

export interface BoardApplication {
  id: number;
  status: ApplicationStatus;
  worker: { id: number; name: string };
  check_in_at: string | null;
  check_out_at: string | null;
}

export interface BoardSlot {
  id: number;
  skill: { id: number; name: string };
  positions: number;
  filled: number;
  applications: BoardApplication[];
}

export interface BookBoard {
  job: { id: number; name: string; status: JobStatus; time_zone: string };
  /**
   * What the viewer may do: book (Booked/Reserve/Requested, move, remove) or only request; and
   * whether it may open the client's rate card (a warning about a missing price links to it).
   */
  can: { book: boolean; request: boolean; rates: boolean };
  shifts: {
    id: number;
    start: string;
    end: string;
    ended: boolean;
    /** Check-in has opened (six hours before the start): the office may correct check-ins. */
    check_in_open: boolean;
    slots: BoardSlot[];
  }[];
}

/**
 * The book tab (spec §2 book): every live shift and slot of the job with its figures and
 * everyone on it — crew, requests, applicants and the reserve list (not the turned down).
 * Three queries whatever the size of the job.
 */
export async function bookBoard(ctx: Ctx, jobId: unknown): Promise<BookBoard> {
  requirePermission(ctx, "jobs_book_workers", "can_request_worker");
  const actor = requireUser(ctx);
  const [job] = await ctx.db
    .select({
      id: schema.jobs.id,
      name: schema.jobs.name,
      status: schema.jobs.status,
      timeZone: schema.countries.timeZone,
    })
    .from(schema.jobs)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(and(eq(schema.jobs.id, toId(jobId, "Job")), jobScope(actor)))
    .limit(1);
  if (!job) throw new NotFoundError("Job not found.");
  const tz = job.timeZone;

  const slots = await ctx.db
    .select({
      shiftId: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      slotId: schema.shiftSlots.id,
      skillId: schema.skills.id,
      skillName: schema.skills.name,
      positions: schema.shiftSlots.positions,
    })
    .from(schema.shifts)
    .leftJoin(
      schema.shiftSlots,
      and(eq(schema.shiftSlots.shiftId, schema.shifts.id), isNull(schema.shiftSlots.deletedAt)),
    )
    .leftJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .leftJoin(slotParentSkill, eq(slotParentSkill.id, schema.skills.parentId))
    .where(and(eq(schema.shifts.jobId, job.id), isNull(schema.shifts.deletedAt)))
    .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id), ...slotSkillOrder);

  const slotIds = slots.flatMap((s) => (s.slotId ? [s.slotId] : []));
  const apps = slotIds.length
    ? await ctx.db
        .select({
          id: schema.applications.id,
          slotId: schema.applications.shiftSlotId,
          status: schema.applications.status,
          workerId: schema.users.id,
          workerName: schema.users.name,
          checkInAt: schema.applications.checkInAt,
          checkOutAt: schema.applications.checkOutAt,
        })
        .from(schema.applications)
        .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
        .where(
          and(
            inArray(schema.applications.shiftSlotId, slotIds),
            ne(schema.applications.status, "Denied"),
          ),
        )
        .orderBy(
          sql`case when ${inArray(schema.applications.status, [...FILLED_STATUSES])} then 0 else 1 end`,
          asc(schema.users.name),
        )
    : [];

  const shifts: BookBoard["shifts"] = [];
  for (const s of slots) {
    let shift = shifts.find((x) => x.id === s.shiftId);
    if (!shift) {
      shift = {
        id: s.shiftId,
        start: isoInZone(s.startsAt, tz),
        end: isoInZone(s.endsAt, tz),
        ended: s.endsAt.getTime() <= ctx.now.getTime(),
        check_in_open: checkInOpensAt(s.startsAt).getTime() <= ctx.now.getTime(),
        slots: [],
      };
      shifts.push(shift);
    }
    if (!s.slotId || !s.skillId) continue;
    const mine = apps.filter((a) => a.slotId === s.slotId);
    shift.slots.push({
      id: s.slotId,
      skill: { id: s.skillId, name: s.skillName ?? "" },
      positions: s.positions ?? 0,
      filled: mine.filter((a) => (FILLED_STATUSES as readonly string[]).includes(a.status)).length,
      applications: mine.map((a) => ({
        id: a.id,
        status: a.status,
        worker: { id: a.workerId, name: a.workerName },
        check_in_at: a.checkInAt ? isoInZone(a.checkInAt, tz) : null,
        check_out_at: a.checkOutAt ? isoInZone(a.checkOutAt, tz) : null,
      })),
    });
  }
  return {
    job: { id: job.id, name: job.name, status: job.status, time_zone: tz },
    can: {
      book: actor.permissions.has("jobs_book_workers"),
      request:
        actor.permissions.has("can_request_worker") || actor.permissions.has("jobs_book_workers"),
      rates:
        !actor.isClient &&
        actor.permissions.has("rate_access") &&
        actor.permissions.has("company_access"),
    },
    shifts,
  };
}
