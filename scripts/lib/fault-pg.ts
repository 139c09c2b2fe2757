/**
 * PostgreSQL for the fault scripts (issue 27): a throwaway server (initdb in a temporary
 * directory, `-c fsync=off`, stopped and removed at the end) or DATABASE_URL's, and a fresh
 * scratch database on it. initdb and pg_ctl refuse root: as root they run as the postgres user.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";

export function pgBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions)
      if (fs.existsSync(path.join(base, v, "bin", "pg_ctl"))) return path.join(base, v, "bin");
  }
  return ""; // on PATH
}

export interface Pg {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  cleanup: () => Promise<void>;
}

/**
 * initdb and pg_ctl refuse root: as root they run as the postgres user. Asynchronous, so the
 * load keeps its pace while the server stops and starts.
 */
function pgCommand(dataOwner: string | null, cmd: string, args: string[]): Promise<void> {
  const bin = pgBin() ? path.join(pgBin(), cmd) : cmd;
  const [file, argv] =
    dataOwner && process.getuid?.() === 0
      ? ["runuser", ["-u", dataOwner, "--", bin, ...args]]
      : [bin, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed: ${out}`)),
    );
  });
}

export async function throwawayPg(port: number): Promise<Pg> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crewdeck-fault-pg-"));
  const owner = process.getuid?.() === 0 ? "postgres" : null;
  if (owner) spawnSync("chown", ["-R", owner, dir]);
  const data = path.join(dir, "data");
  await pgCommand(owner, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const opts = `-p ${port} -c fsync=off -c listen_addresses=127.0.0.1 -k ${dir}`;
  const start = () =>
    pgCommand(owner, "pg_ctl", [
      "-D",
      data,
      "-o",
      opts,
      "-l",
      path.join(dir, "log"),
      "-w",
      "start",
    ]);
  const stop = () => pgCommand(owner, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    cleanup: async () => {
      await stop().catch(() => undefined); // already down
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function existingPg(): Pg {
  const url = process.env.DATABASE_URL;
  const data = process.env.PGDATA;
  if (!url || !data)
    throw new Error(
      "--use-database-url needs DATABASE_URL and PGDATA (its data directory, for pg_ctl)",
    );
  const owner = process.getuid?.() === 0 ? (process.env.PGUSER_OS ?? "postgres") : null;
  return {
    url,
    start: () => pgCommand(owner, "pg_ctl", ["-D", data, "-w", "start"]),
    stop: () => pgCommand(owner, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    cleanup: async () => undefined,
  };
}

/**
 * Drops (if there) and creates the database `name` on the server of `serverUrl`, no other; its
 * URL. `reuse` keeps it instead when it is there (a bench's seeded database of the last run).
 */
export async function freshDatabase(
  serverUrl: string,
  name: string,
  reuse = false,
): Promise<string> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const there = (await admin.query("select 1 from pg_database where datname = $1", [name]))
      .rowCount;
    if (!reuse || !there) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}
