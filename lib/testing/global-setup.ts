import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";
import type { TestProject } from "vitest/node";
import { pgliteHandle } from "@/db";
import { prepareDatabase } from "@/seed/prepare";
import { env } from "@/lib/env";

/**
 * Migrates once per run: for PGlite a data-dir snapshot each test file loads (~1 s instead
 * of ~3.5 s); for PostgreSQL (DATABASE_URL) a template database each file copies.
 */
export default async function setup(project: TestProject) {
  const url = env.DATABASE_URL;
  if (url) {
    const template = `crewdeck_tpl_${process.pid}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const { postgresHandle } = await import("@/db");
    const u = new URL(url);
    u.pathname = `/${template}`;
    const handle = postgresHandle(u.toString(), 2);
    await prepareDatabase(handle, { seed: "never" });
    await handle.close();
    project.provide("pgTemplate", template);
    project.provide("snapshotPath", "");
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    };
  }
  const client = new PGlite();
  const handle = pgliteHandle(client);
  await prepareDatabase(handle, { seed: "never" });
  const dump = await client.dumpDataDir("none");
  const file = path.join(os.tmpdir(), `crewdeck-test-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide("snapshotPath", file);
  project.provide("pgTemplate", "");
  return () => fs.rmSync(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    snapshotPath: string;
    pgTemplate: string;
  }
}
