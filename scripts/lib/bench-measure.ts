/** Timings of `npm run bench` beyond the jobs list: concurrent booking and the worker's new jobs. */
import { and, eq, inArray } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { callRoute, type RouteHandler } from "@/lib/testing/route-request";
import { createUsers } from "./bench-seed";

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Nearest-rank percentile (p95 of 50 calls: the 48th fastest). */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)];
};

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** A Published job of one upcoming shift with one slot; its shift and slot ids. */
export async function oneSlotJob(
  db: Db,
  job: { name: string; companyId: number; countryId: number; skillId: number; positions: number },
  startsAt: Date,
) {
  const endsAt = new Date(startsAt.getTime() + 8 * 3_600_000);
  const [row] = await db
    .insert(schema.jobs)
    .values({
      name: job.name,
      companyId: job.companyId,
      countryId: job.countryId,
      status: "Published",
      startsAt,
      endsAt,
    })
    .returning({ id: schema.jobs.id });
  const [shift] = await db
    .insert(schema.shifts)
    .values({ jobId: row.id, startsAt, endsAt })
    .returning({ id: schema.shifts.id });
  const [slot] = await db
    .insert(schema.shiftSlots)
    .values({ shiftId: shift.id, skillId: job.skillId, positions: job.positions })
    .returning({ id: schema.shiftSlots.id });
  // The job's worker rate for the skill, as a job copied from the cards has: booking then
  // passes the missing-rates check rather than answering 410.
  await db
    .insert(schema.workerRates)
    .values({ jobId: row.id, skillId: job.skillId, currencyCode: "DKK", amount: 17500 });
  return { shiftId: shift.id, slotId: slot.id };
}

export interface BookingResult {
  callers: number;
  positions: number;
  median: number;
  p95: number;
  booked: number;
  full: number;
}

/**
 * POST /api/v2/applications from `callers` bookers at once, each booking a different approved
 * worker with the slot's skill onto the same slot of `positions` positions. Exactly
 * `positions` must answer 201 and the rest 409 slot_full, and the slot must hold exactly
 * `positions` filled applications afterwards; anything else throws.
 */
export async function benchBooking(
  db: Db,
  POST: RouteHandler,
  opts: {
    token: string;
    countryId: number;
    companyId: number;
    skillId: number;
    passwordHash: string;
    callers: number;
    positions: number;
    start: number;
  },
): Promise<BookingResult> {
  const job = {
    companyId: opts.companyId,
    countryId: opts.countryId,
    skillId: opts.skillId,
  };
  const startsAt = new Date(opts.start + 3 * 86_400_000);
  const warm = await oneSlotJob(db, { ...job, name: "Bench warm-up", positions: 1 }, startsAt);
  const target = await oneSlotJob(
    db,
    { ...job, name: "Bench rush", positions: opts.positions },
    startsAt,
  );
  const workers = await createUsers(db, {
    count: opts.callers + 1,
    prefix: "rush",
    role: ROLE.worker,
    passwordHash: opts.passwordHash,
    skillId: opts.skillId,
  });
  const book = (assigneeId: number, t: { shiftId: number; slotId: number }) =>
    callRoute(POST, "applications", {
      token: opts.token,
      json: {
        assignee_id: assigneeId,
        shiftIds: [t.shiftId],
        shift_slots: [t.slotId],
        status: "Booked",
      },
    });
  const warmed = await book(workers[opts.callers], warm);
  if (warmed.status !== 201)
    throw new Error(`warm-up booking answered ${warmed.status}: ${JSON.stringify(warmed.body)}`);

  const calls = await Promise.all(
    workers.slice(0, opts.callers).map(async (w) => {
      const t0 = performance.now();
      const res = await book(w, target);
      return { ms: performance.now() - t0, status: res.status, body: res.body };
    }),
  );
  const isFull = (c: (typeof calls)[number]) =>
    c.status === 409 && (c.body as { type?: string } | undefined)?.type === "slot_full";
  const booked = calls.filter((c) => c.status === 201).length;
  const full = calls.filter(isFull).length;
  const filled = await db.$count(
    schema.applications,
    and(
      eq(schema.applications.shiftSlotId, target.slotId),
      inArray(schema.applications.status, [...FILLED_STATUSES]),
    ),
  );
  if (
    booked !== opts.positions ||
    full !== opts.callers - opts.positions ||
    Number(filled) !== opts.positions
  ) {
    const others = calls
      .filter((c) => c.status !== 201 && !isFull(c))
      .map((c) => `${c.status} ${JSON.stringify(c.body)}`);
    throw new Error(
      `capacity NOT held: ${opts.callers} concurrent bookings on a slot of ${opts.positions} gave ` +
        `${booked} × 201, ${full} × 409 slot_full, ${Number(filled)} filled applications` +
        (others.length ? `; also ${others.slice(0, 3).join("; ")}` : ""),
    );
  }
  const ms = calls.map((c) => c.ms);
  return {
    callers: opts.callers,
    positions: opts.positions,
    median: median(ms),
    p95: percentile(ms, 95),
    booked,
    full,
  };
}

/** A worker of one skill and one branch, with a bearer token, for GET my-dashboard/new-jobs. */
export async function newJobsWorker(
  db: Db,
  opts: { skillId: number; branchId: number; passwordHash: string },
): Promise<number> {
  const [id] = await createUsers(db, {
    count: 1,
    prefix: "newjobs",
    role: ROLE.worker,
    passwordHash: opts.passwordHash,
    skillId: opts.skillId,
    branchId: opts.branchId,
  });
  return id;
}

type NewJobsPage = { data: unknown[]; meta: { total: number; last_page: number } };

async function getNewJobs(GET: RouteHandler, token: string, query: string) {
  const t0 = performance.now();
  const res = await callRoute(GET, `my-dashboard/new-jobs${query}`, { token });
  if (res.status !== 200)
    throw new Error(
      `GET my-dashboard/new-jobs${query} answered ${res.status}: ${JSON.stringify(res.body)}`,
    );
  return { ms: performance.now() - t0, body: res.body };
}

/**
 * Checks the worker really has `open` candidates (the last page of 100 must report them all;
 * the total is exact that close to the end) and answers how long that deep page took.
 */
export async function checkOpenShifts(GET: RouteHandler, token: string, open: number) {
  const lastPage = Math.max(1, Math.ceil(open / 100));
  const { ms, body } = await getNewJobs(GET, token, `?perPage=100&page=${lastPage}`);
  const page = body as NewJobsPage;
  if (page.meta.total !== open || page.data.length !== open - (lastPage - 1) * 100)
    throw new Error(
      `the worker should see ${open} open shifts; new-jobs page ${lastPage} reports total ` +
        `${page.meta.total} with ${page.data.length} rows`,
    );
  return ms;
}

/** Medians of the first page and of the counter (whose label must read "20+"). */
export async function measureNewJobs(GET: RouteHandler, token: string, runs: number) {
  const page: number[] = [];
  const counter: number[] = [];
  for (let i = 0; i < 3; i++) {
    await getNewJobs(GET, token, "");
    await getNewJobs(GET, token, "?count=1");
  }
  let label = "";
  for (let i = 0; i < runs; i++) {
    const first = await getNewJobs(GET, token, "");
    if ((first.body as NewJobsPage).data.length !== 10)
      throw new Error(
        `new-jobs first page has ${(first.body as NewJobsPage).data.length} rows, not 10`,
      );
    page.push(first.ms);
    const count = await getNewJobs(GET, token, "?count=1");
    label = (count.body as { data: { label: string } }).data.label;
    if (label !== "20+") throw new Error(`new-jobs count label is "${label}", not "20+"`);
    counter.push(count.ms);
  }
  return { page: median(page), count: median(counter), label };
}
