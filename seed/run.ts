/**
 * `npm run db:seed [-- --reset]`: migrates the configured database, adds the reference data
 * and, when the database has no data yet, the demo data. `--reset` first deletes the
 * embedded PGlite database (never a PostgreSQL one).
 *
 * `--scale` (PostgreSQL), `--scale=small` (a tenth; PGlite too) or `--scale=<factor>`, with
 * `--seed=N` (default 1): the demo and then the scale data set (seed/scale); refuses a database
 * that already holds data.
 */
import fs from "node:fs";
import { count } from "drizzle-orm";
import { openDatabase, pgliteDataDir, schema, type DbHandle } from "@/db";
import { prepareDatabase } from "./prepare";
import { STAFF } from "./data/people";
import { DEMO_PASSWORD, seedDemo, type DemoSummary } from "./demo";
import { formatScaleSummary } from "./scale";
import { seedScaleDatabase } from "./scale/run-scale";

const DEMO_ACCOUNTS = ["admin", "pm", "handler", "col", "worker"];
const USAGE =
  "Usage: npm run db:seed [-- --reset] [--scale | --scale=small | --scale=<factor>] [--seed=N]";
const SKIPPED =
  "Database already has data; demo seed skipped (use --reset to wipe the embedded database first).";

async function hasData(handle: DbHandle): Promise<boolean> {
  const [jobs] = await handle.db.select({ n: count() }).from(schema.jobs);
  // Countries are the seed's first master data: present means someone set the installation up.
  const [countries] = await handle.db.select({ n: count() }).from(schema.countries);
  return Number(jobs.n) > 0 || Number(countries.n) > 0;
}

function report(summary: DemoSummary, ms: number): string {
  const apps = Object.entries(summary.applications)
    .map(([status, n]) => `${status} ${n}`)
    .join(", ");
  const accounts = STAFF.filter((s) => DEMO_ACCOUNTS.includes(s.key))
    .map((s) => `${s.email.padEnd(24)} ${s.role}`)
    .join("\n  ");
  return [
    `Demo data seeded in ${(ms / 1000).toFixed(1)} s:`,
    `  ${summary.users} users (${summary.workers} freelancers), ${summary.companies} companies, ${summary.venues} venues`,
    `  ${summary.jobs} jobs, ${summary.shifts} shifts, ${summary.shiftSlots} skill slots, ${summary.reportedHours} reported hours`,
    `  applications: ${apps}`,
    `Demo accounts (password ${DEMO_PASSWORD}):`,
    `  ${accounts}`,
  ].join("\n");
}

interface ScaleArgs {
  factor: number;
  seed: number;
}

/** `--scale`, `--scale=small`, `--scale=0.01` and `--seed=N`; null without `--scale`. */
function scaleArgs(args: string[]): ScaleArgs | null {
  let factor: number | null = null;
  let seed = 1;
  for (const a of args) {
    if (a === "--scale") factor = 1;
    else if (a === "--scale=small") factor = 0.1;
    else if (a.startsWith("--scale=")) {
      factor = Number(a.slice("--scale=".length));
      if (!(factor > 0 && factor <= 4))
        throw new Error(`--scale takes small or a factor above 0 and at most 4. ${USAGE}`);
    } else if (a.startsWith("--seed=")) {
      seed = Number(a.slice("--seed=".length));
      if (!Number.isSafeInteger(seed) || seed < 0 || seed > 2 ** 31)
        throw new Error(`--seed takes a whole number from 0 to 2147483648. ${USAGE}`);
    }
  }
  if (factor === null) {
    if (args.some((a) => a.startsWith("--seed=")))
      throw new Error(`--seed goes with --scale. ${USAGE}`);
    return null;
  }
  return { factor, seed };
}

async function seedAtScale(handle: DbHandle, scale: ScaleArgs): Promise<void> {
  if (handle.kind === "pglite" && scale.factor > 0.2)
    throw new Error(
      "The full scale data set needs PostgreSQL (set DATABASE_URL); on the embedded database use --scale=small.",
    );
  const started = performance.now();
  console.log(
    `Seeding the demo and the scale data set (factor ${scale.factor}, seed ${scale.seed})…`,
  );
  const { demo, scale: summary } = await seedScaleDatabase(handle, {
    ...scale,
    now: new Date(),
    onStep: (label, ms) => console.log(`  ${label.padEnd(28)} ${(ms / 1000).toFixed(1)} s`),
  });
  console.log(report(demo, 0).split("\n").slice(1).join("\n"));
  console.log(`Scale data added:`);
  console.log(formatScaleSummary(summary).join("\n"));
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

async function main(args: string[]): Promise<void> {
  const unknown = args.filter(
    (a) => a !== "--reset" && !a.startsWith("--scale") && !a.startsWith("--seed="),
  );
  if (unknown.length) throw new Error(`Unknown argument ${unknown.join(" ")}. ${USAGE}`);
  const reset = args.includes("--reset");
  const scale = scaleArgs(args);

  let handle: DbHandle | null = await openDatabase();
  try {
    if (reset) {
      if (handle.kind !== "pglite") {
        throw new Error(
          "--reset only wipes the embedded PGlite database. DATABASE_URL points at PostgreSQL: drop and recreate that database yourself, then run npm run db:seed again.",
        );
      }
      await handle.close();
      handle = null;
      const dir = pgliteDataDir();
      fs.rmSync(dir, { recursive: true, force: true });
      console.log(`Deleted the embedded database at ${dir}.`);
      handle = await openDatabase();
    }
    if (scale) {
      await seedAtScale(handle, scale);
      return;
    }
    await prepareDatabase(handle, { seed: "never" });
    if (await hasData(handle)) {
      console.log(SKIPPED);
      return;
    }
    const started = performance.now();
    const summary = await seedDemo(handle.db, new Date());
    console.log(report(summary, performance.now() - started));
  } finally {
    await handle?.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : "";
  console.error(err instanceof Error ? err.message + cause : String(err));
  process.exitCode = 1;
});
