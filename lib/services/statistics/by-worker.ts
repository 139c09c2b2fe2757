import { and, eq, sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import { withTx, type Ctx, type TxCtx } from "../context";
import { statisticsScope, type StatisticsFilter } from "./filter";
import { addTo, TOP, topCategories, type Category } from "./series";
import { filledPlace, inRange, jobFilter } from "./sql";
import { standardOrLive } from "./standard-answers";
import type { Statistics } from "./types";

/**
 * /insights' per-worker figures (can_view_statistics): jobs and shifts filled and hours
 * reported per worker, the top-10 charts and the workers download. Apart from activity.ts's
 * per-day counts: these add up every filled place of the range per worker.
 */

const j = schema.jobs;
const sh = schema.shifts;
const sl = schema.shiftSlots;
const a = schema.applications;
const rh = schema.reportedHours;
const u = schema.users;
const seconds = sql`extract(epoch from (${rh.endsAt} - ${rh.startsAt}))`;

/**
 * Filled places (jobs, shifts, hours) per worker id (the aliases are prefixed: users has an
 * "approved" column of its own). Counted by id alone: a worker's name, e-mail and phone are
 * read afterwards for the rows that need them, so the users table is not joined (and sorted by
 * text) for every filled place of the range. A chart asks only for what it draws: without
 * `hours` the reported hours are not joined (probing them is half the cost of a range's filled
 * places), without `jobs` no distinct count (a sort of every filled place); both read 0.
 */
function workerFigures(
  ctx: Ctx,
  filter: ReturnType<typeof statisticsScope>["filter"],
  { jobs, hours }: { jobs: boolean; hours: boolean },
) {
  const approved = hours
    ? sql<number>`coalesce(sum(${seconds}) filter (where ${rh.approvedAt} is not null), 0)::float8`
    : sql<number>`0::float8`;
  const pending = hours
    ? sql<number>`coalesce(sum(${seconds}) filter (where ${rh.id} is not null and ${rh.approvedAt} is null), 0)::float8`
    : sql<number>`0::float8`;
  const q = ctx.db
    .select({
      userId: sql<number>`${a.assigneeId}`.as("worker_id"),
      jobs: (jobs ? sql<number>`count(distinct ${sh.jobId})::int` : sql<number>`0`).as(
        "worker_jobs",
      ),
      shifts: sql<number>`count(*)::int`.as("worker_shifts"),
      approved: approved.as("worker_approved"),
      pending: pending.as("worker_pending"),
    })
    .from(a)
    .innerJoin(sl, eq(sl.id, a.shiftSlotId))
    .innerJoin(sh, eq(sh.id, sl.shiftId))
    .innerJoin(j, eq(j.id, sh.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .$dynamic();
  return (hours ? q.leftJoin(rh, eq(rh.applicationId, a.id)) : q)
    .where(and(filledPlace(), jobFilter(filter), inRange(sh.startsAt, filter)))
    .groupBy(a.assigneeId)
    .as("w");
}

/**
 * Runs a per-worker read with PostgreSQL's parallel workers, which the pool turns off
 * (db/client.ts): these add up every filled place of the range, and two workers cut them from
 * 504 to 356 ms (jobs) and 832 to 425 ms (hours) at full scale. SET LOCAL lasts until the
 * read's own transaction ends.
 */
export function withParallelWorkers<T>(ctx: Ctx, read: (ctx: TxCtx) => PromiseLike<T>) {
  return withTx(ctx, async (ctx) => {
    await ctx.db.execute(sql`set local max_parallel_workers_per_gather = 2`);
    return await read(ctx);
  });
}

/** Every worker's figures with name, e-mail and phone: the /insights/workers download. */
export function perWorker(ctx: Ctx, filter: ReturnType<typeof statisticsScope>["filter"]) {
  const w = workerFigures(ctx, filter, { jobs: true, hours: true });
  return ctx.db
    .select({
      userId: w.userId,
      name: u.name,
      email: u.email,
      phone: u.phone,
      jobs: w.jobs,
      shifts: w.shifts,
      approved: w.approved,
      pending: w.pending,
    })
    .from(w)
    .innerJoin(u, eq(u.id, w.userId));
}

/**
 * The figures per worker for a top-10 chart, ranked in SQL by `order` (largest first): only
 * the workers ranked within the top 10 (ties included, so the label order among equals stays
 * topCategories' own) have their name read; the rest only add up into "Other" (name ''). The
 * names are fetched by `id = any(array(…))`: the planner takes such an array for a handful of
 * ids (an index scan of users), where a join or a per-row sub-select is costed for every
 * worker of the range — at scale, past PostgreSQL's JIT threshold.
 */
function rankedWorkers(
  ctx: Ctx,
  filter: ReturnType<typeof statisticsScope>["filter"],
  need: { jobs: boolean; hours: boolean },
  order: (w: ReturnType<typeof workerFigures>) => SQL,
  only?: (w: ReturnType<typeof workerFigures>) => SQL,
) {
  const w = workerFigures(ctx, filter, need);
  const ranked = ctx.db.$with("ranked").as(
    ctx.db
      .select({
        userId: w.userId,
        jobs: w.jobs,
        shifts: w.shifts,
        approved: w.approved,
        pending: w.pending,
        rank: sql<number>`rank() over (order by ${order(w)})`.as("worker_rank"),
      })
      .from(w)
      .where(only?.(w)),
  );
  const named = ctx.db
    .select({ id: u.id, name: u.name })
    .from(u)
    .where(
      sql`${u.id} = any(array(select ${ranked.userId} from ${ranked} where ${ranked.rank} <= ${TOP}))`,
    )
    .as("named");
  return ctx.db
    .with(ranked)
    .select({
      userId: ranked.userId,
      name: sql<string>`coalesce(${named.name}, '')`,
      jobs: ranked.jobs,
      shifts: ranked.shifts,
      approved: ranked.approved,
      pending: ranked.pending,
    })
    .from(ranked)
    .leftJoin(named, eq(named.id, ranked.userId));
}

/**
 * GET statistics/jobs-by-worker: per worker the jobs (distinct) and shifts it filled (booked or
 * further), top 10 workers by jobs then "Other".
 */
export async function jobsByWorker(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "general");
  return standardOrLive(ctx, "jobs-by-worker", filter, jobsByWorkerOf);
}

/** jobs-by-worker computed from the filled places (live, and the background round's answer). */
export async function jobsByWorkerOf(ctx: Ctx, filter: StatisticsFilter): Promise<Statistics> {
  const rows = await withParallelWorkers(ctx, (ctx) =>
    rankedWorkers(
      ctx,
      filter,
      { jobs: true, hours: false },
      (w) => sql`${w.jobs} desc, ${w.shifts} desc`,
    ),
  );
  const cats = new Map<string, Category>();
  for (const r of rows) {
    addTo(cats, String(r.userId), r.name, "Jobs", r.jobs);
    addTo(cats, String(r.userId), r.name, "Shifts", r.shifts);
  }
  return topCategories(
    [...cats.values()],
    (c) => [c.values.get("Jobs") ?? 0, c.values.get("Shifts") ?? 0],
    [
      { name: "Jobs", unit: "count" },
      { name: "Shifts", unit: "count" },
    ],
  );
}

/**
 * GET statistics/hours-by-worker: per worker its reported hours, "Approved" and "Pending"
 * stacked; top 10 workers by all their hours then "Other".
 */
export async function hoursByWorker(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "general");
  return standardOrLive(ctx, "hours-by-worker", filter, hoursByWorkerOf);
}

/** hours-by-worker computed from the filled places (live, and the background round's answer). */
export async function hoursByWorkerOf(ctx: Ctx, filter: StatisticsFilter): Promise<Statistics> {
  const rows = await withParallelWorkers(ctx, (ctx) =>
    rankedWorkers(
      ctx,
      filter,
      { jobs: false, hours: true },
      (w) => sql`${w.approved} + ${w.pending} desc`,
      (w) => sql`${w.approved} + ${w.pending} > 0`,
    ),
  );
  const cats = new Map<string, Category>();
  for (const r of rows) {
    addTo(cats, String(r.userId), r.name, "Approved", Number(r.approved) / 3600);
    addTo(cats, String(r.userId), r.name, "Pending", Number(r.pending) / 3600);
  }
  return topCategories(
    [...cats.values()],
    (c) => [(c.values.get("Approved") ?? 0) + (c.values.get("Pending") ?? 0)],
    [
      { name: "Approved", unit: "hours", stack: "hours" },
      { name: "Pending", unit: "hours", stack: "hours" },
    ],
  );
}
