import { z } from "zod";
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
} from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import { JOB_STATUSES, statusFromSlug, type JobStatus } from "@/lib/domain/statuses";
import { requirePermission, requireUser, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { flag, idList, optionalId, searchText, strictFlag } from "../params";
import { parseInput } from "../validate";
import { escapeLike } from "../like";
import { lookup, qualified } from "../lookup";
import { jobScope, ownJob } from "./scope";
import { filledOfSlot, hasUnfilledSlotSoon } from "./fill";

export const jobsListInput = pageInput(10).extend({
  past: flag,
  own: flag,
  /** Jobs with a slot not yet full on a shift starting within the next 48 hours. */
  unfilled: strictFlag,
  filter: z
    .object({
      company_id: optionalId,
      country_id: optionalId,
      search: searchText,
      upcoming: flag,
      past: flag,
      status: searchText,
      branches: idList,
      own: flag,
      unfilled: strictFlag,
    })
    .optional()
    .default({}),
});

export interface JobListItem {
  id: number;
  name: string;
  status: JobStatus;
  reason: string | null;
  company: { id: number; name: string };
  country: { id: number; name: string; time_zone: string };
  venue: { id: number; name: string } | null;
  city: string | null;
  start: string | null;
  end: string | null;
  project_manager: { id: number; name: string } | null;
  contact_on_location: { id: number; name: string } | null;
  shifts_count: number;
  positions: number;
  filled: number;
}

const upcoming = aliasedTable(schema.jobs, "upcoming");
const job = (column: string) => qualified("jobs", column);

/**
 * The earliest start of the live jobs not yet ended, read from jobs_live_ends_at_idx alone (the
 * upcoming jobs' entries). `+ interval '0 s'` keeps PostgreSQL from turning min() into "the
 * first row by start": that walks the start index through every ended job to find it.
 */
const earliestUpcomingStart = (now: Date) =>
  sql`(select min(${upcoming.startsAt} + interval '0 s') from ${schema.jobs} as ${sql.identifier("upcoming")} where ${isNull(upcoming.deletedAt)} and ${gte(upcoming.endsAt, now)})`;

/**
 * GET jobs: upcoming (not yet ended, soonest first) or past (ended, latest first), in the
 * user's scope, filtered and paged on the server. Three queries whatever the page size: the
 * count and the page at once, then the positions of the page's jobs.
 */
export async function listJobs(ctx: Ctx, raw: unknown): Promise<Page<JobListItem>> {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  const input = parseInput(jobsListInput, raw);
  const f = input.filter;
  const past = Boolean(input.past ?? f.past) && !f.upcoming;
  const own = Boolean(input.own ?? f.own);
  const unfilled = Boolean(input.unfilled ?? f.unfilled);

  let status: JobStatus | undefined;
  if (f.status) {
    status = statusFromSlug(JOB_STATUSES, f.status) ?? undefined;
    if (!status)
      throw new ValidationError(`Unknown status "${f.status}".`, {
        "filter.status": [`Use one of: ${JOB_STATUSES.join(", ")}.`],
      });
  }

  const where = and(
    jobScope(actor),
    // Every job has shifts, so ends_at is set; NULL never matches either tab.
    past ? lt(schema.jobs.endsAt, ctx.now) : gte(schema.jobs.endsAt, ctx.now),
    // Bounds on the start that the tab implies, so the page walks the start index from where
    // its rows begin: the ended jobs of years (45,000 at scale) sit before the first upcoming
    // one, and the page query skipped them one by one (~100 ms; with the bound < 1 ms).
    past
      ? lt(schema.jobs.startsAt, ctx.now)
      : gte(schema.jobs.startsAt, earliestUpcomingStart(ctx.now)),
    f.company_id ? eq(schema.jobs.companyId, f.company_id) : undefined,
    f.country_id ? eq(schema.jobs.countryId, f.country_id) : undefined,
    status ? eq(schema.jobs.status, status) : undefined,
    unfilled ? hasUnfilledSlotSoon(ctx.db, ctx.now) : undefined,
    own ? ownJob(actor.userId) : undefined,
    f.branches?.length
      ? exists(
          ctx.db
            .select({ one: sql`1` })
            .from(schema.jobBranches)
            .where(
              and(
                eq(schema.jobBranches.jobId, schema.jobs.id),
                inArray(schema.jobBranches.branchId, f.branches),
              ),
            ),
        )
      : undefined,
    f.search
      ? or(
          sql`lower(${schema.jobs.name}) like ${`%${escapeLike(f.search.toLowerCase())}%`}`,
          ilike(schema.jobs.invoiceReference, `%${escapeLike(f.search)}%`),
          inArray(
            schema.jobs.companyId,
            ctx.db
              .select({ id: schema.companies.id })
              .from(schema.companies)
              .where(ilike(schema.companies.name, `%${escapeLike(f.search)}%`)),
          ),
        )
      : undefined,
  );

  const countQuery = ctx.db.select({ total: count() }).from(schema.jobs).where(where);

  // The page reads jobs alone; its company, country, venue and people are looked up per row
  // (lookup: a six-table join cost 4.4 ms of planning a call at scale).
  const pageQuery = ctx.db
    .select({
      id: schema.jobs.id,
      name: schema.jobs.name,
      status: schema.jobs.status,
      reason: schema.jobs.reason,
      startsAt: schema.jobs.startsAt,
      endsAt: schema.jobs.endsAt,
      city: schema.jobs.city,
      companyId: schema.jobs.companyId,
      companyName: lookup<string>("companies", "name", job("company_id")),
      countryId: schema.jobs.countryId,
      countryName: lookup<string>("countries", "name", job("country_id")),
      timeZone: lookup<string>("countries", "time_zone", job("country_id")),
      venueId: schema.jobs.venueId,
      venueName: lookup<string | null>("venues", "name", job("venue_id")),
      pmId: schema.jobs.projectManagerId,
      pmName: lookup<string | null>("users", "name", job("project_manager_id")),
      colId: schema.jobs.contactOnLocationId,
      colName: lookup<string | null>("users", "name", job("contact_on_location_id")),
    })
    .from(schema.jobs)
    .where(where)
    .orderBy(
      ...(past
        ? [desc(schema.jobs.startsAt), desc(schema.jobs.id)]
        : [asc(schema.jobs.startsAt), asc(schema.jobs.id)]),
    )
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));

  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () => countQuery,
    () => pageQuery,
  );
  const figures = await jobFigures(
    ctx,
    rows.map((r) => r.id),
  );

  const items = rows.map((r): JobListItem => {
    const fig = figures.get(r.id);
    return {
      id: r.id,
      name: r.name,
      status: r.status,
      reason: r.reason,
      company: { id: r.companyId, name: r.companyName },
      country: { id: r.countryId, name: r.countryName, time_zone: r.timeZone },
      venue: r.venueId ? { id: r.venueId, name: r.venueName! } : null,
      city: r.city,
      start: r.startsAt ? isoInZone(r.startsAt, r.timeZone) : null,
      end: r.endsAt ? isoInZone(r.endsAt, r.timeZone) : null,
      project_manager: r.pmId ? { id: r.pmId, name: r.pmName! } : null,
      contact_on_location: r.colId ? { id: r.colId, name: r.colName! } : null,
      shifts_count: fig?.shifts ?? 0,
      positions: fig?.positions ?? 0,
      filled: fig?.filled ?? 0,
    };
  });
  return { items, meta: pageMeta(input.page, input.perPage, Number(total)) };
}

export { filledOfSlot };

/** Shifts, positions and filled positions of several jobs in one query (the fill figure). */
export async function jobFigures(ctx: Ctx, jobIds: number[]) {
  const out = new Map<number, { shifts: number; positions: number; filled: number }>();
  if (!jobIds.length) return out;
  const rows = await ctx.db
    .select({
      jobId: schema.shifts.jobId,
      shifts: sql<number>`count(distinct ${schema.shifts.id})::int`,
      positions: sql<number>`coalesce(sum(${schema.shiftSlots.positions}), 0)::int`,
      filled: sql<number>`coalesce(sum(least(${filledOfSlot}, ${schema.shiftSlots.positions})), 0)::int`,
    })
    .from(schema.shifts)
    .leftJoin(
      schema.shiftSlots,
      and(eq(schema.shiftSlots.shiftId, schema.shifts.id), isNull(schema.shiftSlots.deletedAt)),
    )
    .where(and(inArray(schema.shifts.jobId, jobIds), isNull(schema.shifts.deletedAt)))
    .groupBy(schema.shifts.jobId);
  for (const r of rows)
    out.set(r.jobId, {
      shifts: Number(r.shifts),
      positions: Number(r.positions),
      filled: Number(r.filled),
    });
  return out;
}
