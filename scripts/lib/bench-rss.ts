/**
 * `BENCH_ONLY=rss npm run bench` (DATABASE_URL: a PostgreSQL server the bench may create a
 * database on): issue 27's "the server of `npm start` on PostgreSQL stays ≤ 300 MB RSS after the
 * bench's load". Creates a fresh database `crewdeck_bench_rss`, starts `npm start` on it with the
 * demo seed (port BENCH_RSS_PORT, 3340), signs the demo administrator, project manager and
 * worker in through the sign-in form (Playwright's Chromium) and over POST auth/login, sends
 * BENCH_RSS_REQUESTS (3,000) mixed requests from 8 callers at once (signed-in screens and
 * /api/v2 lists and dashboards of the three), then reports the RSS of every process `npm start`
 * left running (npm itself, the server) with its anonymous and file pages, and the peak seen
 * during the load (BENCH_RSS_REUSE=1 keeps the seeded database of the last run; the server's
 * output goes to test-results/bench-rss-server.log). Fails when the server (next-server) is above
 * BENCH_RSS_LIMIT_MB (300), or when a request answers 5xx. The issue's bar is the server's; the
 * tree is printed beside it: npm (~67 MB) stays the parent of whatever its script runs, and is
 * not there when production runs `node scripts/start.mjs`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  apiLogin,
  appEnv,
  DEMO_PASSWORD,
  processTree,
  startApp,
  stopApp,
  totalRssKb,
  waitReady,
} from "./fault-app";
import { freshDatabase } from "./fault-pg";

const PORT = Number(process.env.BENCH_RSS_PORT ?? 3340);
const REQUESTS = Number(process.env.BENCH_RSS_REQUESTS ?? 3_000);
const CALLERS = Number(process.env.BENCH_RSS_CALLERS ?? 8);
const LIMIT_MB = Number(process.env.BENCH_RSS_LIMIT_MB ?? 300);
const BASE = `http://127.0.0.1:${PORT}`;

/** Signed-in screens and API calls per demo account (the office lists, the worker's home). */
const LOAD = {
  admin: {
    pages: [
      "/dashboard",
      "/jobs",
      "/users",
      "/applicants",
      "/clients",
      "/approvals",
      "/calendar",
      "/insights",
      "/activity-log",
      "/venues",
      "/salaryreports",
      "/skills",
      "/settings",
      "/job-quotes",
      "/freelancers",
      "/worker-rates",
      "/live-chat",
    ],
    api: [
      "jobs",
      "users",
      "applicants",
      "companies",
      "activity-log",
      "approvals",
      "statistics/jobs",
      "statistics/revenue",
      "statistics/workers",
      "venues",
      "skills",
    ],
  },
  pm: {
    pages: ["/dashboard", "/jobs", "/calendar", "/approvals", "/users"],
    api: ["jobs", "approvals", "users", "bookable-users"],
  },
  worker: {
    pages: ["/my-dashboard"],
    api: [
      "my-dashboard/new-jobs",
      "my-dashboard/my-shifts",
      "my-dashboard/pending-shifts",
      "my-dashboard/past-shifts",
    ],
  },
} as const;
type Account = keyof typeof LOAD;

const mb = (kb: number) => kb / 1024;

/** A session cookie through the sign-in form, as a person gets one. */
async function sessionCookie(email: string): Promise<string> {
  const { chromium } = await import("@playwright/test");
  const executablePath =
    process.env.CHROMIUM_PATH ??
    (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({ executablePath });
  try {
    const context = await browser.newContext({ baseURL: BASE });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem("areCookiesAccepted", "true"));
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"), { timeout: 120_000 });
    const cookies = await context.cookies();
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

export async function benchRss(): Promise<{ lines: string[]; ok: boolean }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error("BENCH_ONLY=rss needs DATABASE_URL (a PostgreSQL server)");
  const name = "crewdeck_bench_rss";
  // BENCH_RSS_REUSE=1 keeps the database of the last run (already seeded: a quicker start).
  const url = await freshDatabase(admin, name, process.env.BENCH_RSS_REUSE === "1");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crewdeck-rss-"));
  const snapshot = process.env.BENCH_RSS_HEAP_SNAPSHOT === "1";
  const snapshotDir = path.join(process.cwd(), "test-results");
  const env = {
    ...appEnv(url, PORT, BASE),
    DATA_DIR: dataDir,
    AUTH_SECRET: process.env.AUTH_SECRET ?? crypto.randomBytes(32).toString("base64url"),
    BENCH_ONLY: "",
    // BENCH_RSS_SERVER_NODE_FLAGS: flags to weigh (scripts/start.mjs adds them to the server's);
    // BENCH_RSS_HEAP_SNAPSHOT=1: the server writes a heap snapshot on SIGUSR2 after the load.
    CREWDECK_SERVER_NODE_FLAGS: [
      process.env.BENCH_RSS_SERVER_NODE_FLAGS ?? "",
      snapshot ? `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}` : "",
    ].join(" "),
  };
  const logFile = path.join(process.cwd(), "test-results", "bench-rss-server.log");
  fs.rmSync(logFile, { force: true });
  const server = startApp(env, PORT, logFile, "npm start");
  try {
    console.log(
      `[bench] npm start on ${name} (port ${PORT}; builds first when the sources changed)…`,
    );
    // `npm start` prepares the database and builds first when the sources changed.
    await waitReady(server, 15 * 60_000);
    const pid = server.child.pid!;
    const started = totalRssKb(processTree(pid));

    const accounts = Object.keys(LOAD) as Account[];
    // Each API token answers 600 calls a minute: each account's API calls rotate over a few.
    const cookies = new Map<Account, string>();
    const tokens = new Map<Account, string[]>();
    for (const a of accounts) {
      cookies.set(a, await sessionCookie(`${a}@crewdeck.test`));
      const own: string[] = [];
      for (let i = 0; i < 6; i++) own.push(await apiLogin(BASE, `${a}@crewdeck.test`));
      tokens.set(a, own);
    }
    const calls: { account: Account; url: string; api: boolean }[] = [];
    for (const a of accounts) {
      for (const p of LOAD[a].pages) calls.push({ account: a, url: `${BASE}${p}`, api: false });
      for (const p of LOAD[a].api)
        calls.push({ account: a, url: `${BASE}/api/v2/${p}`, api: true });
    }
    const apiCalls = calls.filter((c) => c.api).length;

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let peakKb = started;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, totalRssKb(processTree(pid)));
    }, 500);
    const durations: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        while (next < REQUESTS) {
          const n = next++;
          const call = calls[n % calls.length];
          const own = tokens.get(call.account)!;
          const headers: Record<string, string> = call.api
            ? { authorization: `Bearer ${own[Math.floor(n / calls.length) % own.length]}` }
            : { cookie: cookies.get(call.account)! };
          const t = performance.now();
          const res = await fetch(call.url, { headers, redirect: "manual" });
          await res.arrayBuffer();
          durations.push(performance.now() - t);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (
            (res.status >= 500 || res.status === 429 || res.status === 404) &&
            failures.length < 3
          )
            failures.push(`${res.status} ${call.url}`);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    // What stays resident once the load is over (a few seconds for the last responses' garbage).
    await new Promise((r) => setTimeout(r, 5_000));
    const after = processTree(pid);
    const totalKb = totalRssKb(after);
    const nextServer = after.find((p) => p.cmd.startsWith("next-server"));
    const serverKb = nextServer?.rssKb ?? totalKb;
    const ok = serverKb <= LIMIT_MB * 1024 && failures.length === 0;
    durations.sort((a, b) => a - b);
    const pct = (q: number) =>
      durations[Math.min(durations.length - 1, Math.floor(q * durations.length))];
    const snapshotFile =
      snapshot && nextServer ? await heapSnapshot(nextServer.pid, snapshotDir) : null;
    const byStatus = [...statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${n} × ${s}`)
      .join(", ");
    return {
      ok,
      lines: [
        `npm start on PostgreSQL (demo seed)   ${REQUESTS.toLocaleString("en")} requests (${calls.length - apiCalls} screens and ${apiCalls} API calls of admin, pm and worker, ${CALLERS} at once) in ${seconds.toFixed(0)} s: ${byStatus}`,
        `  a request: p50 ${pct(0.5).toFixed(0)} ms, p95 ${pct(0.95).toFixed(0)} ms; load average at the end ${os.loadavg()[0].toFixed(1)}` +
          (snapshotFile ? `; heap snapshot ${snapshotFile}` : ""),
        ...after.map(
          (p) =>
            `  pid ${p.pid}  ${mb(p.rssKb).toFixed(0).padStart(4)} MB (anonymous ${mb(p.anonKb).toFixed(0)}, files ${mb(p.fileKb).toFixed(0)})  ${p.cmd.slice(0, 90)}`,
        ),
        `RSS of npm start's processes   at start ${mb(started).toFixed(0)} MB   peak under load ${mb(peakKb).toFixed(0)} MB   after the load ${mb(totalKb).toFixed(0)} MB`,
        `RSS of the server after the load   ${mb(serverKb).toFixed(0)} MB   ` +
          (ok
            ? `≤ ${LIMIT_MB} MB: held`
            : failures.length
              ? `FAILED requests: ${failures.join("; ")}`
              : `ABOVE ${LIMIT_MB} MB`),
      ],
    };
  } finally {
    await stopApp(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** SIGUSR2 to the server (started with --heapsnapshot-signal): the file, once V8 has written it. */
async function heapSnapshot(pid: number, dir: string): Promise<string | null> {
  const before = new Set(fs.readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  // V8 writes the file under its final name as it goes: done once its size holds for a second.
  let file: string | null = null;
  let size = -1;
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    file ??= fs.readdirSync(dir).find((f) => f.endsWith(".heapsnapshot") && !before.has(f)) ?? null;
    if (!file) continue;
    const now = fs.statSync(path.join(dir, file)).size;
    if (now > 0 && now === size) return path.join(dir, file);
    size = now;
  }
  return file && path.join(dir, file);
}
