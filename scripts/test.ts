/**
 * npm test: every check, in order — lint, formatting, types, unit tests, integration tests
 * (PGlite, and PostgreSQL too when DATABASE_URL is set), Playwright journeys — then one line
 * "N passed, N failed" over all of them. `--only unit,integration` runs a subset of the suites;
 * `--postgres-subset` narrows integration and e2e to the files that exercise locking,
 * transactions and concurrency (scripts/lib/postgres-suite.ts), as CI's PostgreSQL pass does.
 * With TEST_RESULTS_FILE set, each suite's counts are appended there as JSON lines (.ci/run
 * sums them over both database runs).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startBuild } from "./lib/build";
import { POSTGRES_E2E, POSTGRES_INTEGRATION } from "./lib/postgres-suite";
import { playwrightOutcomes, vitestFailures } from "./lib/test-reports";

type Suite = "lint" | "format" | "types" | "unit" | "integration" | "e2e";
const ALL: Suite[] = ["lint", "format", "types", "unit", "integration", "e2e"];

const onlyArg = process.argv.find((a) => a.startsWith("--only"));
const only = onlyArg
  ? (onlyArg.includes("=")
      ? onlyArg.split("=")[1]
      : process.argv[process.argv.indexOf(onlyArg) + 1]
    ).split(",")
  : null;
const suites = ALL.filter((s) => !only || only.includes(s));
const postgresSubset = process.argv.includes("--postgres-subset");
// Every suite runs on the node@24 devDependency, first on an npm script's PATH (README "Set up").
console.log(`▶ Node ${process.version}`);
const root = process.cwd();
if (postgresSubset) {
  // A renamed or removed file must not quietly drop out of the PostgreSQL pass.
  const missing = [...POSTGRES_INTEGRATION, ...POSTGRES_E2E].filter(
    (p) => !fs.existsSync(path.join(root, p)),
  );
  if (missing.length) {
    console.error(`scripts/lib/postgres-suite.ts lists missing files: ${missing.join(", ")}`);
    process.exit(1);
  }
}
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const resultsDir = path.join(root, "test-results");
fs.mkdirSync(resultsDir, { recursive: true });

interface Outcome {
  suite: string;
  passed: number;
  failed: number;
  /** One line per failed test (and per journey that passed only on a retry). */
  failures?: string[];
  flaky?: string[];
}

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  console.log(`\n▶ ${path.basename(cmd)} ${args.join(" ")}`);
  return spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
}

function vitest(project: "unit" | "integration"): Outcome {
  const label =
    project === "integration" && process.env.DATABASE_URL ? "integration (postgresql)" : project;
  const out = path.join(resultsDir, `vitest-${project}.json`);
  fs.rmSync(out, { force: true });
  const code = sh(bin("vitest"), [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${out}`,
    ...(project === "integration" && postgresSubset ? POSTGRES_INTEGRATION : []),
  ]);
  try {
    const r = JSON.parse(fs.readFileSync(out, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
    } & Parameters<typeof vitestFailures>[0];
    // A file that fails to load has no failed test but fails the run: count it.
    const silent = code !== 0 && r.numFailedTests === 0;
    const failures = vitestFailures(r, root);
    // Vitest also fails a run for an unhandled error or a file that does not load: say so,
    // since no test names it.
    if (silent && failures.length === 0)
      failures.push(
        "no test failed, but Vitest failed the run: an unhandled error, or a file that did not load (see its log above)",
      );
    const failed = r.numFailedTests + (silent ? 1 : 0);
    return { suite: label, passed: r.numPassedTests, failed, failures };
  } catch {
    return { suite: label, passed: 0, failed: 1 };
  }
}

function e2e(): Outcome {
  const label = process.env.DATABASE_URL ? "e2e (postgresql)" : "e2e";
  const out = path.join(resultsDir, "e2e.json");
  fs.rmSync(out, { force: true });
  const code = sh(
    process.execPath,
    [
      path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      "scripts/e2e.ts",
      ...(postgresSubset ? POSTGRES_E2E : []),
    ],
    { ...process.env, E2E_JSON_REPORT: out },
  );
  try {
    const r = JSON.parse(fs.readFileSync(out, "utf8")) as {
      stats: { expected: number; unexpected: number; flaky: number };
    } & Parameters<typeof playwrightOutcomes>[0];
    const failed = r.stats.unexpected + (code !== 0 && r.stats.unexpected === 0 ? 1 : 0);
    return {
      suite: label,
      passed: r.stats.expected + r.stats.flaky,
      failed,
      ...playwrightOutcomes(r),
    };
  } catch {
    return { suite: label, passed: 0, failed: 1 };
  }
}

const check = (suite: string, code: number): Outcome => ({
  suite,
  passed: code === 0 ? 1 : 0,
  failed: code === 0 ? 0 : 1,
});

// The journeys' build runs beside the checks before them, which mostly use one core of two.
const buildLog = path.join(resultsDir, "next-build.log");
const build =
  suites.includes("e2e") && suites.includes("types") && !postgresSubset
    ? startBuild(buildLog)
    : null;
if (build) console.log(`▶ next build started in the background (its log: ${buildLog})`);

/** Waits for the background build and shows its log; false when it failed. */
async function buildFinished(): Promise<boolean> {
  if (!build) return true;
  console.log("\n▶ next build (started with the checks)");
  const ok = await build;
  process.stdout.write(fs.readFileSync(buildLog, "utf8"));
  return ok;
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  for (const suite of suites) {
    let o: Outcome;
    switch (suite) {
      case "lint": {
        const eslint = sh(bin("eslint"), [".", "--max-warnings=0"]);
        // Import cycles among the layers (package.json lint:cycles; the schema files refer to
        // each other's tables on purpose and are left out).
        const cycles = sh("npm", ["run", "--silent", "lint:cycles"]);
        o = check("lint", eslint || cycles);
        break;
      }
      case "format":
        o = check("format", sh(bin("prettier"), ["--check", "--log-level=warn", "."]));
        break;
      case "types":
        o = check("types", sh(bin("tsc"), ["--noEmit"]));
        break;
      case "unit":
      case "integration":
        o = vitest(suite);
        break;
      case "e2e":
        o = (await buildFinished())
          ? e2e()
          : {
              suite: "e2e",
              passed: 0,
              failed: 1,
              failures: ["next build failed (its log is above)"],
            };
        break;
    }
    outcomes.push(o);
    if (process.env.TEST_RESULTS_FILE)
      fs.appendFileSync(process.env.TEST_RESULTS_FILE, JSON.stringify(o) + "\n");
  }

  console.log("\nSummary");
  for (const o of outcomes) {
    console.log(`  ${o.failed ? "✗" : "✓"} ${o.suite}: ${o.passed} passed, ${o.failed} failed`);
    for (const f of o.failures ?? []) console.log(`      ✗ ${f}`);
    for (const f of o.flaky ?? []) console.log(`      ↻ passed on a retry: ${f}`);
  }
  const passed = outcomes.reduce((n, o) => n + o.passed, 0);
  const failed = outcomes.reduce((n, o) => n + o.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

void main();
