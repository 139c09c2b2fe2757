/**
 * `npm run fault:pg-restart` (issue 27, Faults: PostgreSQL restarts mid-load). Starts a throwaway
 * PostgreSQL (or, with `--use-database-url`, uses DATABASE_URL's server, restarted with
 * `pg_ctl -D $PGDATA`), the built app on a fresh database with the demo seed, and a steady load:
 * each second three REST calls (bearer token) and a signed-in page. Then PostgreSQL stops
 * (`pg_ctl stop -m fast`), stays down FAULT_OUTAGE_SECONDS (5), and starts again. It reports the
 * statuses seen while it was down (only 503s: a JSON message with Retry-After for the API, the
 * "we'll be right back" page for a screen; never a 500, never a dropped connection), the time
 * until the first 200 after PostgreSQL is back, and that a background job queued afterwards (a
 * salary run of an empty month through pg-boss) runs to its end, all without restarting the
 * app. Exit code 0 only when all of that holds.
 *
 * Env: FAULT_PORT (the app, 3430), FAULT_PG_PORT (the throwaway server, 5431), PG_BIN (where
 * initdb and pg_ctl are; else the newest /usr/lib/postgresql/N/bin or PATH), FAULT_OUTAGE_SECONDS.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { ensureBuild, nextBin } from "./lib/build";

const root = process.cwd();
const APP_PORT = Number(process.env.FAULT_PORT ?? 3430);
const PG_PORT = Number(process.env.FAULT_PG_PORT ?? 5431);
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_SECONDS ?? 5) * 1000;
const USE_URL = process.argv.includes("--use-database-url");
const BASE = `http://localhost:${APP_PORT}`;
const SECRET = process.env.AUTH_SECRET ?? "fault-secret-fault-secret-fault-secret-fault";
const DB_NAME = "crewdeck_fault";
const PAGE = "/dashboard";

const log = (line: string) => console.log(`[fault] ${line}`);

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a throwaway server, or DATABASE_URL's.

function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions)
      if (fs.existsSync(path.join(base, v, "bin", "pg_ctl"))) return path.join(base, v, "bin");
  }
  return ""; // on PATH
}

interface Pg {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  cleanup: () => Promise<void>;
}

/**
 * initdb and pg_ctl refuse root: as root they run as the postgres user. Asynchronous, so the
 * load keeps its pace while the server stops and starts.
 */
function pgCommand(dataOwner: string | null, cmd: string, args: string[]): Promise<void> {
  const bin = pgBin() ? path.join(pgBin(), cmd) : cmd;
  const [file, argv] =
    dataOwner && process.getuid?.() === 0
      ? ["runuser", ["-u", dataOwner, "--", bin, ...args]]
      : [bin, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed: ${out}`)),
    );
  });
}

async function throwawayPg(): Promise<Pg> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crewdeck-fault-pg-"));
  const owner = process.getuid?.() === 0 ? "postgres" : null;
  if (owner) spawnSync("chown", ["-R", owner, dir]);
  const data = path.join(dir, "data");
  await pgCommand(owner, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const opts = `-p ${PG_PORT} -c fsync=off -c listen_addresses=127.0.0.1 -k ${dir}`;
  const start = () =>
    pgCommand(owner, "pg_ctl", [
      "-D",
      data,
      "-o",
      opts,
      "-l",
      path.join(dir, "log"),
      "-w",
      "start",
    ]);
  const stop = () => pgCommand(owner, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`,
    start,
    stop,
    cleanup: async () => {
      await stop().catch(() => undefined); // already down
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function existingPg(): Pg {
  const url = process.env.DATABASE_URL;
  const data = process.env.PGDATA;
  if (!url || !data)
    throw new Error(
      "--use-database-url needs DATABASE_URL and PGDATA (its data directory, for pg_ctl)",
    );
  const owner = process.getuid?.() === 0 ? (process.env.PGUSER_OS ?? "postgres") : null;
  return {
    url,
    start: () => pgCommand(owner, "pg_ctl", ["-D", data, "-w", "start"]),
    stop: () => pgCommand(owner, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    cleanup: async () => undefined,
  };
}

async function freshDatabase(serverUrl: string): Promise<string> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
}

// ---------------------------------------------------------------------------------------------
// The app.

function seed(env: NodeJS.ProcessEnv): void {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const r = spawnSync(process.execPath, [tsx, "--conditions=react-server", "seed/run.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (r.status !== 0) throw new Error("seeding the fault database failed");
}

interface Server {
  child: ChildProcess;
  lines: { at: number; text: string }[];
}

function startServer(env: NodeJS.ProcessEnv): Server {
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(APP_PORT)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Server["lines"] = [];
  const collect = (chunk: Buffer) => {
    for (const text of chunk.toString("utf8").split("\n"))
      if (text.trim()) lines.push({ at: Date.now(), text });
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  return { child, lines };
}

async function waitForServer(server: Server, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.child.exitCode !== null)
      throw new Error(`the app exited with code ${server.child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/sign-in`)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the app did not answer within two minutes");
}

// ---------------------------------------------------------------------------------------------
// The load.

interface Sample {
  what: string;
  sentAt: number;
  doneAt: number;
  /** The HTTP status, or 0 when the app did not answer (connection refused or reset, timeout). */
  status: number;
  note: string;
}

async function call(what: string, url: string, init: RequestInit): Promise<Sample> {
  const sentAt = Date.now();
  try {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let note = "";
    if (res.status === 503) {
      const type = res.headers.get("content-type") ?? "";
      const retry = res.headers.get("retry-after");
      if (type.includes("application/json")) {
        const body = JSON.parse(text) as { message?: string; type?: string };
        note = body.message && retry ? "" : "503 without a JSON message or Retry-After";
      } else if (!/We(&#39;|')ll be right back/.test(text) || !retry) {
        note = '503 page without "We\'ll be right back" or Retry-After';
      }
    }
    return { what, sentAt, doneAt: Date.now(), status: res.status, note };
  } catch (err) {
    return { what, sentAt, doneAt: Date.now(), status: 0, note: (err as Error).message };
  }
}

function tally(samples: Sample[]): string {
  const by = new Map<string, number>();
  for (const s of samples) {
    const key = `${s.what} ${s.status || "no answer"}`;
    by.set(key, (by.get(key) ?? 0) + 1);
  }
  return [...by.entries()].map(([k, n]) => `${k} ×${n}`).join(", ") || "none";
}

async function main() {
  ensureBuild();
  log(
    USE_URL
      ? "using DATABASE_URL's PostgreSQL"
      : `starting a throwaway PostgreSQL on port ${PG_PORT}`,
  );
  const pg = USE_URL ? existingPg() : await throwawayPg();
  let server: Server | null = null;
  let failures: string[] = [];
  try {
    const url = await freshDatabase(pg.url);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(APP_PORT),
      APP_URL: BASE,
      NEXTAUTH_URL: BASE,
      AUTH_SECRET: SECRET,
      SEED_DEMO: "1",
    };
    log("migrating and seeding the demo data…");
    seed(env);
    server = startServer(env);
    await waitForServer(server);
    log(`app up on ${BASE} (pid ${server.child.pid})`);

    // A bearer token for the API and a browser session for the page, as the administrator.
    const login = await fetch(`${BASE}/api/v2/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@crewdeck.test", password: "Crewdeck!2026" }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const token = ((await login.json()) as { data: { token: { access_token: string } } }).data.token
      .access_token;
    process.env.AUTH_SECRET = SECRET;
    process.env.DATABASE_URL = url;
    const [{ postgresHandle, schema }, { browserCookie }, { eq }] = await Promise.all([
      import("@/db"),
      import("@/lib/testing/session-cookie"),
      import("drizzle-orm"),
    ]);
    const handle = postgresHandle(url, 1);
    const [adminUser] = await handle.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, "admin@crewdeck.test"));
    const { cookie } = await browserCookie(handle.db, adminUser.id);
    await handle.close();

    const api = { authorization: `Bearer ${token}` };
    const round = () =>
      Promise.all([
        call("GET rules", `${BASE}/api/v2/rules`, { headers: api }),
        call("GET jobs", `${BASE}/api/v2/jobs?page=1`, { headers: api }),
        call("GET countries", `${BASE}/api/v2/countries`, { headers: api }),
        call(`page ${PAGE}`, `${BASE}${PAGE}`, { headers: { cookie } }),
      ]);
    const warm = await round();
    for (const s of warm)
      if (s.status !== 200) throw new Error(`before the restart ${s.what} answered ${s.status}`);

    const samples: Sample[] = [];
    let loading = true;
    const loader = (async () => {
      while (loading) {
        const next = Date.now() + 1000;
        void round().then((r) => samples.push(...r));
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    })();

    await new Promise((r) => setTimeout(r, 4000));
    const downAt = Date.now();
    log("stopping PostgreSQL (pg_ctl stop -m fast)…");
    await pg.stop();
    log(`PostgreSQL is down; starting it again in ${OUTAGE_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await pg.start();
    const upAt = Date.now();
    log(`PostgreSQL is back (down ${((upAt - downAt) / 1000).toFixed(1)} s)`);

    // Serving again: the first 200 of each kind of call sent after PostgreSQL was back.
    const until = upAt + 30_000;
    const backOf = (what: string) =>
      samples.find((s) => s.what === what && s.sentAt >= upAt && s.status === 200);
    const kinds = ["GET rules", "GET jobs", "GET countries", `page ${PAGE}`];
    while (Date.now() < until && kinds.some((k) => !backOf(k)))
      await new Promise((r) => setTimeout(r, 200));

    // A background job queued now runs: a salary run of an empty month, through pg-boss.
    const jobStarted = Date.now();
    let jobResult = "not run";
    const countries = (await (
      await fetch(`${BASE}/api/v2/countries`, { headers: api })
    ).json()) as {
      data: { id: number }[];
    };
    const start = await fetch(`${BASE}/api/v2/salary/all`, {
      method: "POST",
      headers: { ...api, "content-type": "application/json" },
      body: JSON.stringify({
        from: "2031-01-01",
        to: "2031-01-31",
        country_id: countries.data[0].id,
      }),
    });
    const started = (await start.json()) as { data?: { monitor_id: number } };
    if (start.status < 200 || start.status > 202)
      jobResult = `the salary run was not queued (${start.status} ${JSON.stringify(started)})`;
    else {
      const monitor = started.data!.monitor_id;
      while (Date.now() - jobStarted < 60_000) {
        const p = (await (
          await fetch(`${BASE}/api/v2/job-progress/${monitor}`, { headers: api })
        ).json()) as { data: { status: string } };
        jobResult = p.data.status;
        if (jobResult === "done" || jobResult === "failed") break;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const jobMs = Date.now() - jobStarted;
    loading = false;
    await loader;
    await new Promise((r) => setTimeout(r, 1000)); // the last round's answers

    // The verdict.
    const during = samples.filter((s) => s.sentAt >= downAt && s.sentAt < upAt);
    const after = samples.filter((s) => s.sentAt >= upAt);
    const bad = samples.filter((s) => s.status !== 200 && s.status !== 503);
    const badBodies = samples.filter((s) => s.note && s.status === 503);
    const firstBack = kinds.map((k) => ({ k, s: backOf(k) }));
    const crashed = server.child.exitCode !== null;
    const uncaught = server.lines.filter((l) => /uncaught|unhandled/i.test(l.text));

    console.log("");
    log(
      `load: ${samples.length} requests (4 a second), PostgreSQL down for ${((upAt - downAt) / 1000).toFixed(1)} s`,
    );
    log(`while PostgreSQL was down (${during.length} requests): ${tally(during)}`);
    log(`after it was back (${after.length} requests): ${tally(after)}`);
    for (const { k, s } of firstBack)
      log(
        `first 200 after PostgreSQL was back, ${k}: ${s ? `${((s.doneAt - upAt) / 1000).toFixed(2)} s` : "never"}`,
      );
    log(
      `background job (salary run queued after the restart, pg-boss): ${jobResult} in ${(jobMs / 1000).toFixed(1)} s`,
    );
    log(
      `app process: ${crashed ? `exited (${server.child.exitCode})` : "still the same process, never restarted"}`,
    );

    if (during.length === 0) failures.push("no request was sent while PostgreSQL was down");
    if (!during.some((s) => s.status === 503)) failures.push("no 503 while PostgreSQL was down");
    if (bad.length)
      failures.push(
        `${bad.length} answers other than 200/503: ${bad
          .slice(0, 5)
          .map((s) => `${s.what} ${s.status || "no answer"} ${s.note}`)
          .join("; ")}`,
      );
    if (badBodies.length)
      failures.push(`${badBodies.length} 503s without their message: ${badBodies[0].note}`);
    for (const { k, s } of firstBack) if (!s) failures.push(`${k} never answered 200 again`);
    if (jobResult !== "done") failures.push(`the background job did not finish (${jobResult})`);
    if (crashed) failures.push("the app process exited");
    if (uncaught.length) failures.push(`the app logged: ${uncaught[0].text}`);
  } catch (err) {
    failures = [...failures, (err as Error).message];
  } finally {
    if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
    await pg.cleanup();
  }
  if (failures.length) {
    for (const f of failures) log(`FAIL: ${f}`);
    if (server) {
      log("the app's last log lines:");
      for (const l of server.lines.slice(-30)) console.log(`  ${l.text}`);
    }
    process.exit(1);
  }
  log("PASS: only 503s during the outage, served again without a restart, the background job ran");
  process.exit(0);
}

void main();
