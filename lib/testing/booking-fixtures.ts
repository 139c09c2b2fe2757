import { afterAll, beforeAll } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { bookApplications } from "@/lib/services/applications/book";
import { createUser, ctxFor } from "./fixtures";
import { testDatabase } from "./db";
import { createJobWorld, insertJob, type JobWorld } from "./jobs-fixtures";

/**
 * What the booking tests share: a fixed "now", workers with skills and branches, one-shift
 * jobs, a booking shortcut and the filled count of a slot.
 */
export function bookingKit(db: Db, world: () => JobWorld, now: Date) {
  let seq = 0;
  const at = (iso: string) => new Date(iso);
  const ctx = (userId: number, when = now) => ctxFor(db, userId, { now: when });

  /** An approved worker with the given skills (and branches). */
  async function worker(skills: number[] = [], branches: number[] = [], name?: string) {
    const u = await createUser(db, { roles: [ROLE.worker], name: name ?? `Worker ${++seq}` });
    if (skills.length)
      await db
        .insert(schema.userSkills)
        .values(skills.map((skillId) => ({ userId: u.id, skillId })));
    if (branches.length)
      await db
        .insert(schema.userBranches)
        .values(branches.map((branchId) => ({ userId: u.id, branchId })));
    return u.id;
  }

  /** A one-shift job (company A unless given) with one Stagehand slot of `positions`. */
  async function oneShiftJob(start: string, end: string, positions = 2, companyId?: number) {
    const w = world();
    const job = await insertJob(db, {
      name: `Job ${start}`,
      companyId: companyId ?? w.companyA,
      countryId: w.countryId,
      shifts: [{ startsAt: at(start), endsAt: at(end), slots: [{ skillId: w.skill, positions }] }],
      clientRates: true,
    });
    return { jobId: job.id, shiftId: job.shifts[0].id, slotId: job.shifts[0].slots[0].id };
  }

  const book = async (
    bookerId: number,
    assignee: number,
    slot: { shiftId: number; slotId: number },
    extra: Record<string, unknown> = {},
  ) =>
    bookApplications(await ctx(bookerId), {
      assignee_id: assignee,
      shiftIds: [slot.shiftId],
      shift_slots: [slot.slotId],
      status: "Booked",
      ...extra,
    });

  async function filledOf(slotId: number) {
    const rows = await db
      .select({ id: schema.applications.id })
      .from(schema.applications)
      .where(
        and(
          eq(schema.applications.shiftSlotId, slotId),
          inArray(schema.applications.status, [...FILLED_STATUSES]),
        ),
      );
    return rows.length;
  }

  return { at, ctx, worker, oneShiftJob, book, filledOf };
}

export interface BookingSuite {
  handle: DbHandle;
  db: Db;
  w: JobWorld;
  k: ReturnType<typeof bookingKit>;
}

/**
 * The booking suites' setup: their own test database (also the app's, for verbs that open
 * it themselves) with the job world and the booking kit at `now`, closed after the suite.
 * `ready` receives them once they exist (assign them to the suite's variables).
 */
export function bookingSuite(now: Date, ready: (s: BookingSuite) => void): void {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await testDatabase();
    setDatabaseForTests(handle);
    const w = await createJobWorld(handle.db);
    ready({ handle, db: handle.db, w, k: bookingKit(handle.db, () => w, now) });
  });
  afterAll(async () => {
    await handle?.close();
  });
}
