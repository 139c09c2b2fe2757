/**
 * The built app served from outside on a scratch database (issue 27), for the fault scripts and
 * the HTTP and memory benches: its environment, the demo seed, `next start` (or `npm start`) on a
 * port (its output kept in memory and, given a file, appended there), waiting until it answers,
 * a REST sign-in, stopping it, and the resident memory of its processes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { nextBin } from "./build";
import { SERVER_NODE_FLAGS, serverEnv } from "../server-flags.mjs";

const root = process.cwd();
export const DEMO_PASSWORD = "Crewdeck!2026";
export const FAULT_SECRET = "fault-secret-fault-secret-fault-secret-fault";

/** The server's environment: the database, its port and public address, the demo seed. */
export function appEnv(url: string, port: number, base = `http://localhost:${port}`) {
  return {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    APP_URL: base,
    NEXTAUTH_URL: base,
    AUTH_SECRET: process.env.AUTH_SECRET ?? FAULT_SECRET,
    SEED_DEMO: "1",
  } as NodeJS.ProcessEnv;
}

/** Migrates and seeds the demo data into the environment's database. */
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

export interface AppServer {
  child: ChildProcess;
  base: string;
  /** Its output, line by line, with the time each came. */
  lines: { at: number; text: string }[];
  /** Started as `npm start`: a process group of its own (npm, its shell, the server). */
  group: boolean;
}

/**
 * `next start -p port` with `env`, or `npm start` as a person runs it (which prepares the
 * database and builds when the sources changed; the port comes from `env.PORT`) in a process
 * group of its own, so that stopping it stops exactly what it started. Its output is also
 * appended to `logFile` when given.
 */
export function startApp(
  env: NodeJS.ProcessEnv,
  port: number,
  logFile?: string,
  how: "next start" | "npm start" = "next start",
): AppServer {
  const group = how === "npm start";
  const child = group
    ? spawn("npm", ["start"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
    : // The server production runs: `node scripts/start.mjs`'s heap limits and environment.
      spawn(process.execPath, [...SERVER_NODE_FLAGS, nextBin, "start", "-p", String(port)], {
        env: serverEnv(env),
        stdio: ["ignore", "pipe", "pipe"],
      });
  if (logFile) fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const lines: AppServer["lines"] = [];
  const collect = (chunk: Buffer) => {
    if (logFile) fs.appendFileSync(logFile, chunk);
    for (const text of chunk.toString("utf8").split("\n"))
      if (text.trim()) lines.push({ at: Date.now(), text });
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  return { child, base: `http://localhost:${port}`, lines, group };
}

/** Its last lines of output, for an error message. */
const lastLines = (server: AppServer, n = 30) =>
  server.lines
    .slice(-n)
    .map((l) => l.text)
    .join("\n");

/** Waits until the server answers /sign-in below 500; answers how long that took (ms). */
export async function waitReady(server: AppServer, timeoutMs = 120_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited (${server.child.exitCode}):\n${lastLines(server)}`);
    try {
      if ((await fetch(`${server.base}/sign-in`)).status < 500) return Date.now() - t0;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${lastLines(server)}`);
}

/** Resolves once the process has exited (at once if it already has). */
export async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((r) => child.once("exit", r));
}

/** Signals every process of `npm start`'s group; false when none is left. */
function signal(server: AppServer, sig: NodeJS.Signals): boolean {
  try {
    process.kill(-server.child.pid!, sig);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a server (SIGTERM) and waits for it. `npm start`'s whole group gets SIGTERM, then SIGKILL
 * after `graceMs` for whatever is left of it (npm may exit before the server it runs).
 */
export async function stopApp(server: AppServer | null | undefined, graceMs = 2_000) {
  if (!server) return;
  if (server.group) {
    if (!signal(server, "SIGTERM")) return;
    await new Promise((r) => setTimeout(r, graceMs));
    signal(server, "SIGKILL");
    return exited(server.child);
  }
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGTERM");
  await exited(server.child);
}

/** POST /api/v2/auth/login: the bearer token of a demo account. */
export async function apiLogin(base: string, email: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${base}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data?: { token?: { access_token?: string } } };
  const token = body.data?.token?.access_token;
  if (!token)
    throw new Error(
      `signing in ${email} failed (${res.status}): ${JSON.stringify(body).slice(0, 300)}`,
    );
  return token;
}

export interface Process {
  pid: number;
  ppid: number;
  cmd: string;
  /** Resident memory in kB, and of it anonymous memory (heaps) and file pages (binaries). */
  rssKb: number;
  anonKb: number;
  fileKb: number;
}

function processes(): Process[] {
  const out: Process[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = fs.readFileSync(`/proc/${name}/status`, "utf8");
      const kb = (field: string) =>
        Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
      out.push({
        pid: Number(name),
        ppid: kb("PPid"),
        cmd: fs.readFileSync(`/proc/${name}/cmdline`, "utf8").replace(/\0/g, " ").trim(),
        rssKb: kb("VmRSS"),
        anonKb: kb("RssAnon"),
        fileKb: kb("RssFile"),
      });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** A process and all its descendants, with their resident memory (Linux /proc). */
export function processTree(root: number): Process[] {
  const all = processes();
  const keep = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!keep.has(p.pid) && keep.has(p.ppid)) {
        keep.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => keep.has(p.pid));
}

export const totalRssKb = (tree: Process[]) => tree.reduce((s, p) => s + p.rssKb, 0);

/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every platform it runs on. */
const TICK_MS = 10;

/**
 * CPU time (user + system) a process and its descendants have used so far, in ms: what a call
 * costs the server itself, which holds still on a busy machine better than its latency does.
 */
export function treeCpuMs(root: number, withEnded = false): number {
  let ticks = 0;
  for (const { pid } of processTree(root)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): utime and stime are 14 and 15,
      // cutime and cstime (children that ended and were waited for) 16 and 17.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      if (withEnded && pid === root) ticks += Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * TICK_MS;
}

/**
 * The process id of the PostgreSQL server behind `pg` when it runs on this machine (the parent
 * of the connection's backend), else null. Its tree's CPU, ended backends included
 * (`treeCpuMs(pid, true)`), is what a call costs PostgreSQL, when nothing else uses that server.
 */
export async function localPostgresPid(pg: {
  query: (q: string) => Promise<{ rows: { pid: number }[] }>;
}): Promise<number | null> {
  const { rows } = await pg.query("select pg_backend_pid() as pid");
  try {
    const stat = fs.readFileSync(`/proc/${rows[0].pid}/stat`, "utf8");
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    // In another pid namespace (a container) the same number may be some other process.
    const isPostgres = (pid: number) =>
      fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
    return isPostgres(rows[0].pid) && isPostgres(parent) ? parent : null;
  } catch {
    return null; // another machine's server
  }
}
