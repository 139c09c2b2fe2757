/**
 * The built app served from outside, for the bench that drives it over HTTP
 * (`BENCH_ONLY=http npm run bench`), as scripts/fault-kill.ts serves it: a scratch database on DATABASE_URL's server,
 * the demo seed, `next start` on a port, readiness, sign-in.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { nextBin } from "./build";

const root = process.cwd();
export const DEMO_PASSWORD = "Crewdeck!2026";

/**
 * Drops (if there) and creates the database `name` on the server of `url`; no other database is
 * touched. Returns its URL.
 */
export async function scratchDatabase(url: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The environment of `next start` on `port` over the database `url`. */
export function serverEnv(url: string, port: number): NodeJS.ProcessEnv {
  const base = `http://localhost:${port}`;
  return {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    APP_URL: base,
    NEXTAUTH_URL: base,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "fault-secret-fault-secret-fault-secret-fault",
    SEED_DEMO: "1",
  };
}

/** Migrates and seeds the demo data into the database of `env` (seed/run.ts). */
export function seedDemo(env: NodeJS.ProcessEnv): Promise<void> {
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(process.execPath, [tsx, "--conditions=react-server", "seed/run.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding failed (exit ${code})`)),
    ),
  );
}

/** `next start -p PORT` of the built app, its output appended to `logFile`. */
export function startServer(env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, "a");
  return spawn(process.execPath, [nextBin, "start", "-p", String(env.PORT)], {
    env,
    stdio: ["ignore", out, out],
  });
}

/** Waits until GET /sign-in answers below 500; the time it took, in ms. */
export async function waitReady(
  server: ChildProcess,
  base: string,
  timeoutMs = 120_000,
): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      const res = await fetch(`${base}/sign-in`);
      if (res.status < 500) return Date.now() - t0;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

export async function exited(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  await new Promise((r) => server.once("exit", r));
}

/** Signs a demo user in over REST; its bearer token. */
export async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: { access_token?: string } } };
  const token = body.data?.token?.access_token;
  if (!token) throw new Error(`signing in ${email} failed (${res.status})`);
  return token;
}

/** Process ids of a process and all its descendants (Linux /proc). */
function processTree(pid: number): number[] {
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(`/proc/${p}/task`);
    } catch {
      return;
    }
    for (const t of tasks) {
      let children = "";
      try {
        children = fs.readFileSync(`/proc/${p}/task/${t}/children`, "utf8");
      } catch {
        /* gone */
      }
      for (const c of children.split(/\s+/).filter(Boolean)) visit(Number(c));
    }
  };
  visit(pid);
  return out;
}

/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every platform it runs on. */
const TICK_MS = 10;

/**
 * CPU time (user + system) a process and its descendants have used so far, in ms: what a call
 * costs the server itself, which holds still on a busy machine better than its latency does.
 */
export function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return ticks * TICK_MS;
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
export function treeRss(pid: number): {
  total: number;
  processes: { pid: number; name: string; rss: number }[];
} {
  const processes: { pid: number; name: string; rss: number }[] = [];
  for (const p of processTree(pid)) {
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${p}/status`, "utf8");
    } catch {
      continue;
    }
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    const name = /Name:\s+(.*)/.exec(status)?.[1] ?? "?";
    processes.push({ pid: p, name, rss });
  }
  return { total: processes.reduce((s, p) => s + p.rss, 0), processes };
}
