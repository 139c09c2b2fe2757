/**
 * `npm run fault:two-instances [-- --reuse-build --use-database-url]` (issue 27, Faults: two app
 * instances on one PostgreSQL). Starts a throwaway PostgreSQL (or, with `--use-database-url`,
 * uses DATABASE_URL's server), a fresh database with the demo seed, and the built app twice on
 * it: instance A on FAULT_PORT (3440) and instance B on FAULT_PORT_B (A's port + 1), each with its
 * own pool, background loop and pg-boss worker. Then it checks, printing each:
 *  1. a browser session made through A's sign-in form serves a signed-in page on B, and a bearer
 *     token from A's REST login works on B;
 *  2. the sign-in limit counts attempts made half on A and half on B (the sixth wrong password is
 *     refused, and then the right one too, on either);
 *  3. a chat message sent through A reaches the recipient's event stream (SSE) open on B;
 *  4. the chat limit (30 a minute) counts messages sent half through A and half through B;
 *  5. a salary run started on A and B at the same moment is queued once (the other start is
 *     refused with 409), runs once on one of the two workers (pg-boss: completed, no retry) and
 *     writes each approved report's line once;
 *  6. the background loops of both (every 15 s) queued each day-before reminder and chat digest
 *     once.
 * Exit code 0 only when every check holds.
 *
 * Env: FAULT_PORT, FAULT_PORT_B, FAULT_PG_PORT (the throwaway server, 5433), PG_BIN.
 */
import { ensureBuild } from "./lib/build";
import {
  apiLogin,
  appEnv,
  DEMO_PASSWORD,
  seedDemo,
  startApp,
  stopApp,
  waitReady,
  type AppServer,
} from "./lib/fault-app";
import { existingPg, freshDatabase, throwawayPg, type Pg } from "./lib/fault-pg";
import { browserSignIn, readEvents } from "./lib/fault-http";
import { Client } from "pg";

const PORT_A = Number(process.env.FAULT_PORT ?? 3440);
const PORT_B = Number(process.env.FAULT_PORT_B ?? PORT_A + 1);
const PG_PORT = Number(process.env.FAULT_PG_PORT ?? 5433);
const USE_URL = process.argv.includes("--use-database-url");
const DB_NAME = "crewdeck_fault_two";

const log = (line: string) => console.log(`[fault:two-instances] ${line}`);
const results: { ok: boolean; what: string }[] = [];
function check(ok: boolean, what: string) {
  results.push({ ok, what });
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
}

interface Call {
  status: number;
  body: Record<string, unknown> & { message?: string; data?: Record<string, unknown> };
}
async function call(
  base: string,
  method: string,
  path: string,
  auth: { token?: string; cookie?: string },
  body?: unknown,
): Promise<Call> {
  const res = await fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: { message: text.slice(0, 120) } };
  }
}

async function sessions(a: AppServer, b: AppServer) {
  const cookie = await browserSignIn(a.base, "pm@crewdeck.test", DEMO_PASSWORD);
  const page = await fetch(`${b.base}/jobs`, { headers: { cookie }, redirect: "manual" });
  const signedOut = await fetch(`${b.base}/jobs`, { redirect: "manual" });
  check(
    page.status === 200 && signedOut.status >= 300 && signedOut.status < 400,
    `session: signed in through A's form; B serves /jobs with that cookie (${page.status}; without it ${signedOut.status} to ${signedOut.headers.get("location")})`,
  );
  const token = await apiLogin(a.base, "admin@crewdeck.test");
  const me = await call(b.base, "GET", "/api/v2/rules", { token });
  const none = await call(b.base, "GET", "/api/v2/rules", { token: "not-a-token" });
  check(
    me.status === 200 && none.status === 401,
    `token: a bearer token from A's REST login works on B (GET /api/v2/rules ${me.status}; a made-up token ${none.status})`,
  );
}

async function signInLimit(a: AppServer, b: AppServer) {
  const email = "handler@crewdeck.test";
  const statuses: string[] = [];
  for (let i = 0; i < 6; i++) {
    const on = i % 2 ? b : a;
    const r = await call(on.base, "POST", "/api/v2/auth/login", {}, { email, password: "wrong" });
    statuses.push(`${on === a ? "A" : "B"} ${r.status}`);
  }
  const right = await Promise.all(
    [a, b].map((on) =>
      call(on.base, "POST", "/api/v2/auth/login", {}, { email, password: DEMO_PASSWORD }),
    ),
  );
  check(
    statuses.join(",") === "A 401,B 401,A 401,B 401,A 401,B 429" &&
      right.every((r) => r.status === 429),
    `sign-in limit across both: wrong passwords ${statuses.join(", ")}; then the right one A ${right[0].status}, B ${right[1].status} ("${right[1].body.message}")`,
  );
}

async function chat(a: AppServer, b: AppServer, pg: Client) {
  const pm = await apiLogin(a.base, "pm@crewdeck.test");
  const worker = await apiLogin(b.base, "worker@crewdeck.test");
  const { rows } = await pg.query<{ id: number }>(
    `select id from users where email = 'worker@crewdeck.test'`,
  );
  const stream = new AbortController();
  const res = await fetch(`${b.base}/api/v2/realtime/stream`, {
    headers: { authorization: `Bearer ${worker}` },
    signal: stream.signal,
  });
  const events = readEvents(res);
  const sentAt = Date.now();
  const sent = await call(
    a.base,
    "POST",
    "/api/v2/chat/send-message",
    { token: pm },
    { body: "Two instances: can you see this?", target_user: rows[0].id },
  );
  const id = Number(sent.body.data?.id);
  const got = await events.waitFor(
    (e) => e.type === "new-message" && Number(e.message_id) === id,
    5_000,
  );
  stream.abort();
  check(
    sent.status < 300 && got !== null,
    `realtime: a message sent through A (${sent.status}, id ${id}) reached the worker's stream on B ${got ? `in ${Date.now() - sentAt} ms` : "— never (5 s)"}`,
  );

  // 29 more go; the 31st in the minute is refused, whichever instance it reaches.
  const chatId = sent.body.data?.chat_id;
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const on = i % 2 ? b : a;
    const r = await call(
      on.base,
      "POST",
      "/api/v2/chat/send-message",
      { token: pm },
      {
        body: `Message ${i + 2}`,
        chat_id: chatId,
      },
    );
    statuses.push(r.status);
  }
  const ok = statuses.slice(0, 29).every((s) => s >= 200 && s < 300) && statuses[29] === 429;
  check(
    ok,
    `chat limit across both: 30 messages a minute sent alternately through A and B answered ${tallyOf(statuses.slice(0, 29))}, the 31st (on B) ${statuses[29]}`,
  );
}

const tallyOf = (xs: (number | string)[]) =>
  [...new Set(xs)].map((x) => `${x}×${xs.filter((y) => y === x).length}`).join(" ");

async function salaryRun(a: AppServer, b: AppServer, pg: Client) {
  const admin = await apiLogin(a.base, "admin@crewdeck.test");
  // The latest months with approved hours (a month whose hours lack a worker rate is refused
  // with 410: the next one is tried), else an empty month (the run then writes no line).
  const ready = await pg.query<{ month: string; country_id: number }>(
    `select distinct to_char(s.starts_at at time zone c.time_zone, 'YYYY-MM') as month,
            c.id as country_id
       from reported_hours h join shift_slots ss on ss.id = h.shift_slot_id
       join shifts s on s.id = ss.shift_id join jobs j on j.id = s.job_id
       join countries c on c.id = j.country_id
      where h.approved_at is not null and s.starts_at < date_trunc('month', now())
      order by 1 desc, 2 limit 4`,
  );
  const { rows: countries } = await pg.query<{ id: number }>(
    `select id from countries order by id limit 1`,
  );
  const candidates = [...ready.rows, { month: "2031-01", country_id: countries[0].id }];
  let period = { from: "", to: "", country_id: 0 };
  let starts: Call[] = [];
  for (const run of candidates) {
    const [y, m] = run.month.split("-").map(Number);
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    period = { from: `${run.month}-01`, to: `${run.month}-${last}`, country_id: run.country_id };
    starts = await Promise.all(
      [a, b].map((on) => call(on.base, "POST", "/api/v2/salary/all", { token: admin }, period)),
    );
    if (starts.some((s) => s.status !== 410)) break;
    log(`salary run ${period.from}–${period.to}: 410 (${starts[0].body.message}); the next month`);
  }
  const started = starts.find((s) => s.status >= 200 && s.status < 300);
  const refused = starts.find((s) => s.status === 409);
  check(
    !!started && !!refused,
    `salary run ${period.from}–${period.to} started on A and B at the same moment: A ${starts[0].status}, B ${starts[1].status}${refused ? ` ("${refused.body.message}")` : ""}`,
  );
  if (!started) return;
  const monitor = Number(started.body.data?.monitor_id);
  let status = "queued";
  const t0 = Date.now();
  while (Date.now() - t0 < 90_000 && status !== "done" && status !== "failed") {
    await new Promise((r) => setTimeout(r, 500));
    const p = await call(b.base, "GET", `/api/v2/job-progress/${monitor}`, { token: admin });
    status = String(p.body.data?.status ?? p.status);
  }
  const facts = await pg.query<{
    claimed_by: string | null;
    job_state: string | null;
    retry_count: number | null;
    runs: number;
    lines: number;
    twice: number;
  }>(
    `select m.claimed_by,
            (select j.state::text from pgboss.job j where j.id::text = m.payload->>'job_id') as job_state,
            (select j.retry_count from pgboss.job j where j.id::text = m.payload->>'job_id') as retry_count,
            (select count(*)::int from salary_runs r where r.period_from = $1 and r.country_id = $2) as runs,
            (select count(*)::int from salary_lines l) as lines,
            (select count(*)::int from (select reported_hours_id from salary_lines
               group by reported_hours_id having count(*) > 1) d) as twice
       from progress_monitors m where m.id = $3`,
    [period.from, period.country_id, monitor],
  );
  const f = facts.rows[0];
  const pids = { [String(a.child.pid)]: "A", [String(b.child.pid)]: "B" };
  const pid = f?.claimed_by?.split(":").pop() ?? "";
  check(
    status === "done" &&
      f?.job_state === "completed" &&
      f.retry_count === 0 &&
      f.runs === 1 &&
      f.twice === 0,
    `salary run ran once: progress ${status} (read on B), claimed by ${f?.claimed_by ?? "nobody"}${pids[pid] ? ` (instance ${pids[pid]})` : ""}, pg-boss job ${f?.job_state} with ${f?.retry_count} retries, ${f?.runs} salary run row, ${f?.lines} lines, ${f?.twice} reports with two lines`,
  );
}

async function sweeps(pg: Client, since: Date) {
  // Both loops run every 15 s: wait until each has had a round since the instances started.
  const wait = Math.max(0, since.getTime() + 35_000 - Date.now());
  if (wait) await new Promise((r) => setTimeout(r, wait));
  const { rows } = await pg.query<{ template: string; mails: number; twice: number }>(
    `select template, count(*)::int as mails,
            (count(*) - count(distinct (user_id, subject, text)))::int as twice
       from mail_outbox where template in ('shift_reminder', 'chat_digest') group by template`,
  );
  const of = (t: string) => rows.find((r) => r.template === t) ?? { mails: 0, twice: 0 };
  check(
    rows.every((r) => r.twice === 0),
    `background loops of A and B (every 15 s): day-before reminders queued ${of("shift_reminder").mails}, chat digests ${of("chat_digest").mails}; the same mail twice: ${of("shift_reminder").twice + of("chat_digest").twice}`,
  );
}

async function main() {
  if (!process.argv.includes("--reuse-build")) ensureBuild();
  log(USE_URL ? "using DATABASE_URL's PostgreSQL" : `a throwaway PostgreSQL on port ${PG_PORT}`);
  const server: Pg = USE_URL ? existingPg() : await throwawayPg(PG_PORT);
  let a: AppServer | null = null;
  let b: AppServer | null = null;
  let pg: Client | null = null;
  try {
    const url = await freshDatabase(server.url, DB_NAME);
    log("migrating and seeding the demo data…");
    await seedDemo(appEnv(url, PORT_A));
    const since = new Date();
    a = startApp(appEnv(url, PORT_A), PORT_A);
    b = startApp(appEnv(url, PORT_B), PORT_B);
    const [upA, upB] = await Promise.all([waitReady(a), waitReady(b)]);
    log(
      `instance A on ${a.base} (pid ${a.child.pid}, up in ${upA} ms), B on ${b.base} (pid ${b.child.pid}, ${upB} ms)`,
    );
    pg = new Client({ connectionString: url });
    await pg.connect();
    await sessions(a, b);
    await signInLimit(a, b);
    await chat(a, b, pg);
    await salaryRun(a, b, pg);
    await sweeps(pg, since);
    for (const [name, s] of [
      ["A", a],
      ["B", b],
    ] as const)
      check(s.child.exitCode === null, `instance ${name} still running`);
    const errors = [...a.lines, ...b.lines].filter((l) => /uncaught|unhandled/i.test(l.text));
    check(
      !errors.length,
      `no uncaught error in either log${errors.length ? `: ${errors[0].text}` : ""}`,
    );
  } catch (err) {
    check(false, `stopped: ${(err as Error).message}`);
  } finally {
    await pg?.end().catch(() => undefined);
    await Promise.all([stopApp(a), stopApp(b)]);
    await server.cleanup();
  }
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    log(`FAIL: ${failed.length} of ${results.length} checks failed`);
    for (const s of [a, b]) {
      if (!s) continue;
      log(`the last log lines of ${s.base}:`);
      for (const l of s.lines.slice(-20)) console.log(`  ${l.text}`);
    }
    process.exit(1);
  }
  log(`PASS: all ${results.length} checks hold`);
  process.exit(0);
}

void main();
