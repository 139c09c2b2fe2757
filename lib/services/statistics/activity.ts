import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema } from "@/db";
import type { Ctx } from "../context";
import { clientCounts, countsPerLabel, userDay, userKind } from "./count-days";
import { statisticsScope, type StatisticsFilter } from "./filter";
import { addTo, alignTo, series, topCategories, type Category } from "./series";
import { standardOrLive } from "./standard-answers";
import {
  filledPlace,
  hoursOf,
  inRange,
  jobFilter,
  labelOf,
  localDate,
  notRolledUp,
  rolledUpTotals,
} from "./sql";
import type { Statistics } from "./types";

/**
 * /insights (can_view_statistics): jobs, reported hours, jobs per client and users. Counted in
 * SQL, one query per call. A client contact sees its own company's figures only.
 */

const j = schema.jobs;
const sh = schema.shifts;
const sl = schema.shiftSlots;
const a = schema.applications;
const rh = schema.reportedHours;
const seconds = sql`extract(epoch from (${rh.endsAt} - ${rh.startsAt}))`;

/**
 * GET statistics/jobs: jobs per day or month of their first shift (the job's local date):
 * "Jobs" (not cancelled) and "Cancelled".
 */
export async function jobs(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "general");
  if (unfiltered(filter)) {
    const counts = await countsPerLabel(ctx.db, "jobs", filter);
    return {
      labels: filter.labels,
      series: [
        series("Jobs", alignSeries(filter, counts, "live"), "count"),
        series("Cancelled", alignSeries(filter, counts, "cancelled"), "count"),
      ],
    };
  }
  // Counted per local day first, labelled per day after: the label's text is made a few
  // hundred times, not once per job of the range.
  const perDay = ctx.db
    .select({
      day: sql<string>`${localDate(j.startsAt)}`.as("day"),
      live: sql<number>`count(*) filter (where ${j.status} <> 'Cancelled')`.as("live"),
      cancelled: sql<number>`count(*) filter (where ${j.status} = 'Cancelled')`.as("cancelled"),
    })
    .from(j)
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .where(and(jobFilter(filter), inRange(j.startsAt, filter)))
    .groupBy(sql`1`)
    .as("per_day");
  const label = labelOf(perDay.day, filter.grain);
  const rows = await ctx.db
    .select({
      label,
      live: sql<number>`sum(${perDay.live})::int`,
      cancelled: sql<number>`sum(${perDay.cancelled})::int`,
    })
    .from(perDay)
    .groupBy(label);
  return {
    labels: filter.labels,
    series: [
      series(
        "Jobs",
        alignTo(
          filter.labels,
          rows.map((r) => ({ label: r.label, value: r.live })),
        ),
        "count",
      ),
      series(
        "Cancelled",
        alignTo(
          filter.labels,
          rows.map((r) => ({ label: r.label, value: r.cancelled })),
        ),
        "count",
      ),
    ],
  };
}

/**
 * GET statistics/reportedHours: reported hours per day or month of their shift, "Approved" and
 * "Pending" (reported, not yet approved) stacked; decimal hours. Filled places on live shifts
 * and slots only (the projection's rows).
 */
export async function reportedHours(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "general");
  // Jobs rolled up read their totals per day (job-days.ts), the others their reports; summed
  // as numeric in one statement, so both halves read one snapshot and the sum is exact.
  const days = rolledUpTotals(ctx.db, filter, "label");
  const totals = ctx.db
    .select({
      label: labelOf(days.day, filter.grain).as("label"),
      approved: sql<string>`sum(${days.approvedSeconds})`.as("approved"),
      pending: sql<string>`sum(${days.pendingSeconds})`.as("pending"),
    })
    .from(days)
    .groupBy(sql`1`);
  const reports = ctx.db
    .select({
      label: labelOf(localDate(sh.startsAt), filter.grain).as("label"),
      approved: sql<string>`sum(${seconds}) filter (where ${rh.approvedAt} is not null)`.as(
        "approved",
      ),
      pending: sql<string>`sum(${seconds}) filter (where ${rh.approvedAt} is null)`.as("pending"),
    })
    .from(rh)
    .innerJoin(a, eq(a.id, rh.applicationId))
    .innerJoin(sl, eq(sl.id, a.shiftSlotId))
    .innerJoin(sh, eq(sh.id, sl.shiftId))
    .innerJoin(j, eq(j.id, sh.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .where(
      and(filledPlace(), notRolledUp(sh.jobId), jobFilter(filter), inRange(sh.startsAt, filter)),
    )
    .groupBy(sql`1`);
  const both = totals.unionAll(reports).as("both");
  const rows = await ctx.db
    .select({
      label: both.label,
      approved: sql<number>`coalesce(sum(${both.approved}), 0)::float8`,
      pending: sql<number>`coalesce(sum(${both.pending}), 0)::float8`,
    })
    .from(both)
    .groupBy(both.label);
  const hours = (pick: (r: (typeof rows)[number]) => number) =>
    alignTo(
      filter.labels,
      rows.map((r) => ({ label: r.label, value: pick(r) })),
    ).map(hoursOf);
  return {
    labels: filter.labels,
    series: [
      series(
        "Approved",
        hours((r) => Number(r.approved)),
        "hours",
        { stack: "hours" },
      ),
      series(
        "Pending",
        hours((r) => Number(r.pending)),
        "hours",
        { stack: "hours" },
      ),
    ],
  };
}

/** GET statistics/jobs-per-client: jobs (not cancelled) per client, top 10 then "Other". */
export async function jobsPerClient(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "general");
  return standardOrLive(ctx, "jobs-per-client", filter, jobsPerClientOf);
}

/** jobs-per-client computed for a scoped filter (live, and the background round's answer). */
export async function jobsPerClientOf(ctx: Ctx, filter: StatisticsFilter): Promise<Statistics> {
  const rows = unfiltered(filter)
    ? await clientCounts(ctx.db, filter)
    : await liveJobsPerClient(ctx, filter);
  const cats = new Map<string, Category>();
  for (const r of rows) addTo(cats, String(r.companyId), r.name, "Jobs", r.n);
  return topCategories([...cats.values()], (c) => [c.values.get("Jobs") ?? 0], [
    { name: "Jobs", unit: "count" },
  ]);
}

/** Jobs per client of a company or branch filter, counted from the jobs. */
async function liveJobsPerClient(ctx: Ctx, filter: StatisticsFilter) {
  // Counted per client id, named after: the few hundred clients are joined, not every job.
  const perClient = ctx.db
    .select({ companyId: j.companyId, n: sql<number>`count(*)`.as("n") })
    .from(j)
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .where(and(jobFilter(filter), inRange(j.startsAt, filter), sql`${j.status} <> 'Cancelled'`))
    .groupBy(j.companyId)
    .as("per_client");
  return ctx.db
    .select({
      companyId: perClient.companyId,
      name: schema.companies.name,
      n: sql<number>`${perClient.n}::int`,
    })
    .from(perClient)
    .innerJoin(schema.companies, eq(schema.companies.id, perClient.companyId));
}

const u = schema.users;

/** No company or branch filter: the count roll-up (count-days.ts) answers for all jobs and users. */
const unfiltered = (f: StatisticsFilter) => f.companyId === null && f.branchIds === null;

/** One series of the roll-up's counts on the time axis. */
const alignSeries = (
  f: StatisticsFilter,
  counts: { label: string; series: string; n: number }[],
  name: string,
) =>
  alignTo(
    f.labels,
    counts.filter((c) => c.series === name).map((c) => ({ label: c.label, value: c.n })),
  );

/**
 * GET statistics/users: users created per day or month (agency time zone), "Workers",
 * "Client contacts" and "Office" (any other role). filter[company_id]: that company's users;
 * branches: users of those branches. Archived users are not counted.
 */
export async function users(ctx: Ctx, raw: unknown): Promise<Statistics> {
  const { filter } = statisticsScope(ctx, raw, "general");
  if (unfiltered(filter)) {
    const counts = await countsPerLabel(ctx.db, "users", filter);
    return {
      labels: filter.labels,
      series: [
        series("Workers", alignSeries(filter, counts, "worker"), "count"),
        series("Client contacts", alignSeries(filter, counts, "client"), "count"),
        series("Office", alignSeries(filter, counts, "office"), "count"),
      ],
    };
  }
  const day = userDay;
  const kind = userKind;
  // Counted per day first, labelled after (the label's text made per day, not per user).
  const perDay = ctx.db
    .select({
      day: sql<string>`${day}`.as("day"),
      kind: kind.as("kind"),
      n: sql<number>`count(*)`.as("n"),
    })
    .from(u)
    .where(
      and(
        isNull(u.deletedAt),
        inRange(u.createdAt, filter, day),
        filter.companyId !== null ? eq(u.companyId, filter.companyId) : undefined,
        filter.branchIds
          ? sql`exists (select 1 from ${schema.userBranches} where ${schema.userBranches.userId} = ${u.id} and ${inArray(schema.userBranches.branchId, filter.branchIds)})`
          : undefined,
      ),
    )
    // By position: the role checks carry bound parameters, which differ between the select
    // list and a repeated GROUP BY expression.
    .groupBy(sql`1, 2`)
    .as("per_day");
  const label = labelOf(perDay.day, filter.grain);
  const rows = await ctx.db
    .select({ label, kind: perDay.kind, n: sql<number>`sum(${perDay.n})::int` })
    .from(perDay)
    .groupBy(label, perDay.kind);
  const of = (k: string) =>
    alignTo(
      filter.labels,
      rows.filter((r) => r.kind === k).map((r) => ({ label: r.label, value: r.n })),
    );
  return {
    labels: filter.labels,
    series: [
      series("Workers", of("worker"), "count"),
      series("Client contacts", of("client"), "count"),
      series("Office", of("office"), "count"),
    ],
  };
}
