import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { applyMigrations, pgliteHandle, type DbHandle } from "@/db";
import { localStore, setFileStore } from "@/lib/files/storage";
import { countingDb } from "@/lib/testing/counting-db";
import { ensureReferenceData } from "./reference";
import { seedDemo, type DemoSummary } from "./demo";

/**
 * The moments the demo seed is checked at: a weekday morning, and the small hours of the autumn
 * DST change, where the running shift crosses midnight and local times are ambiguous.
 */
export const SEED_MOMENTS: [string, Date][] = [
  ["a weekday morning", new Date("2026-03-18T09:30:00Z")],
  ["the night of the autumn clock change", new Date("2026-10-25T00:40:00Z")],
];

export interface SeededDemo {
  handle: DbHandle;
  summary: DemoSummary;
  seedMs: number;
  /** Statements the seed sent to the database (its cost that load on the machine cannot change). */
  seedStatements: number;
  rows: <T>(query: string, params?: unknown[]) => Promise<T[]>;
}

/**
 * Seeds an in-memory database at `now` for the suite it is called in (uploads in a temporary
 * folder) and closes it afterwards; read the fields once the suite's tests run.
 */
export function seededDemo(now: Date): SeededDemo {
  let client: PGlite;
  let uploads: string;
  const seeded = {
    rows: async <T>(query: string, params: unknown[] = []) =>
      (await client.query<T>(query, params)).rows,
  } as SeededDemo;
  beforeAll(async () => {
    uploads = await mkdtemp(path.join(tmpdir(), "crewdeck-seed-uploads-"));
    setFileStore(localStore(uploads));
    client = new PGlite();
    seeded.handle = pgliteHandle(client);
    await applyMigrations(seeded.handle);
    await ensureReferenceData(seeded.handle.db);
    const counting = countingDb(seeded.handle);
    const t0 = performance.now();
    seeded.summary = await seedDemo(counting.db, now);
    seeded.seedMs = performance.now() - t0;
    seeded.seedStatements = counting.statements();
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    setFileStore(undefined);
    await rm(uploads, { recursive: true, force: true });
  });
  return seeded;
}
