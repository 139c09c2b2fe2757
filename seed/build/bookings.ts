import * as schema from "@/db/schema";
import { WILLIAM_SHIFTS, type ApplicationStatus, type JobStatus } from "../data/jobs";
import { Board, FILLED, UPCOMING_STATUSES, type Phase, type SeededApplication } from "./board";
import { seedHoursAndCrewBosses } from "./hours";
import {
  minutes,
  must,
  type JobRow,
  type ShiftRow,
  type SlotRow,
  type WorkerRow,
  type World,
} from "./world";

export { FILLED_STATUSES, UPCOMING_STATUSES, type SeededApplication } from "./board";

function pastStatus(w: World, job: JobStatus): ApplicationStatus {
  switch (job) {
    case "Report!":
      return w.rng.chance(0.55) ? "Report!" : "Reported";
    case "Reported":
      return w.rng.chance(0.8) ? "Reported" : "Approved";
    case "Approved":
    case "Invoiced":
    case "Paid":
      return "Approved";
    default:
      return "Report!";
  }
}

function fillTarget(w: World, job: JobRow, slot: SlotRow, phase: Phase): number {
  if (phase !== "upcoming") return slot.positions;
  const fill = job.plan.fill ?? 0.5;
  const target = Math.round(slot.positions * fill + (w.rng.next() - 0.5) * 0.8);
  // Upcoming slots keep a free position, so workers see open shifts to apply for.
  return Math.max(0, Math.min(target, fill >= 1 ? slot.positions : slot.positions - 1));
}

function forceWilliam(w: World, board: Board): void {
  const william = w.workers.find((x) => x.id === w.staff.worker)!;
  for (const [jobKey, shiftIndex, skill, status, checkedIn] of WILLIAM_SHIFTS) {
    const job = w.jobs.find((j) => j.plan.key === jobKey);
    if (!job) throw new Error(`Demo seed: unknown job ${jobKey}`);
    const shift = job.shifts[shiftIndex];
    const skillId = must(w.skills, skill, "skill");
    const slot = shift.slots.find((s) => s.skillId === skillId);
    if (!slot) throw new Error(`Demo seed: ${jobKey} has no ${skill} slot`);
    board.add(william, job, shift, slot, status, { checkIn: checkedIn });
  }
}

function extras(
  w: World,
  board: Board,
  job: JobRow,
  shift: ShiftRow,
  slot: SlotRow,
  pool: WorkerRow[],
  phase: Phase,
): void {
  const { rng } = w;
  const wanted: ApplicationStatus[] = [];
  if (phase === "upcoming") {
    for (let i = rng.int(0, 2); i > 0; i--) wanted.push("Applied");
    if (board.filledCount(slot) > 0 && rng.chance(0.35)) wanted.push("Reserve");
    if (rng.chance(0.3)) wanted.push("Requested");
    if (rng.chance(0.2)) wanted.push("Denied");
    if (rng.chance(0.15)) wanted.push("Request denied");
  } else if (phase === "past") {
    if (rng.chance(0.2)) wanted.push("Denied");
    if (rng.chance(0.1)) wanted.push("Request denied");
  }
  for (const status of wanted) {
    const worker = pool.find((x) => board.canApply(x, job, shift, slot));
    if (worker) board.add(worker, job, shift, slot, status);
  }
}

/** Makes sure every status of an upcoming shift occurs at least once. */
function guarantee(w: World, board: Board, pool: WorkerRow[]): void {
  const upcoming = w.jobs
    .filter((j) => j.status === "Published")
    .flatMap((j) =>
      j.shifts.filter((s) => board.phase(s) === "upcoming").map((s) => ({ job: j, shift: s })),
    );
  for (const status of UPCOMING_STATUSES) {
    if (board.drafts.some((d) => d.app.status === status && board.phase(d.shift) === "upcoming"))
      continue;
    const filled = FILLED.has(status);
    const found = upcoming
      .flatMap(({ job, shift }) => shift.slots.map((slot) => ({ job, shift, slot })))
      .flatMap((c) => pool.map((worker) => ({ ...c, worker })))
      .find((c) =>
        filled
          ? board.canFill(c.worker, c.job, c.shift, c.slot)
          : board.canApply(c.worker, c.job, c.shift, c.slot),
      );
    if (!found) throw new Error(`Demo seed: found no place for a "${status}" application`);
    board.add(found.worker, found.job, found.shift, found.slot, status);
  }
}

/**
 * One of the crew on the running load-in checked in 43 minutes after the start (the dashboard
 * shows "late by 0:43"); never after `now`.
 */
function lateCheckIn(w: World, board: Board): void {
  const draft = board.drafts.find(
    (d) =>
      d.job.plan.key === "dk-arena-load-in" &&
      board.phase(d.shift) === "running" &&
      d.worker.id !== w.staff.worker &&
      d.app.checkInAt,
  );
  if (!draft) return;
  const start = draft.shift.startsAt.getTime();
  draft.app.checkInAt = new Date(Math.min(start + minutes(43), w.now.getTime() - minutes(1)));
}

/** Applications, reported hours and crew bosses for every job; returns the applications. */
export async function seedBookings(w: World): Promise<SeededApplication[]> {
  const { tx, rng } = w;
  const board = new Board(w);
  forceWilliam(w, board);

  const pool = w.workers.filter((x) => x.id !== w.staff.worker);
  const shifts = w.jobs
    .filter((j) => j.status !== "Draft" && j.status !== "Cancelled")
    .flatMap((job) => job.shifts.map((shift) => ({ job, shift })))
    .sort((a, b) => a.shift.startsAt.getTime() - b.shift.startsAt.getTime());
  for (const { job, shift } of shifts) {
    const phase = board.phase(shift);
    // Scarce skills first, so a rigger who is also a stagehand is booked as the rigger.
    const supply = (slot: SlotRow) => pool.filter((x) => board.canFill(x, job, shift, slot)).length;
    const slots = shift.slots
      .map((slot) => ({ slot, n: supply(slot) }))
      .sort((a, b) => a.n - b.n || a.slot.id - b.slot.id);
    for (const { slot } of slots) {
      const candidates = rng.shuffle(pool);
      const target = fillTarget(w, job, slot, phase);
      for (const worker of candidates) {
        if (board.filledCount(slot) >= target) break;
        if (!board.canFill(worker, job, shift, slot)) continue;
        const status =
          phase === "past"
            ? pastStatus(w, job.status)
            : phase === "running"
              ? "Booked"
              : rng.chance(0.75)
                ? "Booked"
                : "Request accepted";
        board.add(worker, job, shift, slot, status);
      }
      extras(w, board, job, shift, slot, candidates, phase);
    }
  }
  guarantee(w, board, rng.shuffle(pool));
  lateCheckIn(w, board);

  const rows = await tx
    .insert(schema.applications)
    .values(board.drafts.map((d) => d.app))
    .returning({
      id: schema.applications.id,
      shiftId: schema.applications.shiftId,
      shiftSlotId: schema.applications.shiftSlotId,
      assigneeId: schema.applications.assigneeId,
      status: schema.applications.status,
      bookedById: schema.applications.bookedById,
      bookedAt: schema.applications.bookedAt,
      createdAt: schema.applications.createdAt,
    });
  const appId = new Map(rows.map((r) => [`${r.shiftId}:${r.assigneeId}`, r.id]));

  await seedHoursAndCrewBosses(
    w,
    board,
    shifts.map((s) => s.shift),
    appId,
  );

  return rows.map((r) => ({ ...r, status: r.status as ApplicationStatus }));
}
