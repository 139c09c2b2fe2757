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
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { postgresHandle } from "@/db";
import { dbChecksFailed, formatDbChecks, runDbChecks } from "@/lib/db-check/checks";
import { ensureBuild, nextBin } from "./lib/build";

const PORT = Number(process.env.FAULT_PORT ?? 3400);
const BASE = `http://localhost:${PORT}`;
const SCRATCH = "crewdeck_fault";
const PASSWORD = "Crewdeck!2026";
const CALLERS = 8;
const args = process.argv.slice(2);
const settleArg = args.find((a) => a.startsWith("--settle="));
const SETTLE_MS = (settleArg ? Number(settleArg.slice("--settle=".length)) : 720) * 1000;
const root = process.cwd();

const log = (line: string) => console.log(`[fault:kill] ${line}`);

async function scratchUrl(url: string): Promise<string> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${SCRATCH}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${SCRATCH}`;
  return u.toString();
}

function serverEnv(url: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(PORT),
    APP_URL: BASE,
    NEXTAUTH_URL: BASE,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "fault-secret-fault-secret-fault-secret-fault",
    SEED_DEMO: "1",
  };
}

function seed(env: NodeJS.ProcessEnv): Promise<void> {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(process.execPath, [tsx, "--conditions=react-server", "seed/run.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding failed (exit ${code})`)),
    ),
  );
}

const serverLog = path.join(root, "test-results", "fault-kill-server.log");

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  fs.mkdirSync(path.dirname(serverLog), { recursive: true });
  const out = fs.openSync(serverLog, "a");
  return spawn(process.execPath, [nextBin, "start", "-p", String(PORT)], {
    env,
    stdio: ["ignore", out, out],
  });
}

async function waitReady(server: ChildProcess, timeoutMs = 120_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      const res = await fetch(`${BASE}/sign-in`);
      if (res.status < 500) return Date.now() - t0;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

async function exited(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  await new Promise((r) => server.once("exit", r));
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: { access_token?: string } } };
  const token = body.data?.token?.access_token;
  if (!token) throw new Error(`signing in ${email} failed (${res.status})`);
  return token;
}

type Kind = "job edit" | "booking" | "approval" | "salary run";
interface Call {
  kind: Kind;
  method: string;
  path: string;
  token: string;
  body?: unknown;
  /** What an acknowledged (2xx) answer promises is in the database. */
  persisted?: { sql: string; params: unknown[] };
}
interface Outcome {
  call: Call;
  /** "cut": the connection broke (the kill); "not sent": fired after the kill. */
  status: number | "cut" | "not sent";
  message?: string;
}

/** The burst's calls, from what the seeded database holds. */
async function planBurst(pg: Client, pm: string, admin: string): Promise<Call[]> {
  const calls: Call[] = [];
  // Upcoming live jobs: each edited twice (its fields; a new shift and one more position).
  const jobs = await pg.query<{ id: number; name: string; company_id: number; country_id: number }>(
    `select id, name, company_id, country_id from jobs
      where deleted_at is null and starts_at > now() and status = 'Published'
      order by starts_at, id limit 6`,
  );
  for (const job of jobs.rows) {
    const shifts = await pg.query<{
      id: number;
      start: string;
      end: string;
      next_start: string;
      slots: { id: number; skill_id: number; positions: number }[];
    }>(
      `select s.id,
              to_char(s.starts_at at time zone c.time_zone, 'DD/MM/YYYY HH24:MI') as start,
              to_char(s.ends_at at time zone c.time_zone, 'DD/MM/YYYY HH24:MI') as end,
              to_char((s.starts_at + interval '1 day') at time zone c.time_zone, 'DD/MM/YYYY HH24:MI') as next_start,
              (select json_agg(json_build_object('id', ss.id, 'skill_id', ss.skill_id, 'positions', ss.positions) order by ss.id)
                 from shift_slots ss where ss.shift_id = s.id and ss.deleted_at is null) as slots
         from shifts s join jobs j on j.id = s.job_id join countries c on c.id = j.country_id
        where s.job_id = $1 and s.deleted_at is null order by s.starts_at desc`,
      [job.id],
    );
    const kept = shifts.rows.map((s) => ({
      id: s.id,
      start: s.start,
      end: s.end,
      shift_slots: s.slots.map((x) => ({ id: x.id, skill_id: x.skill_id, positions: x.positions })),
    }));
    const fields = { name: job.name, company_id: job.company_id, country_id: job.country_id };
    calls.push({
      kind: "job edit",
      method: "PUT",
      path: `/api/v2/jobs/${job.id}`,
      token: pm,
      body: {
        ...fields,
        details: `Edited in the fault burst at ${new Date().toISOString()}`,
        shifts: kept,
      },
    });
    const last = shifts.rows[0];
    calls.push({
      kind: "job edit",
      method: "PUT",
      path: `/api/v2/jobs/${job.id}`,
      token: pm,
      body: {
        ...fields,
        shifts: [
          ...kept.map((s, i) =>
            i === 0
              ? {
                  ...s,
                  isEdited: 1,
                  shift_slots: s.shift_slots.map((x) => ({ ...x, positions: x.positions + 1 })),
                }
              : s,
          ),
          {
            id: "new_1",
            start: last.next_start,
            duration: 4,
            shift_slots: last.slots.map((x) => ({ skill_id: x.skill_id, positions: 2 })),
          },
        ],
      },
    });
  }
  // Bookings: approved active workers with the slot's skill onto upcoming slots, and many
  // onto one small slot at once.
  const slots = await pg.query<{ id: number; positions: number; workers: number[] }>(
    `select ss.id, ss.positions,
            array(select u.id from users u join user_skills us on us.user_id = u.id
                   where us.skill_id = ss.skill_id and u.approved and u.status = 'active'
                     and u.deleted_at is null
                     and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                                  where ur.user_id = u.id and r.title = 'Freelancer')
                     and not exists (select 1 from applications a
                                      where a.shift_id = ss.shift_id and a.assignee_id = u.id)
                   order by u.id limit 20) as workers
       from shift_slots ss
       join shifts s on s.id = ss.shift_id join jobs j on j.id = s.job_id
      where ss.deleted_at is null and s.deleted_at is null and j.deleted_at is null
        and j.status = 'Published' and s.starts_at > now()
        and (select count(*) from applications a where a.shift_slot_id = ss.id
              and a.status in ('Booked', 'Request accepted', 'Report!', 'Reported', 'Approved'))
            < ss.positions
      order by s.starts_at, ss.id limit 12`,
  );
  const booking = (slotId: number, workerId: number): Call => ({
    kind: "booking",
    method: "POST",
    path: "/api/v2/applications",
    token: pm,
    body: { assignee_id: workerId, shift_slots: [slotId], status: "Booked", book_anyway: 1 },
    persisted: {
      sql: `select 1 from applications where shift_slot_id = $1 and assignee_id = $2`,
      params: [slotId, workerId],
    },
  });
  const crowded = [...slots.rows].sort((a, b) => b.workers.length - a.workers.length)[0];
  for (const slot of slots.rows)
    for (const w of slot === crowded ? slot.workers : slot.workers.slice(0, 4))
      calls.push(booking(slot.id, w));
  // Hours approvals: reports waiting, and finished shifts owing one.
  const waiting = await pg.query<{ id: number }>(
    `select a.id from applications a join shifts s on s.id = a.shift_id
      where a.status in ('Reported', 'Report!') and s.ends_at < now() and s.deleted_at is null
      order by a.id limit 30`,
  );
  for (const a of waiting.rows)
    calls.push({
      kind: "approval",
      method: "POST",
      path: `/api/v2/applications/${a.id}/approve`,
      token: pm,
      body: {},
      persisted: {
        sql: `select 1 from applications where id = $1 and status = 'Approved'`,
        params: [a.id],
      },
    });
  // The salary run of the latest month with approved hours not yet on a salary line.
  const ready = await pg.query<{ month: string; country_id: number }>(
    `select to_char(s.starts_at at time zone c.time_zone, 'YYYY-MM') as month, c.id as country_id
       from reported_hours h join shift_slots ss on ss.id = h.shift_slot_id
       join shifts s on s.id = ss.shift_id join jobs j on j.id = s.job_id
       join countries c on c.id = j.country_id
      where h.approved_at is not null
        and not exists (select 1 from salary_lines l where l.reported_hours_id = h.id)
        and s.starts_at < date_trunc('month', now())
      order by 1 desc, 2 limit 1`,
  );
  const run = ready.rows[0];
  if (run) {
    const [y, m] = run.month.split("-").map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    calls.push({
      kind: "salary run",
      method: "POST",
      path: "/api/v2/salary/all",
      token: admin,
      body: { from: `${run.month}-01`, to: `${run.month}-${last}`, country_id: run.country_id },
      persisted: {
        sql: `select 1 from salary_runs where period_from = $1 and country_id = $2`,
        params: [`${run.month}-01`, run.country_id],
      },
    });
  }
  // Interleaved, deterministically: every kind is under way when the kill comes.
  return interleave(calls);
}

function interleave(calls: Call[]): Call[] {
  const byKind = new Map<Kind, Call[]>();
  for (const c of calls) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c]);
  const queues = [...byKind.values()];
  const out: Call[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) out.push(q.shift()!);
  return out;
}

async function fire(call: Call): Promise<Outcome> {
  try {
    const res = await fetch(`${BASE}${call.path}`, {
      method: call.method,
      headers: { authorization: `Bearer ${call.token}`, "content-type": "application/json" },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    const text = await res.text();
    let message: string | undefined;
    if (res.status >= 300)
      try {
        message = (JSON.parse(text) as { message?: string }).message;
      } catch {
        message = text.slice(0, 80);
      }
    return { call, status: res.status, message };
  } catch {
    return { call, status: "cut" };
  }
}

/** Fires the calls from CALLERS at once; SIGKILLs the server once `killAfter` have answered. */
/**
 * Fires the calls from CALLERS at once and SIGKILLs the server once `killAfter` have answered,
 * or, given `whenRunning`, as soon as the salary run is running (the kill cuts its attempt).
 */
async function burst(
  calls: Call[],
  server: ChildProcess,
  killAfter: number,
  whenRunning: Client | null,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let killed = false;
  const kill = (why: string) => {
    if (killed) return;
    killed = true;
    server.kill("SIGKILL");
    log(`SIGKILL sent to the server (pid ${server.pid}) ${why}`);
  };
  const caller = async () => {
    while (next < calls.length) {
      const call = calls[next++];
      if (killed) {
        outcomes.push({ call, status: "not sent" });
        continue;
      }
      const outcome = await fire(call);
      outcomes.push(outcome);
      if (!whenRunning && outcomes.length >= killAfter) kill(`after ${outcomes.length} answers`);
    }
  };
  const watcher = async (pg: Client) => {
    while (!killed) {
      const { rowCount } = await pg.query(`select 1 from salary_runs where status = 'running'`);
      if (rowCount) kill(`while the salary run was running, after ${outcomes.length} answers`);
      else await new Promise((r) => setTimeout(r, 25));
    }
  };
  await Promise.all([
    ...Array.from({ length: CALLERS }, caller),
    ...(whenRunning ? [watcher(whenRunning)] : []),
  ]);
  return outcomes;
}

function summarise(outcomes: Outcome[]): string[] {
  const rows = new Map<Kind, Map<string, number>>();
  for (const o of outcomes) {
    const m = rows.get(o.call.kind) ?? new Map<string, number>();
    m.set(String(o.status), (m.get(String(o.status)) ?? 0) + 1);
    rows.set(o.call.kind, m);
  }
  const lines = [...rows].map(
    ([kind, m]) =>
      `  ${kind.padEnd(11)} ${[...m]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join("  ")}`,
  );
  const refusals = new Map<string, number>();
  for (const o of outcomes)
    if (o.message) {
      const key = `${o.call.kind} ${o.status}: ${o.message}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
  for (const [key, n] of refusals) lines.push(`    ${n}× ${key}`);
  return lines;
}

/** The salary runs of the burst and their status, at the kill. */
async function runsAtKill(pg: Client): Promise<Map<number, string>> {
  const { rows } = await pg.query<{ id: number; status: string }>(
    `select id, status from salary_runs where created_at >= now() - interval '1 hour'`,
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

async function settleSalaryRuns(pg: Client, atKill: Map<number, string>): Promise<string[]> {
  const t0 = Date.now();
  for (;;) {
    const runs = await pg.query<{
      id: number;
      status: string;
      error: string | null;
      lines: number;
      job_state: string | null;
    }>(
      `select r.id, r.status, r.error, r.line_count as lines,
              (select j.state::text from pgboss.job j where j.id::text = m.payload->>'job_id') as job_state
         from salary_runs r left join progress_monitors m on m.id = r.monitor_id
        where r.created_at >= now() - interval '1 hour' order by r.id`,
    );
    const open = runs.rows.filter((r) => r.status === "queued" || r.status === "running");
    if (!open.length || Date.now() - t0 > SETTLE_MS)
      return runs.rows.map((r) =>
        r.status === "done"
          ? `salary run ${r.id}: ${atKill.get(r.id) === "done" ? "done before the kill" : `${atKill.get(r.id)} at the kill, resumed and done after the restart`} (${r.lines} lines; settled ${Math.round((Date.now() - t0) / 1000)} s after the wait began)`
          : r.status === "failed"
            ? `salary run ${r.id}: ${atKill.get(r.id)} at the kill, marked failed — ${r.error}`
            : `salary run ${r.id}: still ${r.status} after ${SETTLE_MS / 1000} s; its queue job is ${r.job_state ?? "gone"} (an attempt cut by the kill is handed out again when pg-boss expires it, 10 minutes after it started)`,
      );
    await new Promise((r) => setTimeout(r, 1000));
  }
}

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
  const db = await scratchUrl(url);
  log(`scratch database ${SCRATCH} created`);
  const env = serverEnv(db);
  await seed(env);
  log("demo seeded");
  let server = startServer(env);
  let code = 1;
  const pg = new Client({ connectionString: db });
  await pg.connect();
  try {
    log(`server up on ${BASE} in ${await waitReady(server)} ms`);
    const [pm, admin] = [await login("pm@crewdeck.test"), await login("admin@crewdeck.test")];
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
      calls,
      server,
      killAfter,
      args.includes("--kill-mid-run") ? pg : null,
    );
    await exited(server);
    const atKill = await runsAtKill(pg);
    log(`server gone (${server.signalCode ?? server.exitCode}); answers by kind and status:`);
    for (const line of summarise(outcomes)) console.log(line);

    server = startServer(env);
    log(`restarted; up again in ${await waitReady(server)} ms`);
    // The status sweep and abandoned-run check run every 15 s; the queue polls every 2 s.
    await new Promise((r) => setTimeout(r, 20_000));
    for (const line of await settleSalaryRuns(pg, atKill)) log(line);

    const acked = outcomes.filter(
      (o) => typeof o.status === "number" && o.status < 300 && o.call.persisted,
    );
    const lost: string[] = [];
    for (const o of acked) {
      const { rowCount } = await pg.query(o.call.persisted!.sql, o.call.persisted!.params);
      if (!rowCount) lost.push(`${o.call.method} ${o.call.path}`);
    }
    log(
      lost.length
        ? `LOST: ${lost.length} acknowledged writes are not in the database: ${lost.slice(0, 20).join("; ")}`
        : `every acknowledged booking, approval and salary run start (${acked.length}) is in the database`,
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
    server.kill("SIGTERM");
    await exited(server);
  }
  log(`the scratch database ${SCRATCH} is kept for a look; server log: ${serverLog}`);
  process.exit(code);
}

main().catch((err) => {
  console.error("[fault:kill] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
