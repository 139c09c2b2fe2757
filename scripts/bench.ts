/**
 * npm run bench: how the busiest reads and writes hold up as the data grows. Seeds a scratch
 * database (in-memory PGlite, or a fresh `crewdeck_bench` database on DATABASE_URL's server)
 * and times the route handlers:
 * - GET /api/v2/jobs (first page; filtered by company) at 20 and at 20,000 jobs;
 * - POST /api/v2/applications from 50 bookers at once on one slot of 5 positions (median and
 *   p95; exactly 5 must be booked and 45 refused with 409, or the bench fails);
 * - GET /api/v2/my-dashboard/new-jobs (first page; count=1, which must read "20+") for a
 *   worker with 20 and with 20,000 upcoming shifts of its skill and branch;
 * - GET /api/v2/rules without a token (401) and with a bearer token: the floor of a call and
 *   what authenticating it adds (median, and the statements it sends);
 * - GET /api/v2/my-dashboard/new-jobs for the demo worker, 8 callers at once, on a database
 *   prepared as `npm start` prepares it (scripts/lib/bench-demo.ts);
 * - the salary export (POST salary/history's .xlsx) of a period of 100,000 salary lines
 *   (BENCH_EXPORT_LINES), with the RSS it adds (streamed: it must stay flat);
 * - the salary run of 2,000 workers × 20 approved shifts (BENCH_PAY_WORKERS, BENCH_PAY_SHIFTS;
 *   200 workers on PGlite) through the real queue: POST salary/all's pre-check, POST skillsForMissingRates, the run's
 *   time, lines, RSS growth and longest gap between progress reports (BENCH_ONLY=salary-run
 *   runs this part alone);
 * - `BENCH_ONLY=http`: only the list calls from outside, over HTTP against the built app on
 *   PostgreSQL with the demo seed (scripts/lib/bench-http.ts): p50, p95, req/s and the ratio to
 *   the 401 floor, then the server's RSS;
 * - BENCH_ONLY=lists runs the list bench alone (scripts/lib/bench-lists.ts): every list and
 *   dashboard call on a demo and a scale database side by side, with ratios and plan checks;
 * prints the medians and their ratios, and EXPLAINs every query the jobs list, the clients list
 * (with its job counts) and the new-jobs list (with its estimated earnings) run to show which
 * index each uses.
 */
import { sql } from "drizzle-orm";
import { APP_POOL_SIZE, schema, setDatabaseForTests } from "@/db";
import { prepareDatabase } from "@/seed/prepare";
import { ROLE } from "@/lib/domain/permissions";
import { roleId } from "@/seed/reference";
import { hashPassword } from "@/lib/auth/password";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { listJobs } from "@/lib/services/jobs/list";
import { listCompanies } from "@/lib/services/companies";
import { newJobs } from "@/lib/services/worker";
import { loadActor, makeCtx } from "@/lib/services/context";
import { callRoute } from "@/lib/testing/route-request";
import { explainStatements, loggingDb } from "./lib/bench-explain";
import {
  benchBooking,
  checkOpenShifts,
  fmt,
  measureNewJobs,
  median,
  newJobsWorker,
} from "./lib/bench-measure";
import { createUsers, scratch, seedJobs, seedOpenShifts } from "./lib/bench-seed";
import { benchAuthFloor } from "./lib/bench-auth";
import { demoNewJobsLine } from "./lib/bench-demo";
import { benchSalaryExport } from "./lib/bench-salary-export";
import { benchSalaryRun } from "./lib/bench-salary-run";
import { benchBookings } from "./lib/bench-bookings";
import { benchRss } from "./lib/bench-rss";
import { benchHttp } from "./lib/bench-http";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const BIG = Number(process.env.BENCH_JOBS ?? 20_000);
const NEW_JOBS_RUNS = Number(process.env.BENCH_NEW_JOBS_RUNS ?? 20);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 50);
const POSITIONS = 5;
const EXPORT_LINES = Number(process.env.BENCH_EXPORT_LINES ?? 100_000);
/** Issue 24's bar is on PostgreSQL; in-process PGlite runs a tenth of it (the same code). */
const payWorkers = (kind: string) =>
  Number(process.env.BENCH_PAY_WORKERS ?? (kind === "pglite" ? 200 : 2_000));
const PAY_SHIFTS = Number(process.env.BENCH_PAY_SHIFTS ?? 20);

async function main() {
  if (process.env.BENCH_ONLY === "lists") {
    const { benchLists } = await import("./lib/bench-lists");
    process.exit((await benchLists()) ? 1 : 0);
  }
  if (process.env.BENCH_ONLY === "http") {
    const { lines, ok } = await benchHttp();
    console.log(`\n${lines.join("\n")}`);
    process.exit(ok ? 0 : 1);
  }
  if (process.env.BENCH_ONLY === "rss") {
    const { lines, ok } = await benchRss();
    console.log(`\n${lines.join("\n")}`);
    process.exit(ok ? 0 : 1);
  }
  // The bookings part queues its callers for as many connections as the app's pool has.
  const handle = await scratch(
    "crewdeck_bench",
    process.env.BENCH_ONLY === "bookings" ? APP_POOL_SIZE : 5,
  );
  await prepareDatabase(handle, { seed: "never" });
  setDatabaseForTests(handle);
  const { GET } = await import("@/app/api/v2/jobs/route");
  const { POST: postApplications } = await import("@/app/api/v2/applications/route");
  const { GET: newJobsRoute } = await import("@/app/api/v2/my-dashboard/new-jobs/route");
  const db = handle.db;

  await db
    .insert(schema.currencies)
    .values({ code: "DKK", name: "Danish krone", symbol: "kr." })
    .onConflictDoNothing();
  const [country] = await db
    .insert(schema.countries)
    .values({ name: "Denmark", isoCode: "DK", currencyCode: "DKK", timeZone: "Europe/Copenhagen" })
    .returning();
  const companies = (
    await db
      .insert(schema.companies)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          name: `Bench client ${i}`,
          countryId: country.id,
        })),
      )
      .returning()
  ).map((c) => c.id);
  const [parent] = await db.insert(schema.skills).values({ name: "Stage", order: 1 }).returning();
  const skills = (
    await db
      .insert(schema.skills)
      .values([
        { name: "Stagehand", parentId: parent.id },
        { name: "Rigger", parentId: parent.id },
      ])
      .returning()
  ).map((s) => s.id);
  const [pm] = await db
    .insert(schema.users)
    .values({
      email: "bench@crewdeck.test",
      name: "Bench PM",
      passwordHash: await hashPassword("Bench!2026"),
      approved: true,
    })
    .returning();
  await db
    .insert(schema.userRoles)
    .values({ userId: pm.id, roleId: await roleId(db, ROLE.projectManager) });
  const salaryRun = () =>
    benchSalaryRun(handle, {
      countryId: country.id,
      passwordHash: pm.passwordHash,
      workers: payWorkers(handle.kind),
      shifts: PAY_SHIFTS,
    });
  if (process.env.BENCH_ONLY === "salary-run") {
    console.log(`\n${(await salaryRun()).join("\n")}`);
    await handle.close();
    process.exit(0);
  }
  const now = new Date();
  const token = (await issueApiToken(db, pm.id, now)).access_token;
  if (process.env.BENCH_ONLY === "bookings") {
    const { lines, ok } = await benchBookings({
      db,
      kind: handle.kind,
      POST: postApplications,
      countryId: country.id,
      companyId: companies[0],
      skillId: skills[0],
      passwordHash: pm.passwordHash,
      start: now.getTime(),
    });
    console.log(`\n${lines.join("\n")}`);
    await handle.close();
    process.exit(ok ? 0 : 1);
  }
  const auth = await benchAuthFloor(handle, pm.id);
  const workerRows = await db
    .insert(schema.users)
    .values(
      Array.from({ length: 500 }, (_, i) => ({
        email: `worker${i}@bench.test`,
        name: `Worker ${i}`,
        passwordHash: pm.passwordHash,
        approved: true,
      })),
    )
    .returning({ id: schema.users.id });
  const seedCtx = {
    countryId: country.id,
    companies,
    skills,
    workers: workerRows.map((w) => w.id),
    start: now.getTime(),
  };

  const call = async (query: string) => {
    const t0 = performance.now();
    const res = await callRoute(GET, `jobs${query}`, { token });
    if (res.status !== 200)
      throw new Error(
        `GET /api/v2/jobs${query} answered ${res.status}: ${JSON.stringify(res.body)}`,
      );
    return performance.now() - t0;
  };
  const measure = async () => {
    const firstPage: number[] = [];
    const byCompany: number[] = [];
    for (let i = 0; i < 5; i++) await call("");
    for (let i = 0; i < RUNS; i++) {
      firstPage.push(await call(""));
      byCompany.push(await call(`?filter%5Bcompany_id%5D=${companies[i % companies.length]}`));
    }
    return { firstPage: median(firstPage), byCompany: median(byCompany) };
  };
  const analyze = async () => {
    await db.execute(sql`vacuum analyze`);
  };

  await seedJobs(db, 20, seedCtx);
  await analyze();
  const small = await measure();
  console.log(
    `[bench] seeding ${BIG.toLocaleString("en")} jobs (${(BIG * 2).toLocaleString("en")} shifts, ${(BIG * 4).toLocaleString("en")} slots) on ${handle.kind}…`,
  );
  const t0 = performance.now();
  await seedJobs(db, BIG - 20, seedCtx);
  await analyze();
  console.log(`[bench] seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const big = await measure();

  // POST applications: many bookers at once on one slot, which must never overfill.
  console.log(
    `[bench] booking ${CALLERS} workers at once onto one slot of ${POSITIONS} positions…`,
  );
  const booking = await benchBooking(db, postApplications, {
    token,
    countryId: country.id,
    companyId: companies[0],
    skillId: skills[0],
    passwordHash: pm.passwordHash,
    callers: CALLERS,
    positions: POSITIONS,
    start: now.getTime(),
  });

  // GET my-dashboard/new-jobs: a worker of a skill and a branch with 20, then BIG, upcoming
  // shifts of that skill booked from that branch (on top of the jobs above, none of its skill).
  const [runner] = await db
    .insert(schema.skills)
    .values({ name: "Bench runner", parentId: parent.id })
    .returning();
  const branches = (
    await db
      .insert(schema.branches)
      .values([
        { name: "Bench Copenhagen", countryId: country.id },
        { name: "Bench Aarhus", countryId: country.id },
      ])
      .returning()
  ).map((b) => b.id);
  const others = await createUsers(db, {
    count: 200,
    prefix: "crew",
    role: ROLE.worker,
    passwordHash: pm.passwordHash,
    skillId: runner.id,
    branchId: branches[0],
  });
  const newcomer = await newJobsWorker(db, {
    skillId: runner.id,
    branchId: branches[0],
    passwordHash: pm.passwordHash,
  });
  const workerToken = (await issueApiToken(db, newcomer, now)).access_token;
  const openCtx = {
    countryId: country.id,
    companies,
    skillId: runner.id,
    branches,
    others,
    start: now.getTime(),
  };
  await seedOpenShifts(db, 20, { ...openCtx, from: 0 });
  await analyze();
  await checkOpenShifts(newJobsRoute, workerToken, 20);
  const fewOpen = await measureNewJobs(newJobsRoute, workerToken, NEW_JOBS_RUNS);
  console.log(
    `[bench] seeding ${BIG.toLocaleString("en")} upcoming shifts open to one worker (its skill, its branch)…`,
  );
  const t1 = performance.now();
  await seedOpenShifts(db, BIG - 20, { ...openCtx, from: 20 });
  await analyze();
  console.log(`[bench] seeded in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  const deep = await checkOpenShifts(newJobsRoute, workerToken, BIG);
  console.log(
    `[bench] the worker sees all ${BIG.toLocaleString("en")} (last page of 100 in ${fmt(deep)})`,
  );
  const manyOpen = await measureNewJobs(newJobsRoute, workerToken, NEW_JOBS_RUNS);
  console.log(
    `[bench] exporting a period of ${EXPORT_LINES.toLocaleString("en")} salary lines as xlsx…`,
  );
  const exportLine = await benchSalaryExport(handle, {
    countryId: country.id,
    skillId: skills[0],
    workers: workerRows.map((w) => w.id),
    lines: EXPORT_LINES,
  });
  console.log(
    `[bench] a salary run of ${payWorkers(handle.kind).toLocaleString("en")} workers × ${PAY_SHIFTS} approved shifts…`,
  );
  const runLines = await salaryRun();

  console.log("");
  console.log(
    `GET /api/v2/rules           median without a token (401): ${fmt(auth.anonymous)}   with a bearer token: ${fmt(auth.bearer)}   (${auth.queries} ${auth.queries === 1 ? "query" : "queries"})`,
  );
  console.log(
    `GET /api/v2/jobs            median at 20: ${fmt(small.firstPage)}   at ${BIG}: ${fmt(big.firstPage)}   ratio ${(big.firstPage / small.firstPage).toFixed(2)}`,
  );
  console.log(
    `GET /api/v2/jobs?company    median at 20: ${fmt(small.byCompany)}   at ${BIG}: ${fmt(big.byCompany)}   ratio ${(big.byCompany / small.byCompany).toFixed(2)}`,
  );
  console.log(
    `GET new-jobs (open shifts)  median at 20: ${fmt(fewOpen.page)}   at ${BIG}: ${fmt(manyOpen.page)}   ratio ${(manyOpen.page / fewOpen.page).toFixed(2)}`,
  );
  console.log(
    `GET new-jobs?count=1        median at 20: ${fmt(fewOpen.count)}   at ${BIG}: ${fmt(manyOpen.count)}   ratio ${(manyOpen.count / fewOpen.count).toFixed(2)}   label "${manyOpen.label}"`,
  );
  console.log(
    `POST /api/v2/applications   ${booking.callers} at once on ${booking.positions} positions: median ${fmt(booking.median)}   p95 ${fmt(booking.p95)}   ${booking.booked} × 201, ${booking.full} × 409: capacity held`,
  );
  console.log(exportLine);
  for (const line of runLines) console.log(line);
  console.log(await demoNewJobsLine(handle));

  // EXPLAIN each statement the list verbs send (captured through a logging Drizzle instance).
  const jobsLog = loggingDb(handle);
  const actor = await loadActor(db, pm.id);
  await listJobs(makeCtx(jobsLog.db, actor, { now }), {});
  await listJobs(makeCtx(jobsLog.db, actor, { now }), { filter: { company_id: companies[3] } });
  // The clients list counts each client's jobs: 20,000 jobs behind 20 clients.
  await listCompanies(makeCtx(jobsLog.db, actor, { now }), {});
  await listCompanies(makeCtx(jobsLog.db, actor, { now }), { filter: { name: "client 1" } });
  const newJobsLog = loggingDb(handle);
  const worker = await loadActor(db, newcomer);
  await newJobs(makeCtx(newJobsLog.db, worker, { now: new Date() }), {});
  await newJobs(makeCtx(newJobsLog.db, worker, { now: new Date() }), { count: true });
  console.log("");
  let seqScans = await explainStatements(handle, jobsLog.statements);
  console.log("");
  // The new-jobs page query's whole plan is printed: it is the one that walks the candidates.
  seqScans += await explainStatements(handle, newJobsLog.statements, (st) =>
    /\border by\b/i.test(st.sql),
  );
  console.log(
    seqScans
      ? `\n${seqScans} sequential scan(s) of a large table.`
      : "\nEvery list query uses an index.",
  );
  await handle.close();
  process.exit(seqScans ? 1 : 0);
}

main().catch((err) => {
  console.error("[bench] failed:", err);
  process.exit(1);
});
