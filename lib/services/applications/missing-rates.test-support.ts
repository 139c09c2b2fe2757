/** Shared setup of the missing-rates suites: unrated jobs, rates, and who holds places. */
import { and, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { insertJob, type JobWorld } from "@/lib/testing/jobs-fixtures";
import { bookingKit, bookingSuite } from "@/lib/testing/booking-fixtures";

export let handle: DbHandle;
export let db: Db;
export let w: JobWorld;
export let k: ReturnType<typeof bookingKit>;
export const NOW = new Date("2026-12-07T11:00:00Z");

/** The missing-rates suites' own database with the job world and the booking kit at NOW. */
export function setUpMissingRates() {
  bookingSuite(NOW, (s) => ({ handle, db, w, k } = s));
}

let seq = 0;
/** A one-shift Stagehand job with no worker rate at all (and the branch it books from, if any). */
export async function unratedJob(start: string, end: string, opts: { branchId?: number } = {}) {
  const job = await insertJob(db, {
    name: `Unrated ${++seq}`,
    companyId: w.companyA,
    countryId: w.countryId,
    workerRates: false,
    clientRates: true,
    shifts: [
      {
        startsAt: new Date(start),
        endsAt: new Date(end),
        slots: [
          { skillId: w.skill, positions: 8 },
          { skillId: w.skill2, positions: 8 },
        ],
      },
    ],
  });
  if (opts.branchId)
    await db.insert(schema.jobBranches).values({ jobId: job.id, branchId: opts.branchId });
  const [slot, slot2] = job.shifts[0].slots;
  return { jobId: job.id, shiftId: job.shifts[0].id, slotId: slot.id, slot2Id: slot2.id };
}

export async function branch(): Promise<number> {
  const [b] = await db
    .insert(schema.branches)
    .values({ name: `Branch ${++seq}`, countryId: w.countryId })
    .returning({ id: schema.branches.id });
  return b.id;
}

export async function level(): Promise<number> {
  const [l] = await db
    .insert(schema.levels)
    .values({ name: `Level ${++seq}` })
    .returning({ id: schema.levels.id });
  return l.id;
}

export const rate = (values: Partial<typeof schema.workerRates.$inferInsert>) =>
  db.insert(schema.workerRates).values({
    skillId: w.skill,
    currencyCode: "DKK",
    amount: 17500,
    ...values,
  });

export const placesOf = (workerId: number) =>
  db.select().from(schema.applications).where(eq(schema.applications.assigneeId, workerId));

export const logsOf = (workerId: number) =>
  db
    .select({ id: schema.activityLog.id })
    .from(schema.activityLog)
    .innerJoin(schema.applications, eq(schema.applications.id, schema.activityLog.subjectId))
    .where(
      and(
        eq(schema.activityLog.logName, "applications"),
        eq(schema.applications.assigneeId, workerId),
      ),
    );

export const book = (
  booker: number,
  worker: number,
  s: { shiftId: number; slotId: number },
  extra: Record<string, unknown> = {},
) => k.book(booker, worker, s, extra);
