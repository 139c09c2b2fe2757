import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNotNull, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { getFile, localStore, setFileStore, type FileStore } from "@/lib/files/storage";
import { countingDb } from "@/lib/testing/counting-db";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import {
  applyOn,
  createJobWorld,
  ensureRole,
  giveRole,
  insertJob,
  type JobWorld,
} from "@/lib/testing/jobs-fixtures";
import { makeCtx, type Ctx } from "../context";
import { sweepStatisticsAnswers } from "./answers-round";
import { STANDARD_ANSWER_MAX_AGE_MS } from "./standard-answers";
import { statistics, type Statistics } from ".";

/*
 * The per-worker and client charts' standard periods computed by the background round (issue 27): on
 * 25/11/2026 (agency zone) the standard periods are this month (November), last month
 * (October), this quarter (October–December) and the last 12 months (December 2025–November
 * 2026). Three workers booked on a November job, one of them on a second; one report each.
 * The cases build on each other, in order.
 */
let handle: DbHandle;
let db: Db;
let files: string;
let w: JobWorld;
let slot: number;
let second: number;
let clientStats: Ctx;
let clientRevenue: Ctx;
const now = new Date("2026-11-25T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const PERIODS = {
  "this month": { start: "2026-11-01", end: "2026-11-30" },
  "last month": { start: "2026-10-01", end: "2026-10-31" },
  "this quarter": { start: "2026-10-01", end: "2026-12-31" },
  "last 12 months": { start: "2025-12-01", end: "2026-11-30" },
};
const WORKER_CHARTS = ["jobsByWorker", "hoursByWorker"] as const;
const CLIENT_CHARTS = ["jobsPerClient", "clientRevenue", "clientMargins"] as const;
const CHARTS = [...WORKER_CHARTS, ...CLIENT_CHARTS] as const;
/** Five charts × four periods, and the workers download of the default period in two variants. */
const ROUND = 5 * 4 + 2;

const storedKeys = async () =>
  (await db.select({ key: schema.statisticsAnswers.key }).from(schema.statisticsAnswers))
    .map((r) => r.key)
    .sort();

async function admin(at: Date): Promise<Ctx> {
  return makeCtx(db, (await ctxFor(db, w.admin, { now: at })).actor, { now: at });
}

/** The answer without its as_of: what the live computation answers for the same filter. */
const figures = ({ as_of: _, ...s }: Statistics) => s;

beforeAll(async () => {
  files = await mkdtemp(path.join(tmpdir(), "crewdeck-answers-"));
  setFileStore(localStore(files));
  handle = await testDatabase();
  db = handle.db;
  w = await createJobWorld(db);
  const job = async (day: string) =>
    (
      await insertJob(db, {
        name: `Job ${day}`,
        companyId: w.companyA,
        countryId: w.countryId,
        workerRates: false,
        shifts: [
          {
            startsAt: new Date(`2026-11-${day}T08:00:00Z`),
            endsAt: new Date(`2026-11-${day}T16:00:00Z`),
            slots: [{ skillId: w.skill, positions: 5 }],
          },
        ],
      })
    ).shifts[0].slots[0].id;
  slot = await job("10");
  second = await job("11");
  // Reported hours: Ada 3 (approved), Ben 4 and Cy 5 (pending).
  for (const [name, until] of [
    ["Ada", "11"],
    ["Ben", "12"],
    ["Cy", "13"],
  ]) {
    const id = (await createUser(db, { roles: [ROLE.worker], name })).id;
    const application = await applyOn(db, slot, id, "Booked");
    await db.insert(schema.reportedHours).values({
      applicationId: application,
      shiftSlotId: slot,
      startsAt: new Date("2026-11-10T08:00:00Z"),
      endsAt: new Date(`2026-11-10T${until}:00:00Z`),
      approvedAt: name === "Ada" ? new Date("2026-11-11T08:00:00Z") : null,
    });
    if (name === "Ada") await applyOn(db, second, id, "Booked");
  }
  const contact = (await createUser(db, { roles: [ROLE.client], companyId: w.companyA })).id;
  await giveRole(
    db,
    contact,
    await ensureRole(db, "Client statistics (test)", ["can_view_statistics"]),
  );
  clientStats = await ctxFor(db, contact, { now });
  const payer = (await createUser(db, { roles: [ROLE.client], companyId: w.companyA })).id;
  await giveRole(
    db,
    payer,
    await ensureRole(db, "Client revenue (test)", [
      "can_view_statistics",
      "can_view_earning_statistics",
    ]),
  );
  clientRevenue = await ctxFor(db, payer, { now });
}, 120_000);
afterAll(async () => {
  await handle?.close();
  setFileStore(undefined);
  await rm(files, { recursive: true, force: true });
});

/** The stored downloads' files in the store's folder: exactly those the rows name. */
const filesInStore = async () =>
  (await readdir(path.join(files, "statistics")).catch(() => [])).sort();
const filesOfRows = async () =>
  (
    await db
      .select({ fileKey: schema.statisticsAnswers.fileKey })
      .from(schema.statisticsAnswers)
      .where(isNotNull(schema.statisticsAnswers.fileKey))
  )
    .map((r) => r.fileKey!.split("/")[1])
    .sort();

describe("per-worker and client charts: standard periods computed in the background", () => {
  it("before any round every call computes live (no as_of, nothing stored)", async () => {
    const s = await statistics.jobsByWorker(await admin(now), PERIODS["this month"]);
    expect(s.labels).toEqual(["Ada", "Ben", "Cy"]);
    expect(s.as_of).toBeUndefined();
    expect(await storedKeys()).toEqual([]);
  });

  it("a round stores every standard period's answer, equal to the live one", async () => {
    expect(await sweepStatisticsAnswers(db, { now })).toEqual({ answers: ROUND, done: true });
    // Nothing is due again until the refresh age has passed.
    expect(await sweepStatisticsAnswers(db, { now: later(MIN) })).toEqual({
      answers: 0,
      done: true,
    });
    expect(await storedKeys()).toHaveLength(ROUND);
    const fresh = await admin(later(MIN));
    const stale = await admin(later(STANDARD_ANSWER_MAX_AGE_MS + MIN));
    for (const chart of CHARTS)
      for (const period of Object.values(PERIODS)) {
        const stored = await statistics[chart](fresh, period);
        expect(stored.as_of).toBe(now.toISOString());
        const live = await statistics[chart](stale, period);
        expect(live.as_of).toBeUndefined();
        expect(figures(stored)).toEqual(live);
      }
    const perClient = await statistics.jobsPerClient(fresh, PERIODS["this month"]);
    expect(perClient.labels).toHaveLength(1);
    expect(perClient.series[0].values).toEqual([2]);
    const hours = await statistics.hoursByWorker(fresh, PERIODS["this month"]);
    expect(hours.labels).toEqual(["Cy", "Ben", "Ada"]);
    expect(hours.series.map((x) => x.values)).toEqual([
      [0, 0, 3],
      [5, 4, 0],
    ]);
  });

  it("a fresh standard call is one read of its key and writes nothing", async () => {
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, (await admin(now)).actor, { now: later(4 * MIN) });
    for (const chart of CHARTS) {
      counting.reset();
      const s = await statistics[chart](ctx, PERIODS["last 12 months"]);
      expect(s.as_of).toBe(now.toISOString());
      expect(counting.statements()).toBe(1);
      expect(counting.sent()[0]).toContain('"statistics_answers"');
      // No filter at all is the default period, the same stored answer.
      expect((await statistics[chart](ctx, {})).as_of).toBe(now.toISOString());
    }
    expect(counting.writes()).toEqual([]);
  });

  it("the default period's workers download is the stored file, one per variant of worker pay", async () => {
    const counting = countingDb(handle);
    const at = later(MIN);
    const as = async (user: number) =>
      makeCtx(counting.db, (await ctxFor(db, user, { now })).actor, { now: at });
    const fileOf = async (key: string) =>
      (
        await db
          .select({ fileKey: schema.statisticsAnswers.fileKey })
          .from(schema.statisticsAnswers)
          .where(eq(schema.statisticsAnswers.key, key))
      )[0]?.fileKey;
    const stored = async (key: string) => {
      const fileKey = await fileOf(key);
      return fileKey ? (await getFile(fileKey))?.body : undefined;
    };
    expect(await filesInStore()).toEqual(await filesOfRows());
    expect(await filesInStore()).toHaveLength(2);
    // The stored file's name says when the round built it (agency zone, Europe/Copenhagen).
    const download = async (ctx: Ctx, raw: unknown = {}, asOf = "") => {
      counting.reset();
      const { filename, stream } = await statistics.workersXlsx(ctx, raw);
      expect(filename).toBe(`Workers-statistics-2026-11-25${asOf}.xlsx`);
      return Buffer.from(await new Response(stream).arrayBuffer());
    };
    const rowsOf = async (bytes: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(new Uint8Array(bytes).buffer);
      const rows: unknown[][] = [];
      wb.getWorksheet("Workers")!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    // The administrator may see worker pay (the earnings variant), the project manager not.
    const variants: [Ctx, string][] = [
      [await as(w.admin), "workers-earnings:2025-12-01:2026-11-30:month"],
      [await as(w.pm), "workers:2025-12-01:2026-11-30:month"],
    ];
    for (const [ctx, key] of variants) {
      const bytes = await download(ctx, {}, "-as-of-13-00");
      expect(counting.statements()).toBe(1);
      expect(bytes.equals(Buffer.from((await stored(key))!))).toBe(true);
      // The same rows as the live build of the same filter (past the stored file's max age).
      const live = await download({ ...ctx, now: later(STANDARD_ANSWER_MAX_AGE_MS + MIN) });
      expect(counting.statements()).toBeGreaterThan(1);
      expect(await rowsOf(bytes)).toEqual(await rowsOf(live));
      expect((await rowsOf(bytes)).slice(1).map((r) => r[1])).toEqual(["Ada", "Ben", "Cy"]);
    }
    // A custom range and a client contact are built live, without reading the stored files.
    for (const [ctx, raw] of [
      [variants[0][0], { start: "2025-12-01", end: "2026-11-29" }],
      [{ ...clientStats, db: counting.db, now: at }, {}],
    ] as [Ctx, unknown][]) {
      await download(ctx, raw);
      expect(counting.sent().join("\n")).not.toContain("statistics_answers");
    }
    expect(counting.writes()).toEqual([]);
    // Each variant is its own: without the one of no pay, the manager's is built live.
    await rm(path.join(files, (await fileOf(variants[1][1]))!));
    await db
      .delete(schema.statisticsAnswers)
      .where(eq(schema.statisticsAnswers.key, variants[1][1]));
    await download(variants[0][0], {}, "-as-of-13-00");
    expect(counting.statements()).toBe(1);
    await download(variants[1][0]);
    expect(counting.statements()).toBeGreaterThan(1);
    // The next round builds the missing one first.
    expect(await sweepStatisticsAnswers(db, { now: at })).toEqual({ answers: 1, done: true });
    expect(await stored(variants[1][1])).toBeTruthy();
    // A row whose file is gone (another instance's folder, a removal between read and open):
    // built live, never a broken download.
    const gone = await fileOf(variants[0][1]);
    await rm(path.join(files, gone!));
    await download(variants[0][0]);
    expect(counting.statements()).toBeGreaterThan(1);
  });

  it("the workers download: permission first, a 403 reads nothing and opens no stored file", async () => {
    const counting = countingDb(handle);
    const local = localStore(files);
    const opened: string[] = [];
    setFileStore({ ...local, open: (key) => (opened.push(key), local.open!(key)) });
    try {
      for (const user of [w.worker, w.crewHandler]) {
        const ctx = makeCtx(counting.db, (await ctxFor(db, user, { now })).actor, {
          now: later(MIN),
        });
        counting.reset();
        await expect(statistics.workersXlsx(ctx, {})).rejects.toMatchObject({ status: 403 });
        expect(counting.statements()).toBe(0);
      }
      expect(opened).toEqual([]);
      // The same store is asked by a caller let through: the stored file's key.
      await statistics.workersXlsx(await admin(later(MIN)), {});
      expect(opened).toHaveLength(1);
    } finally {
      setFileStore(local);
    }
  });

  it("a custom range, a company or branch filter and a client contact compute live", async () => {
    const counting = countingDb(handle);
    const ctx = makeCtx(counting.db, (await admin(now)).actor, { now: later(MIN) });
    const client = { ...clientStats, db: counting.db, now: later(MIN) };
    const cases: [Ctx, unknown][] = [
      [ctx, { start: "2026-11-01", end: "2026-11-20" }],
      [ctx, { ...PERIODS["this month"], filter: { company_id: w.companyA } }],
      [ctx, { ...PERIODS["this month"], branch: 1 }],
      [client, PERIODS["this month"]],
    ];
    for (const chart of WORKER_CHARTS)
      for (const [c, raw] of cases) {
        counting.reset();
        const s = await statistics[chart](c, raw);
        expect(s.as_of).toBeUndefined();
        // The live read alone, in its own transaction (PostgreSQL's begin and commit counted).
        expect(counting.statements()).toBe(handle.kind === "postgres" ? 4 : 2);
        expect(counting.sent().join("\n")).not.toContain("statistics_answers");
      }
    const own = await statistics.jobsByWorker(client, PERIODS["this month"]);
    expect(own.labels).toEqual(["Ada", "Ben", "Cy"]);
    // The client charts alike (the client contact's below: its scope refuses two of them).
    for (const chart of CLIENT_CHARTS)
      for (const [c, raw] of cases.slice(0, 3)) {
        counting.reset();
        const s = await statistics[chart](c, raw);
        expect(s.as_of).toBeUndefined();
        expect(counting.statements()).toBeGreaterThan(0);
        expect(counting.sent().join("\n")).not.toContain("statistics_answers");
      }
  });

  it("client charts: permission and scope before any stored answer; a client contact's company is live", async () => {
    const counting = countingDb(handle);
    const at = later(MIN);
    const on = (ctx: Ctx) => ({ ...ctx, db: counting.db, now: at });
    const pm = on(await ctxFor(db, w.pm, { now }));
    const period = PERIODS["this month"];
    // Without can_view_earning_statistics, or a client contact asking for margins: 403 before
    // any statement, the stored answers of the period notwithstanding.
    for (const [ctx, chart] of [
      [pm, "clientRevenue"],
      [pm, "clientMargins"],
      [on(clientStats), "clientRevenue"],
      [on(clientRevenue), "clientMargins"],
    ] as const) {
      counting.reset();
      await expect(statistics[chart](ctx, period)).rejects.toMatchObject({ status: 403 });
      expect(counting.statements()).toBe(0);
    }
    // A client contact holding both permissions: its own company's figures, computed live.
    for (const [ctx, chart] of [
      [on(clientStats), "jobsPerClient"],
      [on(clientRevenue), "jobsPerClient"],
      [on(clientRevenue), "clientRevenue"],
    ] as const) {
      counting.reset();
      const s = await statistics[chart](ctx, period);
      expect(s.as_of).toBeUndefined();
      expect(counting.sent().join("\n")).not.toContain("statistics_answers");
      expect(figures(s)).toEqual(
        figures(await statistics[chart](await admin(at), { ...period, company_id: w.companyA })),
      );
    }
    // The office sees the stored answer of the same period (fresh, with its as_of).
    const stored = await statistics.clientRevenue(await admin(at), period);
    expect(stored.as_of).toBe(now.toISOString());
    expect(counting.writes()).toEqual([]);
  });

  it("a change after the round shows only after the next round, whose as_of moves", async () => {
    const dan = (await createUser(db, { roles: [ROLE.worker], name: "Dan" })).id;
    await applyOn(db, slot, dan, "Booked");
    await applyOn(db, second, dan, "Booked");
    const before = await statistics.jobsByWorker(await admin(later(MIN)), PERIODS["this month"]);
    expect(before.labels).toEqual(["Ada", "Ben", "Cy"]);
    expect(before.as_of).toBe(now.toISOString());
    // Within the refresh age the round leaves it; past it, it recomputes every answer.
    expect(await sweepStatisticsAnswers(db, { now: later(MIN) })).toEqual({
      answers: 0,
      done: true,
    });
    expect(await sweepStatisticsAnswers(db, { now: later(3 * MIN) })).toEqual({
      answers: ROUND,
      done: true,
    });
    const after = await statistics.jobsByWorker(await admin(later(4 * MIN)), PERIODS["this month"]);
    expect(after.as_of).toBe(later(3 * MIN).toISOString());
    expect(after.labels).toEqual(["Ada", "Dan", "Ben", "Cy"]);
    expect(after.series.find((x) => x.name === "Jobs")?.values).toEqual([2, 2, 1, 1]);
  });

  it("a round deletes the answers of periods no longer standard", async () => {
    const december = new Date("2026-12-02T12:00:00Z");
    expect(await sweepStatisticsAnswers(db, { now: december })).toEqual({
      answers: ROUND,
      done: true,
    });
    const periods = [
      "2026-01-01:2026-12-31:month",
      "2026-10-01:2026-12-31:month",
      "2026-11-01:2026-11-30:day",
      "2026-12-01:2026-12-31:day",
    ];
    expect(await storedKeys()).toEqual([
      ...[
        "client-margins",
        "client-revenue",
        "hours-by-worker",
        "jobs-by-worker",
        "jobs-per-client",
      ].flatMap((c) => periods.map((p) => `${c}:${p}`)),
      "workers-earnings:2026-01-01:2026-12-31:month",
      "workers:2026-01-01:2026-12-31:month",
    ]);
    // The old period's files went with their rows: the store holds the new period's two.
    expect(await filesInStore()).toEqual(await filesOfRows());
    expect(await filesInStore()).toHaveLength(2);
    // A round that rebuilds a file removes the one it replaced once its row has committed.
    const before = await filesInStore();
    await sweepStatisticsAnswers(db, { now: new Date(december.getTime() + 3 * MIN) });
    const after = await filesInStore();
    expect(after).toEqual(await filesOfRows());
    expect(after).toHaveLength(2);
    expect(after.some((f) => before.includes(f))).toBe(false);
  });

  it("a round that fails removes the file it stored; the committed rows keep theirs", async () => {
    const local = localStore(files);
    const failing: FileStore = {
      ...local,
      put: async (key, bytes, type) => {
        await local.put(key, bytes, type);
        throw new Error("storage is down");
      },
      // The round streams its file in from a temporary one: the store fails half way there too.
      putPath: async (key, filePath, type) => {
        await local.putPath!(key, filePath, type);
        throw new Error("storage is down");
      },
    };
    setFileStore(failing);
    try {
      await expect(
        sweepStatisticsAnswers(db, { now: new Date("2026-12-02T12:05:00Z") }),
      ).rejects.toThrow("storage is down");
    } finally {
      setFileStore(local);
    }
    expect(await filesInStore()).toEqual(await filesOfRows());
    expect(await filesInStore()).toHaveLength(2);
  });

  it("a failure after a round has committed leaves that round's file to its row", async () => {
    // Both downloads missing: the first round builds one (missing ones first) and commits; the
    // next round's transaction cannot start (a lost connection).
    for (const f of await filesOfRows()) await rm(path.join(files, "statistics", f));
    await db.delete(schema.statisticsAnswers).where(isNotNull(schema.statisticsAnswers.fileKey));
    let transactions = 0;
    const flaky = Object.create(db, {
      transaction: {
        value: (...args: Parameters<Db["transaction"]>) =>
          ++transactions === 2
            ? Promise.reject(new Error("connection lost"))
            : db.transaction(...args),
      },
    }) as Db;
    await expect(
      sweepStatisticsAnswers(flaky, { now: new Date("2026-12-02T12:06:00Z") }),
    ).rejects.toThrow("connection lost");
    expect(await filesOfRows()).toHaveLength(1);
    expect(await filesInStore()).toEqual(await filesOfRows());
  });

  // PostgreSQL only (PGlite has one connection: no second transaction to hold the lock).
  it.runIf(env.DATABASE_URL)(
    "one round at a time: another instance skips while one holds the round",
    async () => {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const lockTaken = new Promise<void>((r) => (locked = r));
      const holder = db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statistics_answers'))`);
        locked();
        await held;
      });
      await lockTaken;
      const due = new Date("2026-12-02T12:10:00Z");
      expect(await sweepStatisticsAnswers(db, { now: due })).toEqual({ answers: 0, done: false });
      release();
      await holder;
      expect(await sweepStatisticsAnswers(db, { now: due })).toEqual({
        answers: ROUND,
        done: true,
      });
    },
  );
});
