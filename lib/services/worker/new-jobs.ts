import {
  and,
  asc,
  count,
  eq,
  gt,
  isNull,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { precompiled, schema, type DbOrTx } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import {
  requireApprovedUser,
  requirePermission,
  requireUser,
  type Ctx,
  type UserActor,
} from "../context";
import {
  cappedPageMeta,
  countWindow,
  offsetOf,
  pageInput,
  pageMeta,
  type Page,
} from "../pagination";
import { lookup } from "../lookup";
import { flag } from "../params";
import { parseInput } from "../validate";
import { filledOfSlot } from "../jobs/list";
import type { KnownSkills } from "../rates/lookup";
import { earningsOfSlots, type EarningsEstimate } from "./earnings-of";

export const newJobsInput = pageInput(10).extend({ count: flag });

/** One open slot of an upcoming shift the worker may apply for. */
export interface NewJob {
  shift_id: number;
  shift_slot_id: number;
  start: string;
  end: string;
  time_zone: string;
  job: { id: number; name: string };
  company: { id: number; name: string };
  venue: { id: number; name: string } | null;
  address: string | null;
  city: string | null;
  skill: { id: number; name: string };
  positions: number;
  filled: number;
  notes_for_workers: string | null;
  dresscode: string | null;
  /** What one position would pay this worker (its worker rate on the job); null with a reason
   *  when it has no rate for the skill. */
  estimate: EarningsEstimate | null;
  estimate_reason: string | null;
}

export interface NewJobsCount {
  count: number;
  /** What the menu and the tab show (spec §9): the number, or "20+" at 20 or more. */
  label: string;
}

/** The counter stops counting here: it never needs to know more than "20 or more". */
export const NEW_JOBS_CAP = 20;
export const newJobsLabel = (n: number): string =>
  n >= NEW_JOBS_CAP ? `${NEW_JOBS_CAP}+` : String(n);

const slot = schema.shiftSlots;
const s = schema.shifts;
const j = schema.jobs;
const app = schema.applications;
const sbb = schema.slotBookBranches;

/** What `openTo` compares with: values, or the placeholders of a precompiled statement. */
interface OpenTo {
  now: Date | Placeholder;
  me: number | Placeholder;
  /** Arrays as one parameter each (`sql.param` or a placeholder), so the text stays the same. */
  skillIds: SQLWrapper | Placeholder;
  branchIds: SQLWrapper | Placeholder;
}

/**
 * The open slots a worker may apply for: a live slot of one of the worker's skills, on a live
 * shift that has not started, of a Published job whose book_from_branches (none = any) include
 * one of the worker's branches, on a shift the worker has no application on (any status), with
 * a position still free. `openTests` holds all but the skill and the branch, which the list's
 * walk (`walkOpen`) finds along an index instead.
 */
function openTo(p: OpenTo): SQL {
  const jb = schema.jobBranches;
  return and(
    ...openTests(p),
    // The ids as values, not a subquery: the planner then sees how rare each skill is and
    // walks the slots of a rare skill instead of every upcoming shift.
    sql`${slot.skillId} = any(${p.skillIds})`,
    // No branches (any branch may book), or one of the worker's: one probe of the job's rows.
    // Written as `not exists … or exists …` PostgreSQL hashed all of job_branches for every call
    // (50,000 rows at scale). A worker without branches matches no branch (any of an empty array
    // is false): one text.
    sql`coalesce((select bool_or(${jb.branchId} = any(${p.branchIds})) from ${jb} where ${jb.jobId} = ${j.id}), true)`,
  )!;
}

/**
 * `openTo`'s tests of one slot, its shift and its job, but its skill and its job's branches.
 * `startTested`: the caller tests the shift's start already (the walk, on slot_book_branches'
 * copy of it) — tested again on shifts, PostgreSQL read every upcoming shift from the
 * calendar's index (shifts_live_starts_at_idx, 22,000 at scale) and hashed them into the walk.
 */
function openTests(p: Pick<OpenTo, "now" | "me">, startTested = false): SQL[] {
  return [
    isNull(slot.deletedAt),
    isNull(s.deletedAt),
    ...(startTested ? [] : [gt(s.startsAt, p.now)]),
    eq(j.status, "Published"),
    isNull(j.deletedAt),
    sql`not exists (select 1 from ${app} where ${app.shiftId} = ${s.id} and ${app.assigneeId} = ${p.me})`,
    sql`${filledOfSlot} < ${slot.positions}`,
  ];
}

/** The worker's branches and 0 (the rows of jobs that name no branch), one row each. */
const walkBranches = (): SQL =>
  sql`unnest(array_append(${sql.placeholder("branchIds")}::int[], 0)) as walk_branch(id)`;

/**
 * The open slots of one row of `walkBranches`, up to the placeholder `reach` of them: the
 * branch's slots of the worker's skills along slot_book_branches by start (an index walk that
 * stops at `reach`), each tested as `openTo` does. `ordered` walks in the page's order, so the
 * first `reach` of every branch hold the first `reach` of all (a slot of a job booking from
 * two of the worker's branches comes twice: callers take distinct slots).
 */
function walkOpen(db: DbOrTx, reach: string, ordered: boolean) {
  const q = db
    .select({
      startsAt: sql<Date>`${sbb.startsAt}`.mapWith(sbb.startsAt).as("walk_starts_at"),
      shiftId: sql<number>`${sbb.shiftId}`.as("walk_shift_id"),
      slotId: sql<number>`${sbb.shiftSlotId}`.as("walk_slot_id"),
    })
    .from(sbb)
    .innerJoin(slot, eq(slot.id, sbb.shiftSlotId))
    .innerJoin(s, eq(s.id, sbb.shiftId))
    .innerJoin(j, eq(j.id, s.jobId))
    .where(
      and(
        sql`${sbb.branchId} = walk_branch.id`,
        gt(sbb.startsAt, sql.placeholder("now")),
        sql`${sbb.skillId} = any(${sql.placeholder("skillIds")})`,
        // The shift's start is the row's own copy (kept by triggers; db:check slot-book-branches).
        ...openTests({ now: sql.placeholder("now"), me: sql.placeholder("me") }, true),
      ),
    )
    .limit(sql.placeholder(reach));
  return (ordered ? q.orderBy(asc(sbb.startsAt), asc(sbb.shiftId), asc(sbb.shiftSlotId)) : q).as(
    "walk",
  );
}

/** `openTo` with the worker's own values (a statement built for one call). */
export function openToWorker(ctx: Ctx, worker: Worker): SQL {
  return openTo({
    now: ctx.now,
    me: worker.actor.userId,
    skillIds: sql.param(worker.skillIds),
    branchIds: sql.param(worker.actor.branchIds),
  });
}

/** The placeholders' values for the worker (`walkOpen`). */
const openToValues = (ctx: Ctx, worker: Worker) => ({
  now: ctx.now,
  me: worker.actor.userId,
  skillIds: worker.skillIds,
  branchIds: worker.actor.branchIds,
});

export interface Worker {
  actor: UserActor;
  skillIds: number[];
  /** Its skills' parents and its level in each, for pricing its estimates without reading
   *  them again. */
  skills: KnownSkills;
}

/** The worker's skills with their parents and levels: read on every list and counter call. */
const skillsOfWorker = precompiled<{ userId: number }, ReturnType<typeof skillsOfWorkerQuery>>(
  "worker_skills_with_parents",
  (db) => skillsOfWorkerQuery(db),
);
function skillsOfWorkerQuery(db: DbOrTx) {
  return db
    .select({
      skillId: schema.userSkills.skillId,
      levelId: schema.userSkills.levelId,
      parentId: schema.skills.parentId,
    })
    .from(schema.userSkills)
    .innerJoin(schema.skills, eq(schema.skills.id, schema.userSkills.skillId))
    .where(eq(schema.userSkills.userId, sql.placeholder("userId")));
}

/** The acting worker with its skills (exact skill ids; a parent skill does not match). */
export async function workerOf(ctx: Ctx): Promise<Worker> {
  // An applicant sees no open shifts: it may not apply until the agency approves it.
  const actor = requireApprovedUser(ctx);
  const rows = await skillsOfWorker(ctx.db, { userId: actor.userId });
  return {
    actor,
    skillIds: rows.map((r) => r.skillId),
    skills: {
      parents: new Map(rows.map((r) => [r.skillId, r.parentId])),
      levels: rows.map((r) => ({ userId: actor.userId, skillId: r.skillId, levelId: r.levelId })),
    },
  };
}

/** The slots open to the worker, up to the placeholder `cap` of them only (what the count counts). */
function openSlotsUpTo(db: DbOrTx) {
  const walk = walkOpen(db, "cap", false);
  return db
    .selectDistinct({ slotId: walk.slotId })
    .from(walkBranches())
    .crossJoinLateral(walk)
    .limit(sql.placeholder("cap"));
}

// The counter (every screen's menu) and the list's own count past its last page.
const countOpen = precompiled<
  ReturnType<typeof openToValues> & { cap: number },
  ReturnType<typeof countOpenQuery>
>("worker_new_jobs_count", (db) => countOpenQuery(db));
function countOpenQuery(db: DbOrTx) {
  return db.select({ n: count() }).from(openSlotsUpTo(db).as("capped"));
}

/** How many slots are open to the worker, counted up to `cap` only (a LIMIT subquery). */
async function countOpenSlots(ctx: Ctx, worker: Worker, cap: number): Promise<number> {
  if (!worker.skillIds.length) return 0;
  const [row] = await countOpen(ctx.db, { ...openToValues(ctx, worker), cap });
  return Number(row?.n ?? 0);
}

/** The menu counter: how many open slots, counted up to the cap only (LIMIT 20). */
export async function newJobsCount(ctx: Ctx): Promise<NewJobsCount> {
  requirePermission(ctx, "my_dashboard_access");
  const n = await countOpenSlots(ctx, await workerOf(ctx), NEW_JOBS_CAP);
  return { count: n, label: newJobsLabel(n) };
}

/**
 * GET my-dashboard/new-jobs: the open slots of upcoming shifts the worker may apply for,
 * soonest first, paged; with `count` set, only the counter ({ count, label }).
 */
export async function newJobs(ctx: Ctx, raw: unknown = {}): Promise<Page<NewJob> | NewJobsCount> {
  requirePermission(ctx, "my_dashboard_access");
  requireUser(ctx);
  const input = parseInput(newJobsInput, raw);
  if (input.count) return newJobsCount(ctx);
  return newJobsPage(ctx, input.page, input.perPage);
}

/** The list of new jobs only (for the screen, which always wants the page). */
export async function newJobsList(ctx: Ctx, raw: unknown = {}): Promise<Page<NewJob>> {
  requirePermission(ctx, "my_dashboard_access");
  requireUser(ctx);
  const input = parseInput(newJobsInput, raw);
  return newJobsPage(ctx, input.page, input.perPage);
}

/**
 * The page of open slots with the names around them and the total. Built once per process: its
 * build cost Drizzle more CPU than the rest of the call. Still planned with each call's values
 * (the pool's plan_cache_mode=force_custom_plan): the best walk depends on how rare the
 * worker's skills are (`openTo`).
 */
const newJobsPageRows = precompiled<
  ReturnType<typeof openToValues> & {
    limit: number;
    offset: number;
    reach: number;
    cap: number;
  },
  ReturnType<typeof newJobsPageQuery>
>("worker_new_jobs_page", (db) => newJobsPageQuery(db));
function newJobsPageQuery(db: DbOrTx) {
  // The page is picked by the walk (`walkOpen`: the first offset + limit slots of each of the
  // worker's branches, distinct, in the page's order), and only its rows are joined to the
  // names around them. A subquery with LIMIT is planned on its own, so the planner weighs the
  // orders of 3 tables and then of 6, not of 9 at once: on PGlite planning the one big join
  // cost more than running it. The subquery's columns carry a prefix because Drizzle names
  // them unqualified in the outer query, where countries and companies have columns alike.
  const walk = walkOpen(db, "reach", true);
  const walked = db
    .selectDistinct({ startsAt: walk.startsAt, shiftId: walk.shiftId, slotId: walk.slotId })
    .from(walkBranches())
    .crossJoinLateral(walk)
    .orderBy(asc(walk.startsAt), asc(walk.shiftId), asc(walk.slotId))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("walked");
  const picked = db
    .select({
      shiftId: sql<number>`${s.id}`.as("picked_shift_id"),
      slotId: sql<number>`${slot.id}`.as("picked_slot_id"),
      startsAt: sql<Date>`${s.startsAt}`.mapWith(s.startsAt).as("picked_starts_at"),
      endsAt: sql<Date>`${s.endsAt}`.mapWith(s.endsAt).as("picked_ends_at"),
      jobId: sql<number>`${j.id}`.as("picked_job_id"),
      jobName: sql<string>`${j.name}`.as("picked_job_name"),
      companyId: sql<number>`${j.companyId}`.as("picked_company_id"),
      countryId: sql<number>`${j.countryId}`.as("picked_country_id"),
      venueId: sql<number | null>`${j.venueId}`.as("picked_venue_id"),
      jobAddress: sql<string | null>`${j.address}`.as("picked_job_address"),
      jobCity: sql<string | null>`${j.city}`.as("picked_job_city"),
      dressCodeId: sql<number | null>`coalesce(${s.dressCodeId}, ${j.dressCodeId})`.as(
        "picked_dress_code_id",
      ),
      skillId: sql<number>`${slot.skillId}`.as("picked_skill_id"),
      positions: sql<number>`${slot.positions}`.as("picked_positions"),
      filled: sql<number>`${filledOfSlot}`.as("picked_filled"),
      notesForWorkers: sql<string | null>`${s.notesForWorkers}`.as("picked_notes_for_workers"),
    })
    .from(walked)
    .innerJoin(slot, eq(slot.id, walked.slotId))
    .innerJoin(s, eq(s.id, slot.shiftId))
    .innerJoin(j, eq(j.id, s.jobId))
    .as("picked");
  // The names around the page's rows are looked up per row (lookup): joined, the five tables
  // were planned with the picked rows on each call (~3.7 ms of planning at scale for ~2.8 ms of
  // execution, session 15). The picked columns' prefixes keep them apart from the looked-up
  // tables' own columns inside each subquery.
  const venueOf = (column: string) => lookup<string | null>("venues", column, picked.venueId);
  return db
    .select({
      shiftId: picked.shiftId,
      slotId: picked.slotId,
      startsAt: picked.startsAt,
      endsAt: picked.endsAt,
      timeZone: lookup<string>("countries", "time_zone", picked.countryId),
      jobId: picked.jobId,
      jobName: picked.jobName,
      companyId: picked.companyId,
      companyName: lookup<string>("companies", "name", picked.companyId),
      venueId: picked.venueId,
      venueName: venueOf("name"),
      address: sql<string | null>`coalesce(${picked.jobAddress}, ${venueOf("address")})`,
      city: sql<string | null>`coalesce(${picked.jobCity}, ${venueOf("city")})`,
      skillId: picked.skillId,
      skillName: lookup<string>("skills", "name", picked.skillId),
      positions: picked.positions,
      filled: picked.filled,
      notesForWorkers: picked.notesForWorkers,
      dressCode: lookup<string | null>("dress_codes", "name", picked.dressCodeId),
      // The total rides on the page: one statement, and the count and the rows agree.
      total: sql<number>`(select count(*) from ${openSlotsUpTo(db)} capped)`.mapWith(Number),
    })
    .from(picked)
    .orderBy(asc(picked.startsAt), asc(picked.shiftId), asc(picked.slotId));
}

async function newJobsPage(ctx: Ctx, page: number, perPage: number): Promise<Page<NewJob>> {
  const worker = await workerOf(ctx);
  if (!worker.skillIds.length) return { items: [], meta: pageMeta(page, perPage, 0) };
  // The total is counted ten pages past this one only (countWindow) and is a floor beyond
  // that: each open slot counted is a shift, a job and its places looked up, and counting
  // every one cost far more than the page (a worker with common skills has thousands).
  const window = countWindow(page, perPage);
  const rows = await newJobsPageRows(ctx.db, {
    ...openToValues(ctx, worker),
    limit: perPage,
    offset: offsetOf(page, perPage),
    reach: offsetOf(page, perPage) + perPage,
    cap: window + 1,
  });
  // Past the last page no row carries the total: only then is it counted on its own.
  const total = rows.length
    ? rows[0].total
    : page > 1
      ? await countOpenSlots(ctx, worker, window + 1)
      : 0;
  // One batched step for the page's estimates (a fixed number of queries, no N+1).
  const earnings = await earningsOfSlots(ctx.db, worker.actor.userId, rows, worker.skills);
  return {
    items: rows.map((r) => ({
      shift_id: r.shiftId,
      shift_slot_id: r.slotId,
      start: isoInZone(r.startsAt, r.timeZone),
      end: isoInZone(r.endsAt, r.timeZone),
      time_zone: r.timeZone,
      job: { id: r.jobId, name: r.jobName },
      company: { id: r.companyId, name: r.companyName },
      venue: r.venueId ? { id: r.venueId, name: r.venueName ?? "" } : null,
      address: r.address,
      city: r.city,
      skill: { id: r.skillId, name: r.skillName },
      positions: r.positions,
      filled: Number(r.filled),
      notes_for_workers: r.notesForWorkers,
      dresscode: r.dressCode,
      estimate: earnings.get(r.slotId)?.estimate ?? null,
      estimate_reason: earnings.get(r.slotId)?.reason ?? null,
    })),
    meta: cappedPageMeta(page, perPage, total, window),
  };
}
