import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** A fingerprint of everything that goes into `next build`, to skip needless rebuilds. */
export function sourceFingerprint(): string {
  const hash = crypto.createHash("sha1");
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(int\.)?test(-support)?\.tsx?$/.test(entry.name)) {
        const st = fs.statSync(full);
        hash.update(`${full}:${st.size}:${st.mtimeMs}`);
      }
    }
  };
  for (const dir of ["app", "components", "lib", "db", "seed", "public"])
    walk(path.join(root, dir));
  for (const file of [
    "package.json",
    "package-lock.json",
    "next.config.mjs",
    "proxy.ts",
    "instrumentation.ts",
    "postcss.config.mjs",
    "tsconfig.json",
  ]) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) hash.update(`${file}:${fs.statSync(full).mtimeMs}`);
  }
  return hash.digest("hex");
}

const stamp = path.join(root, ".next", "crewdeck-build-fingerprint");

function isBuilt(fingerprint: string): boolean {
  return (
    fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, "utf8") === fingerprint
  );
}

/**
 * Starts `next build` beside the checks that use one core (lint, formatting, types, unit tests),
 * so the journeys find it done: its output goes to `logFile`, and the promise settles with
 * whether it succeeded. Null when the current sources are already built. Type errors are left to
 * the types suite, which runs meanwhile (the build's own TypeScript pass would be a second one).
 */
export function startBuild(logFile: string): Promise<boolean> | null {
  const fingerprint = sourceFingerprint();
  if (isBuilt(fingerprint)) return null;
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, [nextBin, "build"], {
    stdio: ["ignore", log, log],
    env: { ...process.env, CREWDECK_BUILD_SKIP_TYPES: "1" },
  });
  return new Promise((resolve) => {
    child.on("error", () => resolve(false));
    child.on("exit", (code) => {
      fs.closeSync(log);
      if (code === 0) fs.writeFileSync(stamp, fingerprint);
      resolve(code === 0);
    });
  });
}

/** Runs `next build` unless the current sources were already built. */
export function ensureBuild(force = false): void {
  const fingerprint = sourceFingerprint();
  if (isBuilt(fingerprint) && !force) return;
  console.log("[build] building the app (next build)…");
  const r = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
  fs.writeFileSync(stamp, fingerprint);
}
