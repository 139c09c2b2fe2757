/**
 * `BENCH_ONLY=bookings npm run bench`: the office booking (POST /api/v2/applications, through its
 * route handler, as `npm run bench` calls every route) under load, issue 27's two bars:
 * - throughput: BENCH_BOOKERS (50) callers at once, each booking BENCH_BOOKINGS_EACH (20) workers
 *   one after another, every booking onto its own slot (no two callers wait on the same rows):
 *   at least 300 bookings/s on PostgreSQL, every one 201;
 * - a rush: BENCH_RUSH (1,000) callers at once on one slot of 5 positions: exactly 5 × 201 and
 *   every other caller 409 slot_full with the fill rule's message ("This shift slot is full: …
 *   has 5 of 5 positions filled."), no 500 or 503 (the callers queue for the pool's
 *   connections), and exactly 5 filled applications on the slot afterwards.
 * Answers the lines to print and whether both bars held.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { callRoute, type RouteHandler } from "@/lib/testing/route-request";
import { fmt, median, oneSlotJob, percentile } from "./bench-measure";
import { createUsers } from "./bench-seed";

const BOOKERS = Number(process.env.BENCH_BOOKERS ?? 50);
const EACH = Number(process.env.BENCH_BOOKINGS_EACH ?? 20);
const RUSH = Number(process.env.BENCH_RUSH ?? 1_000);
const POSITIONS = 5;
/** Issue 27's bar, on PostgreSQL (in-process PGlite has one connection: it is reported only). */
export const BOOKINGS_PER_SECOND = 300;

interface Ctx {
  db: Db;
  kind: "pglite" | "postgres";
  POST: RouteHandler;
  countryId: number;
  companyId: number;
  skillId: number;
  passwordHash: string;
  start: number;
}

type Target = { shiftId: number; slotId: number };

/**
 * Published jobs of one shift with one slot of `positions`, `days` from the bench's start, written
 * in a few multi-row inserts.
 */
async function slotJobs(c: Ctx, count: number, positions: number, days = 3): Promise<Target[]> {
  const startsAt = new Date(c.start + days * 86_400_000);
  const endsAt = new Date(startsAt.getTime() + 8 * 3_600_000);
  const jobs = await c.db
    .insert(schema.jobs)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Bench booking ${i}`,
        companyId: c.companyId,
        countryId: c.countryId,
        status: "Published" as const,
        startsAt,
        endsAt,
      })),
    )
    .returning({ id: schema.jobs.id });
  const shifts = await c.db
    .insert(schema.shifts)
    .values(jobs.map((j) => ({ jobId: j.id, startsAt, endsAt })))
    .returning({ id: schema.shifts.id });
  const slots = await c.db
    .insert(schema.shiftSlots)
    .values(shifts.map((s) => ({ shiftId: s.id, skillId: c.skillId, positions })))
    .returning({ id: schema.shiftSlots.id, shiftId: schema.shiftSlots.shiftId });
  await c.db.insert(schema.workerRates).values(
    jobs.map((j) => ({
      jobId: j.id,
      skillId: c.skillId,
      currencyCode: "DKK",
      amount: 17500,
    })),
  );
  return slots.map((s) => ({ shiftId: s.shiftId, slotId: s.id }));
}

/**
 * Office users (project managers) with a bearer token each: a token answers 600 calls a
 * minute, and each caller of the bench is its own booker, as in an office.
 */
async function bookerTokens(c: Ctx, count: number, prefix: string): Promise<string[]> {
  const ids = await createUsers(c.db, {
    count,
    prefix,
    role: ROLE.projectManager,
    passwordHash: c.passwordHash,
  });
  const now = new Date();
  const tokens: string[] = [];
  for (const id of ids) tokens.push((await issueApiToken(c.db, id, now)).access_token);
  return tokens;
}

/**
 * The client's price card for the slots' skill at its default branch: an office booking onto a
 * skill the client pays nothing for is asked first (410 missing_client_price).
 */
async function priceTheClient(c: Ctx) {
  const [branch] = await c.db
    .insert(schema.branches)
    .values({ name: "Bench booking branch", countryId: c.countryId })
    .returning({ id: schema.branches.id });
  await c.db
    .update(schema.companies)
    .set({ defaultBranchId: branch.id })
    .where(eq(schema.companies.id, c.companyId));
  await c.db.insert(schema.clientRates).values({
    companyId: c.companyId,
    branchId: branch.id,
    skillId: c.skillId,
    currencyCode: "DKK",
    standardPrice: 32000,
  });
}

/**
 * BENCH_CPU_PROFILE=file.cpuprofile: the Node CPU profile of the distinct-slot bookings alone
 * (not the seeding around them), for Chrome's profiler or a script that sums self time.
 */
async function startProfile(): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  await session.post("Profiler.setSamplingInterval", { interval: 250 });
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

function book(c: Ctx, token: string, assigneeId: number, t: Target) {
  return callRoute(c.POST, "applications", {
    token,
    json: {
      assignee_id: assigneeId,
      shiftIds: [t.shiftId],
      shift_slots: [t.slotId],
      status: "Booked",
    },
  });
}

const statuses = (codes: number[]) => {
  const n = new Map<number, number>();
  for (const s of codes) n.set(s, (n.get(s) ?? 0) + 1);
  return [...n.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, k]) => `${k.toLocaleString("en")} × ${s}`)
    .join(", ");
};

/**
 * What the workers did before: each a shift worked and approved a month ago, on a job of its own.
 * An agency of a thousand jobs has their applications; without them the statistics the booking's
 * plans are made with (per connection, at its first booking) say applications is empty, and
 * every booking read the thousand it had meanwhile whole (the fill check ~0.3 ms).
 */
async function workedBefore(c: Ctx, workers: number[]) {
  const past = await slotJobs(c, workers.length, 1, -30);
  await c.db.insert(schema.applications).values(
    past.map((t, i) => ({
      shiftSlotId: t.slotId,
      shiftId: t.shiftId,
      assigneeId: workers[i],
      status: "Approved" as const,
    })),
  );
}

/**
 * Statistics of the rows just seeded, as autovacuum keeps them on a live database: without them
 * the planner takes the thousand fresh shifts and jobs for two and scans them all in the
 * booking's slot reads until autovacuum happens to analyze mid-run (PostgreSQL's execution time
 * a booking moved 1.9–6.8 ms between runs of the same code; 1.6–2.2 ms with it).
 */
async function analyze(c: Ctx) {
  await c.db.execute(sql`analyze`);
}

async function distinctSlots(c: Ctx): Promise<{ line: string; ok: boolean }> {
  const total = BOOKERS * EACH;
  const warm = 20;
  const targets = await slotJobs(c, total + warm, 1);
  const workers = await createUsers(c.db, {
    count: total + warm,
    prefix: "booker",
    role: ROLE.worker,
    passwordHash: c.passwordHash,
    skillId: c.skillId,
  });
  const tokens = await bookerTokens(c, BOOKERS, "office");
  await workedBefore(c, workers);
  await analyze(c);
  // Warm-up: the route's modules, prepared plans and the pool's connections.
  await Promise.all(
    Array.from({ length: warm }, (_, i) =>
      book(c, tokens[i % BOOKERS], workers[total + i], targets[total + i]),
    ),
  );
  const ms: number[] = [];
  const codes: number[] = [];
  const bodies: string[] = [];
  const profile = await startProfile();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: BOOKERS }, async (_, b) => {
      for (let k = 0; k < EACH; k++) {
        const i = b * EACH + k;
        const s = performance.now();
        const res = await book(c, tokens[b], workers[i], targets[i]);
        ms.push(performance.now() - s);
        codes.push(res.status);
        if (res.status !== 201 && bodies.length < 3)
          bodies.push(`${res.status} ${JSON.stringify(res.body)}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await profile?.();
  // The Node CPU a booking costs (route, validation, Drizzle, pg): what a loaded machine stretches.
  const cpuPerBooking = (cpu.user + cpu.system) / 1000 / total;
  const rate = total / seconds;
  const allBooked = codes.every((s) => s === 201);
  const barHeld = c.kind !== "postgres" || rate >= BOOKINGS_PER_SECOND;
  const verdict = !allBooked
    ? `NOT all booked: ${bodies.join("; ")}`
    : c.kind !== "postgres"
      ? `(the bar of ${BOOKINGS_PER_SECOND}/s is on PostgreSQL)`
      : barHeld
        ? `≥ ${BOOKINGS_PER_SECOND}/s: held`
        : `BELOW ${BOOKINGS_PER_SECOND}/s`;
  return {
    ok: allBooked && barHeld,
    line:
      `POST /api/v2/applications   ${BOOKERS} at once on distinct slots, ${total.toLocaleString("en")} bookings: ` +
      `${rate.toFixed(0)} bookings/s   median ${fmt(median(ms))}   p95 ${fmt(percentile(ms, 95))}   Node CPU ${fmt(cpuPerBooking)} a booking   ${statuses(codes)}   ${verdict}`,
  };
}

const FULL = new RegExp(
  `^This shift slot is full: .+ has ${POSITIONS} of ${POSITIONS} positions filled\\.$`,
);

async function oneSlotRush(c: Ctx): Promise<{ line: string; ok: boolean }> {
  const target = await oneSlotJob(
    c.db,
    {
      name: "Bench rush of a thousand",
      companyId: c.companyId,
      countryId: c.countryId,
      skillId: c.skillId,
      positions: POSITIONS,
    },
    new Date(c.start + 4 * 86_400_000),
  );
  const workers = await createUsers(c.db, {
    count: RUSH,
    prefix: "rusher",
    role: ROLE.worker,
    passwordHash: c.passwordHash,
    skillId: c.skillId,
  });
  const tokens = await bookerTokens(c, RUSH, "rushoffice");
  await analyze(c);
  const t0 = performance.now();
  const calls = await Promise.all(
    workers.map(async (w, i) => {
      const s = performance.now();
      const res = await book(c, tokens[i], w, target);
      return { ms: performance.now() - s, status: res.status, body: res.body };
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const isFull = (x: (typeof calls)[number]) => {
    const b = x.body as { type?: string; message?: string } | undefined;
    return x.status === 409 && b?.type === "slot_full" && FULL.test(b?.message ?? "");
  };
  const booked = calls.filter((x) => x.status === 201).length;
  const full = calls.filter(isFull).length;
  const filled = Number(
    await c.db.$count(
      schema.applications,
      and(
        eq(schema.applications.shiftSlotId, target.slotId),
        inArray(schema.applications.status, [...FILLED_STATUSES]),
      ),
    ),
  );
  const ok = booked === POSITIONS && full === RUSH - POSITIONS && filled === POSITIONS;
  const odd = calls
    .filter((x) => x.status !== 201 && !isFull(x))
    .slice(0, 3)
    .map((x) => `${x.status} ${JSON.stringify(x.body)}`);
  const ms = calls.map((x) => x.ms);
  return {
    ok,
    line:
      `POST /api/v2/applications   ${RUSH.toLocaleString("en")} at once on one slot of ${POSITIONS}: ` +
      `${seconds.toFixed(1)} s   median ${fmt(median(ms))}   p95 ${fmt(percentile(ms, 95))}   ` +
      `${statuses(calls.map((x) => x.status))}, ${filled} filled   ` +
      (ok
        ? "capacity held, every other caller told the slot is full"
        : `WRONG: ${booked} × 201, ${full} × 409 slot_full with the message${odd.length ? `; also ${odd.join("; ")}` : ""}`),
  };
}

export async function benchBookings(c: Ctx): Promise<{ lines: string[]; ok: boolean }> {
  // A booking mails the worker, whose links are signed: on PostgreSQL the app runs in production
  // mode (lib/env.ts), which wants a real secret rather than a generated one.
  if (env.mode === "production" && !env.AUTH_SECRET)
    throw new Error("set AUTH_SECRET (32+ characters) to bench bookings on PostgreSQL");
  console.log(
    `[bench] ${BOOKERS} bookers × ${EACH} bookings on distinct slots, then ${RUSH} at once on one slot of ${POSITIONS}…`,
  );
  await priceTheClient(c);
  const a = await distinctSlots(c);
  const b = await oneSlotRush(c);
  return { lines: [a.line, b.line], ok: a.ok && b.ok };
}
