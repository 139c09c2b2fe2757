/**
 * `BENCH_ONLY=http npm run bench` (issue 27, "Cost per request"): the list calls measured from
 * outside, over HTTP, on PostgreSQL with the demo seed. On DATABASE_URL's server it creates a
 * fresh scratch database `crewdeck_bench_http` (dropped first if there; no other database is
 * touched), builds the app when the sources changed (BENCH_REUSE_BUILD=1 serves the existing
 * .next as it is), seeds the demo, serves it with
 * `next start` on BENCH_PORT (3440) and signs in the demo project manager, worker and (for the
 * activity log) administrator over REST
 * (one token per call, so no call meets the per-token limit of 600 a minute). Then for each call
 * — GET /api/v2/rules without a token (the 401 floor), /rules with one, then the lists — it
 * sends BENCH_HTTP_REQUESTS (400) requests, BENCH_HTTP_CONCURRENCY (8) at a time, over keep-alive
 * connections, after 16 untimed ones, and prints p50, p95, requests a second, the answer's size
 * the server's CPU time per request (Node's, from /proc: steadier than latency on a shared
 * machine), PostgreSQL's (when it runs on this machine: its processes', ended backends included,
 * so nothing else should use that server meanwhile) and the p50's ratio to the 401 floor; then the resident memory of the server's processes after
 * the load. Exits 1 when a call answers an unexpected status, a list call's p50 is over 3× the
 * floor, or the server holds over 300 MB.
 *
 * BENCH_HTTP_DATABASE=<name> serves an existing database of that server instead (no seed, nothing
 * dropped), e.g. `crewdeck_bench_lists_scale`, which `BENCH_ONLY=lists` leaves: the same calls
 * and the same floor at scale (it holds the demo accounts beside the scale data).
 *
 * To look at one call: BENCH_HTTP_MATCH (a regular expression) keeps only the calls whose label
 * it matches (the 401 floor always runs, so the ratio stays in the same run), and
 * BENCH_HTTP_SERVER_NODE_OPTIONS is given to the server alone as NODE_OPTIONS, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile of it under the load.
 */
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { postgresHandle } from "@/db";
import { dayText, monthPerDay, visibleRange } from "@/lib/domain/calendar";
import { toLocal } from "@/lib/domain/time";
import { AGENCY_TIME_ZONE } from "@/lib/services/viewer-zone";
import { ensureBuild } from "./build";
import { paidMonthPeriod, STATISTICS_CALLS } from "./bench-list-calls";
import { runSweeps } from "./bench-lists";
import { fmt, median, percentile } from "./bench-measure";
import {
  apiLogin,
  appEnv,
  localPostgresPid,
  processTree,
  seedDemo,
  startApp,
  stopApp,
  totalRssKb,
  treeCpuMs,
  waitReady,
} from "./fault-app";
import { freshDatabase } from "./fault-pg";

const PORT = Number(process.env.BENCH_PORT ?? 3440);
const BASE = `http://localhost:${PORT}`;
const SCRATCH = "crewdeck_bench_http";
const REQUESTS = Number(process.env.BENCH_HTTP_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_HTTP_CONCURRENCY ?? 8);
const WARMUP = 16;
const MATCH = process.env.BENCH_HTTP_MATCH ? new RegExp(process.env.BENCH_HTTP_MATCH) : null;
/** Issue 27's bars: a list call ≤ 3× the 401 floor; the server ≤ 300 MB after the load. */
const MAX_RATIO = 3;
const MAX_RSS_KB = 300 * 1024;

interface Call {
  label: string;
  path: string;
  /** Whose token (none: the 401 floor). */
  as?: "pm" | "worker" | "admin";
  status: number;
  /** Held to the ≤ 3× bar (the list and dashboard calls). */
  list?: boolean;
}

interface Result {
  call: Call;
  p50: number;
  p95: number;
  perSecond: number;
  bytes: number;
  /** The server's CPU time per timed request, in ms (Node only; PostgreSQL's is apart). */
  cpu: number;
  /** PostgreSQL's CPU time per timed request, in ms; null when it runs on another machine. */
  pgCpu: number | null;
}

/**
 * Ids from the demo data the calls need (an upcoming slot to book workers on), and the local
 * PostgreSQL server's process id (null on another machine).
 */
async function demoSlot(
  url: string,
): Promise<{ shiftId: number; skillId: number; postgresPid: number | null }> {
  const pg = new Client({ connectionString: url });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ shift_id: number; skill_id: number }>(
      `select ss.shift_id, ss.skill_id from shift_slots ss
         join shifts s on s.id = ss.shift_id join jobs j on j.id = s.job_id
        where ss.deleted_at is null and s.deleted_at is null and j.deleted_at is null
          and j.status = 'Published' and s.starts_at > now()
        order by s.starts_at, ss.id limit 1`,
    );
    if (!rows[0]) throw new Error("the demo seed has no upcoming published slot");
    return {
      shiftId: rows[0].shift_id,
      skillId: rows[0].skill_id,
      postgresPid: await localPostgresPid(pg),
    };
  } finally {
    await pg.end();
  }
}

/** BENCH_HTTP_DATABASE: the URL of an existing database that holds the demo accounts. */
async function existingDatabase(serverUrl: string, name: string): Promise<string> {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const pg = new Client({ connectionString: u.toString() });
  try {
    await pg.connect();
    const { rowCount } = await pg.query(
      "select 1 from users where email = 'pm@crewdeck.test' and deleted_at is null",
    );
    if (!rowCount) throw new Error("it holds no demo accounts");
  } catch (e) {
    throw new Error(
      `BENCH_HTTP_DATABASE=${name}: ${e instanceof Error ? e.message : String(e)} (run BENCH_ONLY=lists first, or leave it unset for a fresh demo)`,
    );
  } finally {
    await pg.end().catch(() => undefined);
  }
  return u.toString();
}

async function load(
  call: Call,
  token: string | undefined,
  serverPid: number,
  postgresPid: number | null,
): Promise<Result> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let bytes = 0;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${BASE}${call.path}`, { headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== call.status)
      throw new Error(
        `GET ${call.path} answered ${res.status} (expected ${call.status}): ${Buffer.from(body).toString("utf8").slice(0, 200)}`,
      );
    bytes = body.byteLength;
    return ms;
  };
  const run = async (n: number) => {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) {
          next++;
          times.push(await once());
        }
      }),
    );
    return times;
  };
  await run(WARMUP);
  const cpu0 = treeCpuMs(serverPid);
  const pg0 = postgresPid === null ? 0 : treeCpuMs(postgresPid, true);
  const t0 = performance.now();
  const times = await run(REQUESTS);
  const wall = performance.now() - t0;
  return {
    call,
    p50: median(times),
    p95: percentile(times, 95),
    perSecond: (times.length / wall) * 1000,
    bytes,
    cpu: (treeCpuMs(serverPid) - cpu0) / times.length,
    pgCpu: postgresPid === null ? null : (treeCpuMs(postgresPid, true) - pg0) / times.length,
  };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** Runs the HTTP bench; the lines to print and whether every bar held. */
export async function benchHttp(): Promise<{ lines: string[]; ok: boolean }> {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      "BENCH_ONLY=http needs PostgreSQL: set DATABASE_URL (a scratch database crewdeck_bench_http is created on its server).",
    );
  // BENCH_REUSE_BUILD=1 serves the existing .next as it is (to compare with an earlier build).
  if (
    !process.env.BENCH_REUSE_BUILD ||
    !fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))
  )
    ensureBuild();
  const existing = process.env.BENCH_HTTP_DATABASE;
  const db = existing ? await existingDatabase(url, existing) : await freshDatabase(url, SCRATCH);
  const env = appEnv(db, PORT);
  if (!existing) {
    console.log(`[bench:http] scratch database ${SCRATCH} created; seeding the demo…`);
    await seedDemo(env);
  }
  const slot = await demoSlot(db);
  // The background work a running agency has done (stored prices, roll-ups, the statistics
  // round and its stored download), as the list bench does: timed on a fresh seed, the
  // statistics calls computed live until the server's own loop came round.
  const sweeping = postgresHandle(db, 2);
  try {
    await runSweeps(sweeping.db, existing ?? "demo");
  } finally {
    await sweeping.close();
  }
  const logFile = path.join(process.cwd(), "test-results", "bench-http-server.log");
  const serverOptions = process.env.BENCH_HTTP_SERVER_NODE_OPTIONS;
  const server = startApp(
    serverOptions ? { ...env, NODE_OPTIONS: serverOptions } : env,
    PORT,
    logFile,
  );
  try {
    console.log(`[bench:http] server up on ${BASE} in ${await waitReady(server)} ms`);
    // The agency's month around today, as the month view draws it (its zone: the demo's).
    const grid = visibleRange("month", toLocal(new Date(), AGENCY_TIME_ZONE));
    const all: Call[] = [
      { label: "rules (no token: 401 floor)", path: "/api/v2/rules", status: 401 },
      { label: "rules (bearer token)", path: "/api/v2/rules", as: "pm", status: 200 },
      { label: "jobs", path: "/api/v2/jobs", as: "pm", status: 200, list: true },
      {
        label: "my-dashboard/new-jobs",
        path: "/api/v2/my-dashboard/new-jobs",
        as: "worker",
        status: 200,
        list: true,
      },
      {
        label: "bookable-users (a demo slot)",
        path: `/api/v2/bookable-users?skill=${slot.skillId}&shiftIds=${slot.shiftId}`,
        as: "pm",
        status: 200,
        list: true,
      },
      { label: "approvals", path: "/api/v2/approvals", as: "pm", status: 200, list: true },
      { label: "users", path: "/api/v2/users", as: "pm", status: 200, list: true },
      { label: "applicants", path: "/api/v2/applicants", as: "pm", status: 200, list: true },
      { label: "documents", path: "/api/v2/documents", as: "pm", status: 200, list: true },
      { label: "activity-log", path: "/api/v2/activity-log", as: "admin", status: 200, list: true },
      {
        label: "clients (companies)",
        path: "/api/v2/companies",
        as: "pm",
        status: 200,
        list: true,
      },
      {
        // What the month view asks: its weeks, monthPerDay events a day.
        label: "calendar-jobs (month view)",
        path: `/api/v2/calendar-jobs?startDate=${dayText(grid.start)}&endDate=${dayText(grid.end)}&perDay=${monthPerDay(grid)}`,
        as: "pm",
        status: 200,
        list: true,
      },
      // Each statistics call (the default period: what the background round stored) and the
      // salary overview of last month, as the administrator: the list bench's other judged calls.
      ...STATISTICS_CALLS.map((s) => ({
        label: `statistics/${s}`,
        path: `/api/v2/statistics/${s}`,
        as: "admin" as const,
        status: 200,
        list: true,
      })),
      {
        label: "salary (overview)",
        path: `/api/v2/salary?${paidMonthPeriod(new Date())}`,
        as: "admin",
        status: 200,
        list: true,
      },
      {
        // The REST call without perDay: every event of this month (at most 3,000), an outside
        // caller's download. Printed, not held to the 3× bar: its answer grows with the month.
        label: "calendar-jobs (month, REST)",
        path: "/api/v2/calendar-jobs",
        as: "pm",
        status: 200,
      },
    ];
    const calls = all.filter((c, i) => i === 0 || !MATCH || MATCH.test(c.label));
    const results: Result[] = [];
    for (const call of calls) {
      // A token of its own per call: REQUESTS + WARMUP stay under the limit of 600 a minute.
      const token = call.as ? await apiLogin(BASE, `${call.as}@crewdeck.test`) : undefined;
      results.push(await load(call, token, server.child.pid!, slot.postgresPid));
    }
    const rss = processTree(server.child.pid!);
    const rssKb = totalRssKb(rss);
    const floor = results[0].p50;
    const lines = [
      `HTTP on PostgreSQL, ${existing ? `database ${existing}` : "demo seed"}: ${REQUESTS} requests per call, ${CONCURRENCY} at a time (keep-alive)`,
      `${"call".padEnd(30)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"req/s".padStart(7)} ${"bytes".padStart(7)} ${"cpu/req".padStart(8)} ${"pg/req".padStart(8)}  ×401`,
    ];
    let ok = true;
    for (const r of results) {
      const ratio = r.p50 / floor;
      const over = r.call.list && ratio > MAX_RATIO;
      if (over) ok = false;
      lines.push(
        `${r.call.label.padEnd(30)} ${fmt(r.p50).padStart(9)} ${fmt(r.p95).padStart(9)} ${r.perSecond.toFixed(0).padStart(7)} ${String(r.bytes).padStart(7)} ${fmt(r.cpu).padStart(8)} ${(r.pgCpu === null ? "–" : fmt(r.pgCpu)).padStart(8)}  ${ratio.toFixed(2)}${over ? `  OVER ${MAX_RATIO}×` : ""}`,
      );
    }
    if (rssKb > MAX_RSS_KB) ok = false;
    lines.push(
      `server RSS after the load: ${mb(rssKb)} (${rss.map((p) => `${p.cmd.split(" ")[0]} ${mb(p.rssKb)}`).join(", ")})${rssKb > MAX_RSS_KB ? "  OVER 300 MB" : ""}`,
    );
    return { lines, ok };
  } finally {
    await stopApp(server);
  }
}
