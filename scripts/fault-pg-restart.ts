/**
 * `npm run fault:pg-restart [-- --reuse-build]` (issue 27, Faults: PostgreSQL restarts mid-load). Starts a throwaway
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
import { ensureBuild } from "./lib/build";
import {
  appEnv,
  FAULT_SECRET,
  seedDemo,
  startApp,
  waitReady,
  type AppServer,
} from "./lib/fault-app";
import { existingPg, freshDatabase, throwawayPg } from "./lib/fault-pg";

const APP_PORT = Number(process.env.FAULT_PORT ?? 3430);
const PG_PORT = Number(process.env.FAULT_PG_PORT ?? 5431);
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_SECONDS ?? 5) * 1000;
const USE_URL = process.argv.includes("--use-database-url");
const BASE = `http://localhost:${APP_PORT}`;
const SECRET = process.env.AUTH_SECRET ?? FAULT_SECRET;
const DB_NAME = "crewdeck_fault";
const PAGE = "/dashboard";

const log = (line: string) => console.log(`[fault] ${line}`);

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
  if (!process.argv.includes("--reuse-build")) ensureBuild();
  log(
    USE_URL
      ? "using DATABASE_URL's PostgreSQL"
      : `starting a throwaway PostgreSQL on port ${PG_PORT}`,
  );
  const pg = USE_URL ? existingPg() : await throwawayPg(PG_PORT);
  let server: AppServer | null = null;
  let failures: string[] = [];
  try {
    const url = await freshDatabase(pg.url, DB_NAME);
    const env = { ...appEnv(url, APP_PORT), AUTH_SECRET: SECRET };
    log("migrating and seeding the demo data…");
    await seedDemo(env);
    server = startApp(env, APP_PORT);
    await waitReady(server);
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
