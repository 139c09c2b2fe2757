/**
 * npm run fault:kill [-- --reuse-build --settle=SECONDS --kill-after=N --kill-mid-run]: kill -9 the server during a
 * burst of writes and prove that nothing was half-written (issue 27, "Faults").
 *
 * On the PostgreSQL server of DATABASE_URL it creates a fresh scratch database `crewdeck_fault`
 * (dropped first if there; no other database is touched), builds the app when the sources
 * changed (`--reuse-build` serves the existing .next), seeds the demo, serves it with
 * `next start` on FAULT_PORT (3400), signs in the demo administrator and project manager over
 * REST and fires a burst of job edits (fields, a new shift, more positions), bookings (many onto
 * one small slot), hours approvals and a salary run start from 8 callers at once. Mid-burst (once
 * 40 % of the calls, or N, have answered; or as soon as the salary run runs) the server gets SIGKILL; it is started again, the background queue is given time to settle (the
 * salary run finishes, resumes or is marked failed: printed; an attempt cut by the kill is
 * handed out again only once pg-boss expires it, 10 minutes after it started, so the wait is up
 * to --settle seconds, 720 by default, and ends as soon as no run is open), every write the server
 * acknowledged before the kill is looked for, and db:check (lib/db-check) runs over it all with
 * the activity checks from the burst's start. Exit 0 only when everything is consistent.
 */
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { postgresHandle } from "@/db";
import { dbChecksFailed, formatDbChecks, runDbChecks } from "@/lib/db-check/checks";
import { ensureBuild } from "./lib/build";
import { apiLogin, appEnv, exited, seedDemo, startApp, stopApp, waitReady } from "./lib/fault-app";
import { burst, CALLERS, planBurst, summarise } from "./lib/fault-kill-burst";
import { lostWrites, runsAtKill, settleSalaryRuns } from "./lib/fault-kill-settle";
import { freshDatabase } from "./lib/fault-pg";

const PORT = Number(process.env.FAULT_PORT ?? 3400);
const BASE = `http://localhost:${PORT}`;
const SCRATCH = "crewdeck_fault";
const args = process.argv.slice(2);
const settleArg = args.find((a) => a.startsWith("--settle="));
const SETTLE_MS = (settleArg ? Number(settleArg.slice("--settle=".length)) : 720) * 1000;
const root = process.cwd();

const log = (line: string) => console.log(`[fault:kill] ${line}`);

const serverLog = path.join(root, "test-results", "fault-kill-server.log");

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      "fault:kill needs PostgreSQL: set DATABASE_URL (a scratch database crewdeck_fault is created on its server).",
    );
    process.exit(2);
  }
  if (!args.includes("--reuse-build") || !fs.existsSync(path.join(root, ".next", "BUILD_ID")))
    ensureBuild();
  const db = await freshDatabase(url, SCRATCH);
  log(`scratch database ${SCRATCH} created`);
  const env = appEnv(db, PORT);
  await seedDemo(env);
  log("demo seeded");
  let server = startApp(env, PORT, serverLog);
  let code = 1;
  const pg = new Client({ connectionString: db });
  await pg.connect();
  try {
    log(`server up on ${BASE} in ${await waitReady(server)} ms`);
    const [pm, admin] = [
      await apiLogin(BASE, "pm@crewdeck.test"),
      await apiLogin(BASE, "admin@crewdeck.test"),
    ];
    // The salary run start needs the instance's queue (started, or retried, just after boot).
    const queued = Date.now();
    while (Date.now() - queued < 60_000) {
      const { rows } = await pg.query<{ ok: boolean }>(
        `select to_regclass('pgboss.queue') is not null as ok`,
      );
      if (
        rows[0].ok &&
        (await pg.query(`select 1 from pgboss.queue where name = 'salary-run'`)).rowCount
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const calls = await planBurst(pg, pm, admin);
    const since = (await pg.query<{ now: Date }>("select now()")).rows[0].now;
    const killArg = args.find((a) => a.startsWith("--kill-after="));
    const killAfter = killArg
      ? Number(killArg.slice("--kill-after=".length))
      : Math.floor(calls.length * 0.4);
    log(
      `burst: ${calls.length} calls from ${CALLERS} callers, the kill ${args.includes("--kill-mid-run") ? "once the salary run runs" : `after ${killAfter} answers`}`,
    );
    const outcomes = await burst(
      BASE,
      calls,
      server.child,
      killAfter,
      args.includes("--kill-mid-run") ? pg : null,
    );
    await exited(server.child);
    const atKill = await runsAtKill(pg);
    log(
      `server gone (${server.child.signalCode ?? server.child.exitCode}); answers by kind and status:`,
    );
    for (const line of summarise(outcomes)) console.log(line);

    server = startApp(env, PORT, serverLog);
    log(`restarted; up again in ${await waitReady(server)} ms`);
    // The status sweep and abandoned-run check run every 15 s; the queue polls every 2 s.
    await new Promise((r) => setTimeout(r, 20_000));
    for (const line of await settleSalaryRuns(pg, atKill, SETTLE_MS)) log(line);

    const { acked, lost } = await lostWrites(pg, outcomes);
    log(
      lost.length
        ? `LOST: ${lost.length} acknowledged writes are not in the database: ${lost.slice(0, 20).join("; ")}`
        : `every acknowledged booking, approval and salary run start (${acked}) is in the database`,
    );

    const handle = postgresHandle(db, 2);
    try {
      const results = await runDbChecks(handle.db, { since });
      log(`db:check (activity since ${since.toISOString()}):`);
      for (const line of formatDbChecks(results)) console.log(`  ${line}`);
      const ok = !dbChecksFailed(results) && !lost.length;
      log(ok ? "consistent: nothing half-written, nothing lost" : "INCONSISTENT");
      code = ok ? 0 : 1;
    } finally {
      await handle.close();
    }
  } finally {
    await pg.end();
    await stopApp(server);
  }
  log(`the scratch database ${SCRATCH} is kept for a look; server log: ${serverLog}`);
  process.exit(code);
}

main().catch((err) => {
  console.error("[fault:kill] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
