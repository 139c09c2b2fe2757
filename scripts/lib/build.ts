import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** A fingerprint of everything that goes into `next build`, to skip needless rebuilds. */
function sourceFingerprint(): string {
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
    "next.config.ts",
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

/** Runs `next build` unless the current sources were already built. */
export function ensureBuild(force = false): void {
  const stamp = path.join(root, ".next", "crewdeck-build-fingerprint");
  const fingerprint = sourceFingerprint();
  const built =
    fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, "utf8") === fingerprint;
  if (built && !force) return;
  console.log("[build] building the app (next build)…");
  const r = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
  fs.writeFileSync(stamp, fingerprint);
}
