import { eq, sql } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { roleId } from "@/seed/reference";
import { loadActor, makeCtx } from "@/lib/services/context";
import { startQueue, stopQueue } from "@/lib/jobs/queue";
import { startSalaryRun } from "@/lib/services/salary/run-start";
import { registerSalaryRunJob } from "@/lib/services/salary/run-job";
import { buildSalaryRun } from "@/lib/services/salary/run";
import { skillsForMissingRates } from "@/lib/services/salary/build";
import { fmt } from "./bench-measure";

const MB = 1024 * 1024;
const BRANCHES = 3;
const SKILLS = 4;
const LEVELS = 3;
/** Jobs per branch and day; a worker works one of them each day. */
const JOBS_PER_DAY = 5;

/**
 * The salary run at scale (issue 24: "2,000 workers × 20 approved shifts each completes on
 * PostgreSQL in well under a minute, in batches (constant memory), progress at least every
 * second"). Seeds, in a few multi-row statements, `workers` workers over three branches (one
 * company each, its default branch) and four sub-skills at three levels, each with `shifts`
 * approved reported hours in November 2026 (one a day, 15:00–23:30 local: weekend and night
 * minutes too), priced by the card (most), the card's level row, the job's own rows (every
 * fifth job) or the worker's custom rate (every tenth worker). Then times POST salary/all
 * (its MissingRates pre-check prices the period in the request), POST skillsForMissingRates,
 * and the run itself through the real queue (pg-boss → runSalaryJob → buildSalaryRun),
 * sampling RSS every 20 ms and the longest gap between two progress reports. Fails when the
 * run does not write one line per approved report.
 */
export async function benchSalaryRun(
  handle: DbHandle,
  o: { countryId: number; passwordHash: string; workers: number; shifts: number },
): Promise<string[]> {
  const db = handle.db;
  const t0 = performance.now();
  const branches = (
    await db
      .insert(schema.branches)
      .values(
        Array.from({ length: BRANCHES }, (_, i) => ({
          name: `Bench pay branch ${i}`,
          countryId: o.countryId,
        })),
      )
      .returning({ id: schema.branches.id })
  ).map((b) => b.id);
  const companies = (
    await db
      .insert(schema.companies)
      .values(
        branches.map((branchId, i) => ({
          name: `Bench pay client ${i}`,
          countryId: o.countryId,
          defaultBranchId: branchId,
        })),
      )
      .returning({ id: schema.companies.id })
  ).map((c) => c.id);
  const [parent] = await db
    .insert(schema.skills)
    .values({ name: "Bench pay crew", order: 90 })
    .returning({ id: schema.skills.id });
  const skills = (
    await db
      .insert(schema.skills)
      .values(
        Array.from({ length: SKILLS }, (_, i) => ({
          name: `Bench pay skill ${i}`,
          parentId: parent.id,
        })),
      )
      .returning({ id: schema.skills.id })
  ).map((s) => s.id);
  const levels = (
    await db
      .insert(schema.levels)
      .values(
        Array.from({ length: LEVELS }, (_, i) => ({ name: `Bench pay level ${i}`, weight: i })),
      )
      .returning({ id: schema.levels.id })
  ).map((l) => l.id);
  const inserted = (await db.execute(sql`
      insert into users (email, name, password_hash, approved)
      select 'pay' || g || '@bench.test', 'Pay worker ' || g, ${o.passwordHash}, true
        from generate_series(0, ${o.workers - 1}) g
      returning id`)) as unknown as { rows: { id: number }[] };
  const userIds = inserted.rows.map((r) => Number(r.id)).sort((x, y) => x - y);
  const ints = (xs: number[]) => `{${xs.join(",")}}`;
  const users = ints(userIds);
  await db.execute(sql`
    insert into user_roles (user_id, role_id)
    select u, ${await roleId(db, ROLE.worker)} from unnest(${users}::int[]) u`);
  // Worker i: branch i % 3, skill i % 4, level i % 3, job i % 5 of its branch each day.
  await db.execute(sql`
    insert into user_skills (user_id, skill_id, level_id)
    select (${users}::int[])[i + 1], (${ints(skills)}::int[])[1 + i % ${SKILLS}],
           (${ints(levels)}::int[])[1 + i % ${LEVELS}]
      from generate_series(0, ${o.workers - 1}) i`);
  await db.execute(sql`
    insert into user_branches (user_id, branch_id)
    select (${users}::int[])[i + 1], (${ints(branches)}::int[])[1 + i % ${BRANCHES}]
      from generate_series(0, ${o.workers - 1}) i`);

  // Jobs: branch × day × k, one shift each, one slot per skill.
  const plan = Array.from({ length: BRANCHES * o.shifts * JOBS_PER_DAY }, (_, n) => {
    const b = Math.floor(n / (o.shifts * JOBS_PER_DAY));
    const d = Math.floor(n / JOBS_PER_DAY) % o.shifts;
    const k = n % JOBS_PER_DAY;
    // From Monday 2 November 2026, 14:00–22:30 UTC (15:00–23:30 in Copenhagen).
    const startsAt = new Date(Date.UTC(2026, 10, 2 + d, 14));
    return { b, d, k, startsAt, endsAt: new Date(startsAt.getTime() + 8.5 * 3_600_000) };
  });
  const jobs = await db
    .insert(schema.jobs)
    .values(
      plan.map((p, n) => ({
        name: `Bench pay job ${n}`,
        companyId: companies[p.b],
        countryId: o.countryId,
        status: "Published" as const,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
      })),
    )
    .returning({ id: schema.jobs.id });
  await db
    .insert(schema.jobBranches)
    .values(jobs.map((j, n) => ({ jobId: j.id, branchId: branches[plan[n].b] })));
  const shifts = await db
    .insert(schema.shifts)
    .values(
      jobs.map((j, n) => ({ jobId: j.id, startsAt: plan[n].startsAt, endsAt: plan[n].endsAt })),
    )
    .returning({ id: schema.shifts.id });
  const slots = await db
    .insert(schema.shiftSlots)
    .values(
      shifts.flatMap((s) => skills.map((skillId) => ({ shiftId: s.id, skillId, positions: 200 }))),
    )
    .returning({ id: schema.shiftSlots.id, shiftId: schema.shiftSlots.shiftId });
  // Slot n * SKILLS + s is job n's slot of skill s (inserted in that order).
  await db.execute(sql`
    insert into applications (shift_slot_id, shift_id, assignee_id, status)
    select (${ints(slots.map((s) => s.id))}::int[])[x.slot], (${ints(slots.map((s) => s.shiftId))}::int[])[x.slot],
           (${users}::int[])[x.i + 1], 'Approved'
      from (select i, (((i % ${BRANCHES}) * ${o.shifts} + d) * ${JOBS_PER_DAY} + i % ${JOBS_PER_DAY}) * ${SKILLS} + i % ${SKILLS} + 1 as slot
              from generate_series(0, ${o.workers - 1}) i, generate_series(0, ${o.shifts - 1}) d) x`);
  await db.execute(sql`
    insert into reported_hours (application_id, shift_slot_id, starts_at, ends_at, approved_at)
    select a.id, a.shift_slot_id, s.starts_at, s.ends_at, timestamptz '2026-11-25 09:00Z'
      from applications a join shifts s on s.id = a.shift_id
     where a.assignee_id = any(${users}::int[])`);

  // Worker rates: the card per branch × skill (with weekend and night bands) and its top-level
  // row; the job's own rows on every fifth job; a custom rate for every tenth worker.
  await db.execute(sql`
    insert into worker_rates (skill_id, level_id, branch_id, currency_code, amount, weekend_amount,
                              night_amount, night_start, night_end)
    select s, l, b, 'DKK', 15000 + 1000 * (s % 4) + (case when l is null then 0 else 2500 end),
           20000, 22000, '22:00', '06:00'
      from unnest(${ints(branches)}::int[]) b, unnest(${ints(skills)}::int[]) s,
           unnest(array[null, ${levels[LEVELS - 1]}]::int[]) l`);
  await db.execute(sql`
    insert into worker_rates (skill_id, job_id, currency_code, amount)
    select s, j, 'DKK', 17500
      from unnest(${ints(jobs.filter((_, n) => plan[n].k === 0).map((j) => j.id))}::int[]) j,
           unnest(${ints(skills)}::int[]) s`);
  await db.execute(sql`
    insert into worker_rates (skill_id, branch_id, user_id, currency_code, amount)
    select (${ints(skills)}::int[])[1 + i % ${SKILLS}], (${ints(branches)}::int[])[1 + i % ${BRANCHES}],
           (${users}::int[])[i + 1], 'DKK', 21000
      from generate_series(0, ${o.workers - 1}, 10) i`);
  await db.execute(sql`vacuum analyze`);
  const hours = o.workers * o.shifts;
  const seeded = `[bench] seeded ${o.workers.toLocaleString("en")} workers × ${o.shifts} approved shifts (${hours.toLocaleString("en")} reports, ${jobs.length} jobs) in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
  console.log(seeded);

  // The payroll user and the queue working salary runs, the build timed from inside.
  const [admin] = await db
    .insert(schema.users)
    .values({
      email: "payroll@bench.test",
      name: "Bench payroll",
      passwordHash: o.passwordHash,
      approved: true,
    })
    .returning({ id: schema.users.id });
  await db
    .insert(schema.userRoles)
    .values({ userId: admin.id, roleId: await roleId(db, ROLE.admin) });
  const ctx = makeCtx(db, await loadActor(db, admin.id));
  const stamps: number[] = [];
  let rss0 = process.memoryUsage().rss;
  let peak = rss0;
  let built: { start: number; end: number } | null = null;
  registerSalaryRunJob(
    async () => db,
    async (db, runId, onProgress) => {
      // What the run adds: RSS from its start (after a collection with --expose-gc).
      global.gc?.();
      rss0 = process.memoryUsage().rss;
      peak = rss0;
      const start = performance.now();
      stamps.push(start);
      try {
        return await buildSalaryRun(db, runId, async (done, total) => {
          stamps.push(performance.now());
          await onProgress(done, total);
        });
      } finally {
        built = { start, end: performance.now() };
        stamps.push(built.end);
      }
    },
  );
  await startQueue(handle, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 });
  const period = { from: "2026-11-01", to: "2026-11-30", country_id: o.countryId };

  let t = performance.now();
  const missing = await skillsForMissingRates(ctx, period);
  const missingMs = performance.now() - t;
  if (missing.skills.length)
    throw new Error(`skillsForMissingRates found ${missing.skills.length} skill(s) without a rate`);

  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  t = performance.now();
  const started = await startSalaryRun(ctx, period);
  const startMs = performance.now() - t;
  let run = (
    await db.select().from(schema.salaryRuns).where(eq(schema.salaryRuns.id, started.run_id))
  )[0];
  while (run.status === "queued" || run.status === "running") {
    await new Promise((r) => setTimeout(r, 100));
    run = (
      await db.select().from(schema.salaryRuns).where(eq(schema.salaryRuns.id, started.run_id))
    )[0];
  }
  const wallMs = performance.now() - t;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await stopQueue({ graceful: true });
  if (run.status !== "done") throw new Error(`the salary run ended ${run.status}: ${run.error}`);
  const b = built as { start: number; end: number } | null;
  if (!b) throw new Error("the salary run's build never ran");
  const gaps = stamps.slice(1).map((s, i) => s - stamps[i]);
  const counted = (await db.execute(
    sql`select count(*)::int as n from salary_lines where run_id = ${started.run_id}`,
  )) as unknown as { rows: { n: number }[] };
  const written = counted.rows[0].n;
  if (Number(written) !== hours || run.lineCount !== hours)
    throw new Error(
      `the salary run wrote ${written} lines (counted ${run.lineCount}), not ${hours}`,
    );
  return [
    `POST salary/all               ${o.workers.toLocaleString("en")} workers × ${o.shifts} shifts: the request (MissingRates pre-check) ${fmt(startMs)}`,
    `POST skillsForMissingRates    same period: ${fmt(missingMs)}`,
    `salary run (pg-boss job)      ${Number(written).toLocaleString("en")} lines for ${run.workerCount.toLocaleString("en")} workers: build ${fmt(b.end - b.start)} (start to done ${fmt(wallMs)}), ${stamps.length - 2} progress reports, longest gap ${fmt(Math.max(...gaps))}, RSS ${(rss0 / MB).toFixed(0)} MB → peak ${(peak / MB).toFixed(0)} MB (+${((peak - rss0) / MB).toFixed(0)} MB)`,
  ];
}
