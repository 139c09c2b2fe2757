/**
 * `npm run db:seed [-- --reset]`: migrates the configured database, adds the reference data
 * and, when the database has no data yet, the demo data. `--reset` first deletes the
 * embedded PGlite database (never a PostgreSQL one).
 */
import fs from "node:fs";
import { count } from "drizzle-orm";
import { openDatabase, pgliteDataDir, schema, type DbHandle } from "@/db";
import { prepareDatabase } from "./prepare";
import { STAFF } from "./data/people";
import { DEMO_PASSWORD, seedDemo, type DemoSummary } from "./demo";

const DEMO_ACCOUNTS = ["admin", "pm", "handler", "col", "worker"];
const USAGE = "Usage: npm run db:seed [-- --reset]";
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

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((a) => a !== "--reset");
  if (unknown.length) throw new Error(`Unknown argument ${unknown.join(" ")}. ${USAGE}`);
  const reset = args.includes("--reset");

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
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
