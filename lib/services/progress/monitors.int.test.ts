import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createMonitor, finishMonitor, progressWriter, startMonitor } from "./monitors";

/** The monitor's writes: progress throttled to a few a second, done and failed. */
let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
});

const row = async (id: number) =>
  (await db.select().from(schema.progressMonitors).where(eq(schema.progressMonitors.id, id)))[0];

describe("progressWriter", () => {
  it("writes at most once per interval however often it is told, and the last figures on flush", async () => {
    const id = await createMonitor(db, { kind: "salary-run", createdById: null });
    await startMonitor(db, id, "test:1");
    const counting = countingDb(handle);
    const writer = progressWriter(counting.db, id, 60_000);
    counting.reset();
    for (let done = 1; done <= 500; done++) await writer.report(done, 500);
    await writer.flush();
    // The first report and the flush: two writes for 500 reports.
    expect(counting.writes()).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: "running", progress: 500, total: 500 });
    // Nothing new to say: flush writes nothing.
    await writer.flush();
    expect(counting.writes()).toHaveLength(2);
  });

  it("writes again once the interval has passed", async () => {
    const id = await createMonitor(db, { kind: "salary-run", createdById: null });
    await startMonitor(db, id, "test:1");
    const counting = countingDb(handle);
    const writer = progressWriter(counting.db, id, 20);
    counting.reset();
    await writer.report(1, 3);
    await new Promise((r) => setTimeout(r, 40));
    await writer.report(2, 3);
    await writer.flush();
    expect(counting.writes()).toHaveLength(2);
    expect(await row(id)).toMatchObject({ progress: 2, total: 3 });
  });

  it("leaves a finished monitor as it is (a late write of a stopped attempt)", async () => {
    const id = await createMonitor(db, { kind: "salary-run", createdById: null });
    await startMonitor(db, id, "test:1");
    await finishMonitor(db, id, { status: "failed", message: "Stopped." });
    const writer = progressWriter(db, id);
    await writer.report(7, 9);
    await writer.flush();
    expect(await row(id)).toMatchObject({ status: "failed", progress: 0, message: "Stopped." });
  });

  it("fills the bar when done and keeps where it stopped when failed", async () => {
    const a = await createMonitor(db, { kind: "salary-run", createdById: null });
    await startMonitor(db, a, "test:1");
    const w = progressWriter(db, a);
    await w.report(3, 4);
    await w.flush();
    await finishMonitor(db, a, { status: "done", message: "Done.", errors: ["One problem"] });
    expect(await row(a)).toMatchObject({
      status: "done",
      progress: 4,
      total: 4,
      errors: ["One problem"],
    });
  });
});
