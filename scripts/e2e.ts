/**
 * npm run test:e2e: builds the app (when needed), seeds a fresh database with the demo
 * data, serves it on port 3100 and runs the Playwright journeys against it.
 * Embedded PGlite in .data/e2e by default; a fresh `crewdeck_e2e` database on the server
 * of DATABASE_URL when that is set.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { chromium } from "@playwright/test";
import { chromiumExecutable } from "../e2e/support/browser";
import { ensureBuild, nextBin } from "./lib/build";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const root = process.cwd();
const extraArgs = process.argv.slice(2);

function browserOrExplain(): void {
  if (chromiumExecutable()) return;
  let bundled = "";
  try {
    bundled = chromium.executablePath();
  } catch {
    /* not installed */
  }
  if (bundled && fs.existsSync(bundled)) return;
  console.error(
    "[e2e] No Chromium found. Install the system package (Debian/Ubuntu: `sudo apt-get install -y chromium`),\n" +
      "      or point CHROMIUM_PATH at a Chromium/Chrome binary, or run `npx playwright install chromium`.",
  );
  process.exit(1);
}

async function freshDatabaseEnv(): Promise<Record<string, string>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS crewdeck_e2e WITH (FORCE)");
    await admin.query("CREATE DATABASE crewdeck_e2e");
    await admin.end();
    const u = new URL(url);
    u.pathname = "/crewdeck_e2e";
    return { DATABASE_URL: u.toString() };
  }
  const dataDir = path.join(root, ".data", "e2e");
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { DATA_DIR: dataDir };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): number {
  return spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer on ${url} within ${timeoutMs / 1000} s`);
}

async function main() {
  browserOrExplain();
  ensureBuild();
  const dbEnv = await freshDatabaseEnv();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...dbEnv,
    PORT: String(PORT),
    APP_URL: `http://localhost:${PORT}`,
    NEXTAUTH_URL: `http://localhost:${PORT}`,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    SEED_DEMO: "1",
  };
  // Migrate and seed before the server starts (PGlite allows one process at a time).
  if (
    run(
      process.execPath,
      [
        path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
        // db and services import "server-only", which is empty only under this condition.
        "--conditions=react-server",
        "seed/run.ts",
      ],
      env,
    ) !== 0
  ) {
    throw new Error("seeding the e2e database failed");
  }
  const server = spawn(process.execPath, [nextBin, "start", "-p", String(PORT)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = fs.createWriteStream(path.join(root, "test-results", "e2e-server.log"));
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  let code = 1;
  try {
    await waitForServer(`http://localhost:${PORT}/sign-in`, server);
    code = runJourneys({ ...env, E2E_BASE_URL: `http://localhost:${PORT}` });
  } finally {
    server.kill("SIGTERM");
  }
  process.exit(code);
}

/**
 * Playwright twice: the desktop and phone journeys (two workers), then the "exclusive" ones
 * (maintenance mode, the two-factor rule: switches every user meets) alone. The JSON reports
 * of both are merged into the one the test runner reads.
 */
function runJourneys(env: NodeJS.ProcessEnv): number {
  const cli = path.join(root, "node_modules", "@playwright", "test", "cli.js");
  if (extraArgs.includes("--project"))
    return run(process.execPath, [cli, "test", ...extraArgs], env);
  const report = env.E2E_JSON_REPORT ?? path.join(root, "test-results", "e2e.json");
  const exclusiveReport = report.replace(/\.json$/, "") + ".exclusive.json";
  fs.rmSync(exclusiveReport, { force: true });
  const shared = run(
    process.execPath,
    [cli, "test", "--project=desktop", "--project=phone", "--pass-with-no-tests", ...extraArgs],
    { ...env, E2E_JSON_REPORT: report },
  );
  const alone = run(
    process.execPath,
    [cli, "test", "--project=exclusive", "--workers=1", "--pass-with-no-tests", ...extraArgs],
    { ...env, E2E_JSON_REPORT: exclusiveReport },
  );
  type Stats = { expected: number; unexpected: number; flaky: number; skipped: number };
  type Report = { stats: Stats; suites?: unknown[] };
  try {
    const main = JSON.parse(fs.readFileSync(report, "utf8")) as Report;
    const extra = JSON.parse(fs.readFileSync(exclusiveReport, "utf8")) as Report;
    for (const k of ["expected", "unexpected", "flaky", "skipped"] as const)
      main.stats[k] = (main.stats[k] ?? 0) + (extra.stats[k] ?? 0);
    // The tests too, so the runner can name the ones that failed in either pass.
    main.suites = [...(main.suites ?? []), ...(extra.suites ?? [])];
    fs.writeFileSync(report, JSON.stringify(main));
  } catch (err) {
    console.error("[e2e] could not sum the journey reports:", err);
    return 1;
  }
  return shared !== 0 ? shared : alone;
}

fs.mkdirSync(path.join(root, "test-results"), { recursive: true });
main().catch((err) => {
  console.error("[e2e] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
