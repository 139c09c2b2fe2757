/**
 * npm start. Plain Node on purpose: the preparation (database, build; scripts/prepare-start.ts)
 * runs in a child with tsx and PGlite loaded, which exits; then this same process replaces itself
 * (execve: the same pid, so npm, a supervisor or Ctrl-C still reach it) with the Next.js server
 * (`next start`), so nothing but the server stays resident.
 *
 * Memory (issue 27: the server stays ≤ 300 MB RSS after a load): what only a starting process can
 * take is given to the server here, so that `node scripts/start.mjs` without npm runs it the same:
 * the heap limits and MALLOC_ARENA_MAX of scripts/server-flags.mjs.
 * The preparing child keeps Node's defaults: migrations, the demo seed and a build need them.
 * Without process.execve (Node before 22.15) the server runs in this process, without those.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { SERVER_NODE_FLAGS, serverEnv } from "./server-flags.mjs";

const root = process.cwd();
const require = createRequire(import.meta.url);
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** Runs the preparing child; resolves to the port it planned, or exits as the child did. */
function prepare() {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        // db and services import "server-only", which is empty only under this condition.
        "--conditions=react-server",
        "--import",
        "tsx",
        path.join(root, "scripts", "prepare-start.ts"),
        ...process.argv.slice(2),
      ],
      { stdio: ["inherit", "inherit", "inherit", "ipc"] },
    );
    const forward = (sig) => child.kill(sig);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    let plan = null;
    child.on("message", (m) => (plan = m));
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      if (signal) process.kill(process.pid, signal);
      else if (code !== 0 || !plan) process.exit(code || 1);
      else resolve(plan.port);
    });
  });
}

const port = await prepare();
console.log(`[start] serving on http://localhost:${port} (Node ${process.version})`);
const serve = [nextBin, "start", "-p", String(port)];
if (typeof process.execve === "function")
  process.execve(
    process.execPath,
    [process.execPath, ...SERVER_NODE_FLAGS, ...serve],
    serverEnv(process.env),
  );
process.argv = [process.argv[0], ...serve];
require(nextBin);
