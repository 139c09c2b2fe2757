/**
 * The preparing half of `npm start` (scripts/start.mjs runs it as a child that exits): prepare
 * the database (migrations, reference data, the demo seed on an empty embedded database), build
 * the app when the sources changed since the last build, and tell the launcher the port to serve
 * on. Everything heavy (tsx, Drizzle, PGlite) lives and dies here, so none of it stays resident
 * beside the server; PGlite allows one process per data dir, so the database is closed first.
 */
import { openDatabase } from "@/db";
import { prepareDatabase } from "@/seed/prepare";
import { env, seedDemoWanted } from "@/lib/env";
import { ensureBuild } from "./lib/build";

export interface StartPlan {
  port: number;
}

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
  const plan: StartPlan = { port: env.PORT };
  if (!process.send) throw new Error("run through `npm start` (scripts/start.mjs)");
  // Exit only once the launcher has the plan: an exit could otherwise overtake the message.
  process.send(plan, () => process.exit(0));
}

main().catch((err) => {
  console.error("[start] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
