// npm run db:check [-- --since=<ISO time>]: read-only consistency checks of the app's database
// (DATABASE_URL, else the embedded PGlite of DATA_DIR / .data/db — stop `npm start` first there:
// PGlite allows one process). Prints each check and exits 1 when any fails (lib/db-check).
import { openDatabase } from "@/db";
import { dbChecksFailed, formatDbChecks, runDbChecks } from "@/lib/db-check/checks";

function sinceArg(): Date | undefined {
  const arg = process.argv.slice(2).find((a) => a.startsWith("--since="));
  if (!arg) return undefined;
  const since = new Date(arg.slice("--since=".length));
  if (Number.isNaN(since.getTime())) {
    console.error(`db:check: --since must be a date and time, e.g. --since=2026-11-27T13:00:00Z`);
    process.exit(2);
  }
  return since;
}

async function main() {
  const since = sinceArg();
  const handle = await openDatabase();
  try {
    const started = Date.now();
    const results = await runDbChecks(handle.db, { since });
    console.log(
      `db:check on ${handle.kind}${since ? `, activity since ${since.toISOString()}` : ""}`,
    );
    for (const line of formatDbChecks(results)) console.log(line);
    const failed = dbChecksFailed(results);
    console.log(
      `${failed ? "INCONSISTENT" : "All consistent"} (${results.length} checks, ${Date.now() - started} ms)`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error("db:check failed:", err instanceof Error ? err.message : err);
  process.exit(2);
});
