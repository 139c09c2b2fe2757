import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { hashPassword } from "@/lib/auth/password";
import {
  APPLICATION_STATUSES,
  FILLED_STATUSES,
  type ApplicationStatus,
} from "@/lib/domain/statuses";
import { AGENCY_TIME_ZONE } from "@/lib/services/viewer-zone";
import { DEMO_PASSWORD } from "../data/people";
import { loadContext, one, rows } from "./context";
import { APPS_PER_SHIFT, BASE_TABLES, sizesAt, type Bases } from "./bulk";
import { lit } from "./random-sql";
import { bulkStatements } from "./statements";

export { sizesAt, FULL } from "./bulk";

export interface ScaleOptions {
  /** 1 = full scale (25,000 workers, 50,000 jobs, 1,000,000 applications); 0.1 = small. */
  factor: number;
  /** Same seed (and same `now`) → same rows. */
  seed: number;
  /** Jobs fall from about 33 months before `now` to 3 months after it. */
  now: Date;
  /**
   * Keep the foreign-key triggers on while loading (tests: proves the rows reference what
   * exists). Off by default: a superuser loads with `session_replication_role = replica`, which
   * skips the per-row checks of the bulk's own rows (about half the load time at full scale).
   */
  checkReferences?: boolean;
  /** Called after each statement with its label and time, for progress output. */
  onStep?: (label: string, ms: number) => void;
}

/** What the bulk made (rows added by seedScale, the demo's not counted). */
export interface ScaleSummary {
  workers: number;
  clients: number;
  contacts: number;
  venues: number;
  clientRates: number;
  documents: number;
  jobs: number;
  shifts: number;
  shiftSlots: number;
  applications: Record<ApplicationStatus, number>;
  applicationsTotal: number;
  reportedHours: number;
  salaryRuns: number;
  salaryLines: number;
  quotes: number;
  chatMessages: number;
  activityRows: number;
}

/** Bulk workers and contacts have these addresses: how a database with scale data is told. */
const BULK_EMAIL = "%@crew.example.test";

export class ScaleSeedRefused extends Error {}

/**
 * The scale data set (issue 27) on top of the demo: bulk workers with skills, levels, documents
 * and payment details; clients with contacts, venues and rate cards; three years of jobs with
 * four shifts each, their skill slots, five applications a shift in every status, reported and
 * approved hours, salary runs and lines, quotes, chat history and activity rows.
 *
 * Runs the BULK ONLY: it assumes `seedDemo` already ran on this database (the demo accounts,
 * reference data and stories stay as they are) and refuses a database that already holds scale
 * data. Everything is built by the server (`INSERT … SELECT … FROM generate_series`) in one
 * transaction, deterministically from `seed` and `now`; ends with ANALYZE.
 */
export async function seedScale(db: Db, opts: ScaleOptions): Promise<ScaleSummary> {
  if (!(opts.factor > 0 && opts.factor <= 4))
    throw new ScaleSeedRefused("The scale factor must be above 0 and at most 4.");
  if (!Number.isSafeInteger(opts.seed) || opts.seed < 0 || opts.seed > 2 ** 31)
    throw new ScaleSeedRefused("The seed must be a whole number from 0 to 2147483648.");
  const sizes = sizesAt(opts.factor);
  const summary = await db.transaction(async (tx) => {
    const present = await one<{ n: number }>(
      tx,
      `select count(*)::int as n from (select 1 from users where email like '${BULK_EMAIL}' limit 1) x`,
    );
    if (Number(present.n) > 0)
      throw new ScaleSeedRefused(
        "This database already holds scale data; start from an empty one.",
      );
    // One hash for every bulk user: they all sign in with the demo password.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    if (!opts.checkReferences) {
      const su = await one<{ on: string }>(tx, `select current_setting('is_superuser') as on`);
      if (su.on === "on") await tx.execute(sql.raw(`set local session_replication_role = replica`));
    }
    await tx.execute(sql.raw(`set local work_mem = '128MB'`));
    const ctx = await loadContext(tx);
    // A shift's applications on one slot take distinct workers of that skill's pool (work.ts).
    if (sizes.workers < APPS_PER_SHIFT * ctx.skills.length)
      throw new ScaleSeedRefused(
        `The scale factor is too small: ${sizes.workers} workers for ${ctx.skills.length} skills leaves fewer than ${APPS_PER_SHIFT} a skill.`,
      );
    const bases = {} as Bases;
    for (const [key, table] of Object.entries(BASE_TABLES))
      bases[key as keyof Bases] = Number(
        (await one<{ n: number }>(tx, `select coalesce(max(id), 0)::bigint as n from ${table}`)).n,
      );
    for (const [label, text] of bulkStatements(ctx, sizes, bases, { ...opts, passwordHash })) {
      const t0 = performance.now();
      await tx.execute(sql.raw(text));
      opts.onStep?.(label, performance.now() - t0);
    }
    // The bulk ran without triggers (replica): it marks the jobs it added for the statistics
    // roll-up itself, as the triggers of migration 0027 would (read live until swept).
    await tx.execute(
      sql.raw(
        `insert into statistics_jobs (job_id) select id from jobs where id > ${bases.jobs}
         on conflict (job_id) do update set dirty_version = nextval('statistics_dirty_version')`,
      ),
    );
    // And the work dates of the salary lines it added, for the salary roll-up (migration 0030)
    // and its per-client months (a month counts once none of its dates is marked).
    await tx.execute(
      sql.raw(
        `insert into statistics_salary_marks (work_date)
         select distinct work_date from salary_lines where id > ${bases.salaryLines}`,
      ),
    );
    // And the quarter hours of the shifts it added, for the calendar's day counts (migration
    // calendar_shift_quarters) — only when the bulk ran without triggers, which would have
    // added them already (the sums are deltas: twice would count twice).
    await tx.execute(
      sql.raw(
        `insert into calendar_shift_quarters (at, starts, ends)
         select q.at, sum(q.s), sum(q.e)
           from shifts s join jobs j on j.id = s.job_id and j.deleted_at is null
           cross join lateral (values
             (date_bin('15 minutes', s.starts_at, timestamptz 'epoch'), 1, 0),
             (date_bin('15 minutes', s.ends_at - interval '1 microsecond', timestamptz 'epoch'), 0, 1)) q (at, s, e)
          where s.id > ${bases.shifts} and s.deleted_at is null
            and current_setting('session_replication_role') = 'replica'
          group by q.at`,
      ),
    );
    // And the local dates of the jobs and users it added, for the count roll-up.
    await tx.execute(
      sql.raw(
        `insert into statistics_count_marks (source, local_date)
         select distinct 'jobs', (j.starts_at at time zone c.time_zone)::date
           from jobs j join countries c on c.id = j.country_id
          where j.id > ${bases.jobs} and j.starts_at is not null
         union
         select distinct 'users', (created_at at time zone '${AGENCY_TIME_ZONE}')::date
           from users where id > ${bases.users}`,
      ),
    );
    // And new-jobs' walk of open slots by branch (migration 0035), for the slots it added: the
    // triggers that keep it did not run either (nothing to do where they did).
    await tx.execute(
      sql.raw(
        `insert into slot_book_branches (shift_slot_id, branch_id, shift_id, starts_at, skill_id)
         select ss.id, coalesce(jb.branch_id, 0), s.id, s.starts_at, ss.skill_id
           from shift_slots ss join shifts s on s.id = ss.shift_id
           left join job_branches jb on jb.job_id = s.job_id
          where ss.id > ${bases.slots}
         on conflict do nothing`,
      ),
    );
    // And the booked count of the slots it added (migration shift_slots_booked): recounted from
    // their applications, so the same whether or not its triggers ran.
    await tx.execute(
      sql.raw(
        `update shift_slots ss set booked = c.n
           from (select shift_slot_id, count(*)::int as n from applications
                  where shift_slot_id > ${bases.slots} and status in (${FILLED_STATUSES.map(lit).join(", ")})
                  group by 1) c
          where ss.id = c.shift_slot_id and ss.booked <> c.n`,
      ),
    );
    // And the salary overview's workers per month (migration 0045) of the lines it added:
    // recounted from the lines, so the same whether or not its triggers ran.
    await tx.execute(
      sql.raw(
        `insert into salary_month_workers (month, user_id, name_key, lines)
         select date_trunc('month', l.work_date)::date, l.user_id, lower(u.name), count(*)::int
           from salary_lines l join users u on u.id = l.user_id
          where (date_trunc('month', l.work_date)::date, l.user_id) in (
                  select distinct date_trunc('month', work_date)::date, user_id
                    from salary_lines where id > ${bases.salaryLines})
          group by 1, 2, u.name
         on conflict (user_id, month) do update
           set lines = excluded.lines, name_key = excluded.name_key`,
      ),
    );
    return summarizeScale(tx as unknown as Db, bases);
  });
  const t0 = performance.now();
  await db.execute(sql.raw("analyze"));
  opts.onStep?.("analyze", performance.now() - t0);
  return summary;
}

async function summarizeScale(db: Db, b: Bases): Promise<ScaleSummary> {
  const n = async (query: string) => Number((await one<{ n: number }>(db, query)).n);
  const counted = (table: string, base: number) =>
    n(`select count(*)::int as n from ${table} where id > ${base}`);
  const byStatus = await rows<{ status: ApplicationStatus; n: number }>(
    db,
    `select status, count(*)::int as n from applications where id > ${b.applications} group by status`,
  );
  const applications = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<
    ApplicationStatus,
    number
  >;
  for (const r of byStatus) applications[r.status] = Number(r.n);
  return {
    workers: await n(`select count(*)::int as n from users where email like '%@crew.example.test'`),
    clients: await counted("companies", b.companies),
    contacts: await n(
      `select count(*)::int as n from users where email like '%@client.example.test'`,
    ),
    venues: await counted("venues", b.venues),
    clientRates: await counted("client_rates", b.clientRates),
    documents: await counted("documents", b.documents),
    jobs: await counted("jobs", b.jobs),
    shifts: await counted("shifts", b.shifts),
    shiftSlots: await counted("shift_slots", b.slots),
    applications,
    applicationsTotal: Object.values(applications).reduce((s, x) => s + x, 0),
    reportedHours: await counted("reported_hours", b.hours),
    salaryRuns: await counted("salary_runs", b.salaryRuns),
    salaryLines: await counted("salary_lines", b.salaryLines),
    quotes: await counted("quotes", b.quotes),
    chatMessages: await counted("chat_messages", b.messages),
    activityRows: await counted("activity_log", b.activity),
  };
}

/** The report `npm run db:seed -- --scale` prints. */
export function formatScaleSummary(s: ScaleSummary): string[] {
  const apps = Object.entries(s.applications)
    .map(([status, count]) => `${status} ${count}`)
    .join(", ");
  return [
    `  ${s.workers} workers, ${s.clients} clients with ${s.contacts} contacts, ${s.venues} venues, ${s.clientRates} client rates, ${s.documents} documents`,
    `  ${s.jobs} jobs, ${s.shifts} shifts, ${s.shiftSlots} skill slots`,
    `  ${s.applicationsTotal} applications: ${apps}`,
    `  ${s.reportedHours} reported hours, ${s.salaryRuns} salary runs, ${s.salaryLines} salary lines, ${s.quotes} quotes`,
    `  ${s.chatMessages} chat messages, ${s.activityRows} activity rows`,
  ];
}
