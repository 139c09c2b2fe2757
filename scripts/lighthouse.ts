/**
 * npm run bench:lighthouse (issue 27, "Phone speed"): Lighthouse's mobile preset (its default
 * throttled phone: simulated slow 4G, 4× CPU slowdown, a 412 px Moto G) on the production
 * build, on the pages a phone opens first: /sign-in, the worker's /my-dashboard, the PM's /jobs
 * and /dashboard. Builds when the sources changed (scripts/lib/build.ts), seeds the demo data
 * into a scratch PGlite DATA_DIR, serves the build, signs the two accounts in through the form
 * (Playwright) and hands each session's cookie to Lighthouse as a request header.
 *
 * Prints per page the performance score and its metrics (FCP, LCP, TBT, CLS, SI; the median
 * run of LIGHTHOUSE_RUNS, 3 by default), the audits Lighthouse names as falling short
 * (render-blocking resources, unused JS, server response time, fonts…) and the machine's load
 * (simulated throttling multiplies the CPU time it measures, so a busy machine scores lower).
 * Exits 1 when a page's median score is under 0.9.
 *
 * LIGHTHOUSE_PORT (3350) is the app's port; LIGHTHOUSE_PAGES a comma list of paths to run
 * only those (e.g. "/jobs"); LIGHTHOUSE_JSON a folder to write each median run's report to;
 * LIGHTHOUSE_SKIP_BUILD=1 serves the build that is there, even if the sources changed since.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumExecutable } from "../e2e/support/browser";
import { ensureBuild, nextBin } from "./lib/build";

const BAR = 0.9;
const PASSWORD = "Crewdeck!2026";
const root = process.cwd();
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3350);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const base = `http://localhost:${PORT}`;

/** The pages, and who opens them (null: signed out). */
const PAGES: { path: string; as: string | null }[] = [
  { path: "/sign-in", as: null },
  { path: "/my-dashboard", as: "worker@crewdeck.test" },
  { path: "/jobs", as: "pm@crewdeck.test" },
  { path: "/dashboard", as: "pm@crewdeck.test" },
];

/** The metrics Lighthouse's performance score is made of. */
const METRICS: [string, string][] = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
];

/** Audits that name a cause: printed when they fall short (score under 0.9). */
const CAUSES = [
  "render-blocking-resources",
  "render-blocking-insight",
  "unused-javascript",
  "unused-css-rules",
  "server-response-time",
  "document-latency-insight",
  "font-display",
  "font-display-insight",
  "uses-rel-preconnect",
  "prioritize-lcp-image",
  "largest-contentful-paint-element",
  "lcp-lazy-loaded",
  "legacy-javascript",
  "legacy-javascript-insight",
  "bootup-time",
  "mainthread-work-breakdown",
  "total-byte-weight",
  "dom-size",
  "layout-shifts",
  "long-tasks",
];

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

async function waitFor(url: string, child: ChildProcess | null, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`nothing answered on ${url} within ${timeoutMs / 1000} s`);
}

/** The session cookie of `email`, signed in through the form as a person would. */
async function sessionCookies(emails: string[], executablePath: string) {
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const cookies = new Map<string, string>();
  try {
    for (const email of emails) {
      const context = await browser.newContext({ baseURL: base });
      // A loaded machine can take long over a first page: the runs below measure, this does not.
      context.setDefaultTimeout(120_000);
      const page = await context.newPage();
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
      const session = (await context.cookies()).filter((c) =>
        c.name.endsWith("next-auth.session-token"),
      );
      if (!session.length) throw new Error(`${email}: no session cookie after signing in`);
      cookies.set(email, session.map((c) => `${c.name}=${c.value}`).join("; "));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return cookies;
}

/** Chromium for Lighthouse, with its DevTools port open. */
async function launchChrome(executablePath: string, port: number) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "crewdeck-lighthouse-chrome-"));
  const child = spawn(
    executablePath,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-extensions",
      "--no-first-run",
      "--no-default-browser-check",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, child, 30_000);
  return {
    close() {
      child.kill("SIGTERM");
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface Run {
  score: number;
  metrics: Record<string, string>;
  causes: string[];
  lhr: unknown;
}

type Audit = { score: number | null; displayValue?: string; title: string };

/**
 * One Lighthouse run through its own CLI (plain Node): loaded under tsx, the functions
 * Lighthouse sends into the page carry tsx's `__name` helper, which the page does not have.
 */
function audit(url: string, cookie: string | null, chromePort: number): Run {
  const out = path.join(os.tmpdir(), `crewdeck-lighthouse-${process.pid}.json`);
  const args = [
    path.join(root, "node_modules", "lighthouse", "cli", "index.js"),
    url,
    `--port=${chromePort}`,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${out}`,
    "--quiet",
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const r = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0 || !fs.existsSync(out))
    throw new Error(`${url}: Lighthouse exited with ${r.status}`);
  const lhr = JSON.parse(fs.readFileSync(out, "utf8")) as {
    runtimeError?: { message: string };
    audits: Record<string, Audit>;
    categories: { performance: { score: number | null } };
  };
  fs.rmSync(out, { force: true });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, Audit>;
  const metrics: Record<string, string> = {};
  for (const [id, name] of METRICS) metrics[name] = audits[id]?.displayValue ?? "?";
  const causes = CAUSES.filter((id) => {
    const a = audits[id];
    return a && a.score !== null && a.score < 0.9;
  }).map((id) => {
    const a = audits[id];
    return `${a.title}${a.displayValue ? `: ${a.displayValue}` : ""}`;
  });
  return { score: lhr.categories.performance.score ?? 0, metrics, causes, lhr };
}

async function main() {
  const executablePath = chromiumExecutable();
  if (!executablePath) throw new Error("no Chromium (CHROMIUM_PATH, /usr/bin/chromium)");
  const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((p) => p.trim());
  const pages = only ? PAGES.filter((p) => only.includes(p.path)) : PAGES;
  if (!pages.length) throw new Error(`LIGHTHOUSE_PAGES names none of ${PAGES.map((p) => p.path)}`);

  if (process.env.LIGHTHOUSE_SKIP_BUILD !== "1") ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crewdeck-lighthouse-db-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    PORT: String(PORT),
    APP_URL: base,
    NEXTAUTH_URL: base,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "lighthouse-secret-lighthouse-secret-lighthouse",
    SEED_DEMO: "1",
  };
  console.log(`[lighthouse] seeding the demo data into ${dataDir}…`);
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const seeded = spawnSync(process.execPath, [tsx, "--conditions=react-server", "seed/run.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding the scratch database failed");

  const server = spawn(process.execPath, [nextBin, "start", "-p", String(PORT)], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  let chrome: { close(): void } | null = null;
  const failures: string[] = [];
  try {
    await waitFor(`${base}/sign-in`, server, 120_000);
    const emails = [...new Set(pages.flatMap((p) => (p.as ? [p.as] : [])))];
    const cookies = await sessionCookies(emails, executablePath);
    // One request per page first, so no page pays the server's first render of its code.
    for (const p of pages) {
      const cookie = p.as ? cookies.get(p.as) : undefined;
      const res = await fetch(base + p.path, {
        headers: cookie ? { Cookie: cookie } : {},
        redirect: "manual",
      });
      if (res.status !== 200) throw new Error(`${p.path} answered ${res.status} (signed in?)`);
    }
    chrome = await launchChrome(executablePath, PORT + 1000);
    console.log(`[lighthouse] load average before: ${load()} (${os.cpus().length} cores)`);
    for (const p of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(audit(base + p.path, p.as ? cookies.get(p.as)! : null, PORT + 1000));
      runs.sort((a, b) => a.score - b.score);
      const median = runs[Math.floor(runs.length / 2)];
      const scores = runs.map((r) => r.score.toFixed(2)).join(" ");
      const m = Object.entries(median.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
      const ok = median.score >= BAR;
      console.log(
        `${ok ? "ok  " : "FAIL"} ${p.path.padEnd(14)} ${(p.as ?? "signed out").padEnd(22)} ` +
          `performance ${median.score.toFixed(2)} (runs: ${scores})  ${m}`,
      );
      for (const c of median.causes) console.log(`       - ${c}`);
      if (!ok) failures.push(`${p.path} ${median.score.toFixed(2)}`);
      if (process.env.LIGHTHOUSE_JSON) {
        fs.mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
        const file = path.join(process.env.LIGHTHOUSE_JSON, `${p.path.slice(1) || "root"}.json`);
        fs.writeFileSync(file, JSON.stringify(median.lhr));
      }
    }
    console.log(`[lighthouse] load average after: ${load()}`);
  } finally {
    chrome?.close();
    // The database goes once the server has let go of it.
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`[lighthouse] under ${BAR}: ${failures.join(", ")}`);
    process.exit(1);
  }
  console.log(`[lighthouse] every page at ${BAR} or above`);
}

main().catch((err) => {
  console.error("[lighthouse] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
