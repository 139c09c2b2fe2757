/**
 * `npm run faults [-- --settle=SECONDS]` (issue 27, Faults): the three fault scripts in turn —
 * fault:kill, fault:pg-restart and fault:two-instances — each printing what it checked, then one
 * summary. The app is built once first (the scripts then reuse it). fault:kill runs on
 * DATABASE_URL's server when set, else on a throwaway PostgreSQL started here (FAULT_PG_PORT,
 * 5433, stopped at the end); the other two start their own. `--settle` goes to fault:kill.
 * Exit code 0 only when all three pass.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "./lib/build";
import { throwawayPg, type Pg } from "./lib/fault-pg";

const root = process.cwd();
const PG_PORT = Number(process.env.FAULT_PG_PORT ?? 5433);
const settle = process.argv.slice(2).filter((a) => a.startsWith("--settle="));
const log = (line: string) => console.log(`[faults] ${line}`);

function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(
    process.execPath,
    [tsx, "--conditions=react-server", `scripts/${script}.ts`, ...args],
    { env, stdio: "inherit" },
  );
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}

async function main() {
  ensureBuild();
  let pg: Pg | null = null;
  const summary: { name: string; code: number; seconds: number }[] = [];
  try {
    let killEnv = process.env;
    if (!process.env.DATABASE_URL) {
      log(`fault:kill: no DATABASE_URL, a throwaway PostgreSQL on port ${PG_PORT}`);
      pg = await throwawayPg(PG_PORT);
      killEnv = { ...process.env, DATABASE_URL: pg.url };
    }
    const steps: [string, string, string[], NodeJS.ProcessEnv][] = [
      ["fault:kill", "fault-kill", ["--reuse-build", ...settle], killEnv],
      ["fault:pg-restart", "fault-pg-restart", ["--reuse-build"], process.env],
      ["fault:two-instances", "fault-two-instances", ["--reuse-build"], process.env],
    ];
    for (const [name, script, args, env] of steps) {
      if (name !== "fault:kill" && pg) {
        // The throwaway server's port is free again for the scripts that start their own.
        await pg.cleanup();
        pg = null;
      }
      log(`${name}…`);
      const t0 = Date.now();
      const code = await run(script, args, env);
      summary.push({ name, code, seconds: Math.round((Date.now() - t0) / 1000) });
    }
  } finally {
    await pg?.cleanup();
  }
  console.log("");
  log("summary:");
  for (const s of summary)
    console.log(`  ${s.code === 0 ? "PASS" : "FAIL"}  ${s.name.padEnd(20)} ${s.seconds} s`);
  const failed = summary.filter((s) => s.code !== 0);
  log(failed.length ? `${failed.length} of ${summary.length} failed` : "all passed");
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error("[faults] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});
