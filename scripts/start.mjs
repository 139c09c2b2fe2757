/**
 * npm start. Plain Node on purpose: the preparation (database, build; scripts/prepare-start.ts)
 * runs in a child with tsx and PGlite loaded, which exits; then this same process becomes the
 * Next.js server (`next start`, run in-process), so nothing but the server stays resident.
 * Ctrl-C / SIGTERM reach the child while it prepares and Next's own handlers afterwards.
 *
 * Memory (issue 27: the server stays ≤ 300 MB RSS after a load): V8 sizes its heap when the
 * process starts, so the limits are node flags on this process, given by package.json's
 * `start` (run it as `node --max-old-space-size=256 --max-semi-space-size=2 scripts/start.mjs`
 * without npm): a 256 MB old generation (the server's live heap after every screen and call has
 * loaded is well under it; V8 collects before growing past it, instead of letting garbage pile
 * up towards its default of several GB) and 2 MB semi-spaces (the young generation: 16 MB each
 * by default, RSS that short-lived request garbage keeps). The preparing child is spawned
 * without them (spawn passes no execArgv): migrations, the demo seed and a build keep Node's
 * defaults.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

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
process.argv = [process.argv[0], nextBin, "start", "-p", String(port)];
require(nextBin);
