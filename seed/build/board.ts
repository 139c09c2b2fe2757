import type * as schema from "@/db/schema";
import type { ApplicationStatus } from "../data/jobs";
import {
  between,
  days,
  hours,
  minutes,
  type JobRow,
  type ShiftRow,
  type SlotRow,
  type WorkerRow,
  type World,
} from "./world";

type ApplicationInsert = typeof schema.applications.$inferInsert;
export type Phase = "past" | "running" | "upcoming";

/** The statuses that take a position of the slot (DESIGN.md §5 capacity rule). */
export const FILLED_STATUSES: readonly ApplicationStatus[] = [
  "Booked",
  "Request accepted",
  "Report!",
  "Reported",
  "Approved",
];
export const FILLED = new Set<ApplicationStatus>(FILLED_STATUSES);
/** Statuses an upcoming shift shows in the demo; each must occur at least once. */
export const UPCOMING_STATUSES: readonly ApplicationStatus[] = [
  "Booked",
  "Request accepted",
  "Applied",
  "Reserve",
  "Requested",
  "Denied",
  "Request denied",
];

export interface Draft {
  app: ApplicationInsert;
  job: JobRow;
  shift: ShiftRow;
  slot: SlotRow;
  worker: WorkerRow;
}

export interface SeededApplication {
  id: number;
  shiftId: number;
  shiftSlotId: number;
  assigneeId: number;
  status: ApplicationStatus;
  bookedById: number | null;
  bookedAt: Date | null;
  createdAt: Date;
}

/**
 * Books the demo crew by the rules the booking verbs enforce: one application per worker per
 * shift, filled applications never above a slot's positions, and no worker in two filled
 * shifts that overlap or leave less than the country's rest time between them.
 */
export class Board {
  readonly drafts: Draft[] = [];
  private busy = new Map<number, { start: number; end: number }[]>();
  private onShift = new Set<string>();
  private filled = new Map<number, number>();

  constructor(private readonly w: World) {}

  phase(shift: ShiftRow): Phase {
    const now = this.w.now.getTime();
    if (shift.endsAt.getTime() <= now) return "past";
    return shift.startsAt.getTime() <= now ? "running" : "upcoming";
  }

  filledCount(slot: SlotRow): number {
    return this.filled.get(slot.id) ?? 0;
  }

  /** Whether the worker may take any application on this shift (skill, branch, not yet on it). */
  canApply(worker: WorkerRow, job: JobRow, shift: ShiftRow, slot: SlotRow): boolean {
    const phase = this.phase(shift);
    return (
      worker.approved &&
      (worker.active || phase === "past") &&
      worker.createdAt.getTime() < shift.startsAt.getTime() - days(7) &&
      worker.skills.has(slot.skillId) &&
      job.branchIds.some((b) => worker.branchIds.has(b)) &&
      !this.onShift.has(`${shift.id}:${worker.id}`)
    );
  }

  /** Whether a filled application fits: a free position and no clash with the worker's other shifts. */
  canFill(worker: WorkerRow, job: JobRow, shift: ShiftRow, slot: SlotRow): boolean {
    if (!this.canApply(worker, job, shift, slot) || this.filledCount(slot) >= slot.positions)
      return false;
    const rest = hours(job.country.restHours);
    const s = shift.startsAt.getTime();
    const e = shift.endsAt.getTime();
    return !(this.busy.get(worker.id) ?? []).some((b) => s < b.end + rest && b.start < e + rest);
  }

  /** `checkIn`: true or false forces the check-in of a filled past or running shift; unset, it is random. */
  add(
    worker: WorkerRow,
    job: JobRow,
    shift: ShiftRow,
    slot: SlotRow,
    status: ApplicationStatus,
    opts: { checkIn?: boolean } = {},
  ): void {
    const filled = FILLED.has(status);
    if (
      filled ? !this.canFill(worker, job, shift, slot) : !this.canApply(worker, job, shift, slot)
    ) {
      throw new Error(
        `Demo seed: ${worker.name} cannot take "${status}" on ${job.plan.name} (${shift.startsAt.toISOString()})`,
      );
    }
    const { rng, now } = this.w;
    const booker = bookerFor(this.w, job);
    const lo = Math.max(job.createdAt.getTime(), worker.createdAt.getTime()) + minutes(30);
    const hi = Math.min(now.getTime() - minutes(5), shift.startsAt.getTime() - hours(3));
    const createdAt = between(rng, lo, hi);
    const app: ApplicationInsert = {
      shiftSlotId: slot.id,
      shiftId: shift.id,
      assigneeId: worker.id,
      status,
      createdAt,
      updatedAt: createdAt,
    };
    if (status === "Request accepted") {
      app.createdById = booker;
      app.bookedById = booker;
      // Never after `hi`: an application made just before the seed's moment is booked by then
      // too (a bookedAt in the future read as a change after any later moment: db:check --since).
      app.bookedAt = between(
        rng,
        Math.min(hi, createdAt.getTime() + hours(1)),
        Math.min(hi, createdAt.getTime() + days(1)),
      );
    } else if (filled) {
      // Half the crew applied first and was booked later; the rest were booked directly.
      const applied = rng.chance(0.5);
      app.createdById = applied ? worker.id : booker;
      app.bookedById = booker;
      app.bookedAt = applied
        ? between(
            rng,
            Math.min(hi, createdAt.getTime() + minutes(10)),
            Math.min(hi, createdAt.getTime() + days(2)),
          )
        : createdAt;
    } else if (status === "Requested" || status === "Request denied") {
      app.createdById = booker;
    } else {
      app.createdById = worker.id;
    }
    if (app.bookedAt) app.updatedAt = app.bookedAt;
    const phase = this.phase(shift);
    const checkIn = opts.checkIn ?? (phase === "running" || (phase === "past" && rng.chance(0.7)));
    if (filled && phase !== "upcoming" && checkIn) {
      app.checkInAt = new Date(shift.startsAt.getTime() - minutes(rng.int(5, 25)));
    }
    this.drafts.push({ app, job, shift, slot, worker });
    this.onShift.add(`${shift.id}:${worker.id}`);
    if (filled) {
      this.filled.set(slot.id, this.filledCount(slot) + 1);
      const list = this.busy.get(worker.id) ?? [];
      list.push({ start: shift.startsAt.getTime(), end: shift.endsAt.getTime() });
      this.busy.set(worker.id, list);
    }
  }
}

function bookerFor(w: World, job: JobRow): number {
  if (w.rng.chance(0.2)) return w.staff.pm;
  const iso = job.country.iso;
  if (iso === "SE" || iso === "NO") return w.staff.pmNordics;
  if (iso === "DE" || iso === "GB") return w.staff.handlerUk;
  return w.staff.handler;
}
