/**
 * npm start: prepare the database (migrations, reference data, the demo seed on an empty
 * embedded database), build the app when the sources changed since the last build, then
 * serve it with `next start`. PGlite allows one process per data dir, so the database is
 * closed again before the server opens it.
 */
import { spawn } from "node:child_process";
import { openDatabase, prepareDatabase } from "@/db";
import { env, seedDemoWanted } from "@/lib/env";
import { ensureBuild, nextBin } from "./lib/build";

async function main() {
  const handle = await openDatabase();
  try {
    const { seeded } = await prepareDatabase(handle, {
      seed: seedDemoWanted() ? "if-empty" : "never",
    });
    console.log(`[start] database ready (${handle.kind})${seeded ? ", demo data seeded" : ""}`);
  } finally {
    await handle.close();
  }
  ensureBuild(process.argv.includes("--rebuild"));
  console.log(`[start] serving on http://localhost:${env.PORT}`);
  const server = spawn(process.execPath, [nextBin, "start", "-p", String(env.PORT)], {
    stdio: "inherit",
  });
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => server.kill(sig));
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((err) => {
  console.error("[start] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
