/**
 * The built app for the fault scripts (issue 27): its environment on a scratch database, the
 * demo seed, `next start` on a port (its output kept in memory and, given a file, appended
 * there), waiting until it answers, and a REST sign-in.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { nextBin } from "./build";

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
}

/** `next start -p port` with `env`; its output also appended to `logFile` when given. */
export function startApp(env: NodeJS.ProcessEnv, port: number, logFile?: string): AppServer {
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
    env,
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
  return { child, base: `http://localhost:${port}`, lines };
}

/** Waits until the server answers /sign-in below 500; answers how long that took (ms). */
export async function waitReady(server: AppServer, timeoutMs = 120_000): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited (${server.child.exitCode})`);
    try {
      if ((await fetch(`${server.base}/sign-in`)).status < 500) return Date.now() - t0;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s`);
}

/** Resolves once the process has exited (at once if it already has). */
export async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((r) => child.once("exit", r));
}

/** Stops a server (SIGTERM) and waits for it. */
export async function stopApp(server: AppServer | null | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
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
  if (!token) throw new Error(`signing in ${email} failed (${res.status})`);
  return token;
}
