import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";
import { inject } from "vitest";
import { pgliteHandle, postgresHandle, type DbHandle } from "@/db";
import { env } from "@/lib/env";

let counter = 0;

/**
 * A fresh, migrated database for one test file: PGlite in memory from the global snapshot,
 * or a copy of the PostgreSQL template when DATABASE_URL is set. Close it in afterAll.
 */
export async function testDatabase(): Promise<DbHandle> {
  const template = inject("pgTemplate");
  const url = env.DATABASE_URL;
  if (template && url) {
    const name = `crewdeck_t_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const handle = postgresHandle(u.toString(), 25);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const a = new Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await a.end();
      },
    };
  }
  const snapshot = fs.readFileSync(inject("snapshotPath"));
  const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) });
  return pgliteHandle(client);
}
