/**
 * `npm run bench`: the worker's most used call as people meet it, on a database prepared the
 * way `npm start` prepares it (migrations, demo seed, statistics): GET my-dashboard/new-jobs for
 * the demo worker from several callers at once. On PGlite the calls queue for the one
 * connection, so the median is several calls' worth of database time.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { pgliteHandle, schema, setDatabaseForTests, type DbHandle } from "@/db";
import { prepareDatabase } from "@/seed/prepare";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { callRoute } from "@/lib/testing/route-request";
import { fmt, median, percentile } from "./bench-measure";
import { scratch } from "./bench-seed";

const DEMO_WORKER = "worker@crewdeck.test";

/**
 * Seeds a second scratch database with the demo data, points the app at it, times `rounds`
 * bursts of `callers` concurrent first-page calls, then points the app back at `restore`.
 * Returns the line the bench prints.
 */
export async function demoNewJobsLine(
  restore: DbHandle,
  callers = Number(process.env.BENCH_DEMO_CALLERS ?? 8),
  rounds = Number(process.env.BENCH_DEMO_ROUNDS ?? 10),
): Promise<string> {
  // On disk like the app's .data/db (PGlite in memory reads pages faster than the app does).
  const dir = process.env.DATABASE_URL
    ? null
    : fs.mkdtempSync(path.join(os.tmpdir(), "crewdeck-bench-"));
  const handle = dir
    ? pgliteHandle(await PGlite.create(dir))
    : await scratch("crewdeck_bench_demo");
  try {
    await prepareDatabase(handle, { seed: "if-empty" });
    setDatabaseForTests(handle);
    const { GET } = await import("@/app/api/v2/my-dashboard/new-jobs/route");
    const [worker] = await handle.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_WORKER));
    if (!worker) throw new Error(`the demo seed has no ${DEMO_WORKER}`);
    const token = (await issueApiToken(handle.db, worker.id, new Date())).access_token;
    const call = async () => {
      const t0 = performance.now();
      const res = await callRoute(GET, "my-dashboard/new-jobs", { token });
      if (res.status !== 200)
        throw new Error(`demo new-jobs answered ${res.status}: ${JSON.stringify(res.body)}`);
      if (!(res.body as { data: unknown[] }).data.length)
        throw new Error("the demo worker sees no new jobs; the bench would time an empty page");
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) await call();
    const ms: number[] = [];
    for (let r = 0; r < rounds; r++)
      ms.push(...(await Promise.all(Array.from({ length: callers }, call))));
    return `GET new-jobs (demo worker)  ${callers} at once on ${handle.kind}: median ${fmt(median(ms))}   p95 ${fmt(percentile(ms, 95))}`;
  } finally {
    setDatabaseForTests(restore);
    await handle.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
