import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { startQueue, stopQueue } from "@/lib/jobs/queue";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { ensureRole, giveRole, insertJob } from "@/lib/testing/jobs-fixtures";
import { type Ctx } from "../context";
import { registerSalaryExportJob } from "./export-job";
import { writeSalaryExportXlsx } from "./export-xlsx";
import { writePaySlipsZip } from "./slip";

/**
 * The world of the salary export's tests (export.int.test.ts: start and job;
 * export-files.int.test.ts: list and download; slips-zip.int.test.ts: the pay slips ZIP): a
 * branch's November salary lines (one paid, one in EUR), another branch's and December's, each
 * role, and the real queue writing the .xlsx through `swap.write` and the ZIP through
 * `swap.writeZip`.
 */
export let handle: DbHandle;
export let db: Db;
export let dir: string;
export let branchId: number;
export let otherBranchId: number;
export let countryId: number;
export const ctx = {} as Record<"admin" | "payroll" | "pm" | "crew" | "client" | "worker", Ctx>;
export const workers = {} as Record<"ida" | "bo" | "eve", number>;

/** The writes the job calls; a test swaps one (a gate, a failure, a spy) and puts it back. */
export const swap: { write: typeof writeSalaryExportXlsx; writeZip: typeof writePaySlipsZip } = {
  write: writeSalaryExportXlsx,
  writeZip: writePaySlipsZip,
};

/** The shared world of these files: call once at the top of each test file. */
export function setupExportWorld() {
  beforeAll(async () => {
    handle = await testDatabase();
    db = handle.db;
    dir = await mkdtemp(path.join(tmpdir(), "crewdeck-salary-export-"));
    setFileStore(localStore(dir));
    const { country, company } = await createCountryAndCompany(db, "Export Co");
    countryId = country.id;
    const [b1, b2] = await db
      .insert(schema.branches)
      .values([
        { name: "Export Copenhagen", countryId },
        { name: "Export Aarhus", countryId },
      ])
      .returning();
    branchId = b1.id;
    otherBranchId = b2.id;
    const [skill] = await db.insert(schema.skills).values({ name: "Rigger", order: 1 }).returning();
    const job = await insertJob(db, {
      name: "Export Arena",
      companyId: company.id,
      countryId,
      shifts: [
        {
          startsAt: new Date("2026-11-10T07:00:00Z"),
          endsAt: new Date("2026-11-10T15:00:00Z"),
          slots: [{ skillId: skill.id, positions: 3 }],
        },
      ],
    });
    workers.ida = (await createUser(db, { roles: [ROLE.worker], name: "Ida Holm" })).id;
    workers.bo = (await createUser(db, { roles: [ROLE.worker], name: "Bo Lind" })).id;
    workers.eve = (await createUser(db, { roles: [ROLE.worker], name: "Eve Aas" })).id;
    await db.insert(schema.paymentSettings).values({
      userId: workers.ida,
      iban: "DK5000400440116243",
      swift: "NDEADKKK",
      reg: "1234",
      konto: "0012345678",
    });
    const line = (
      userId: number,
      day: string,
      v: Partial<typeof schema.salaryLines.$inferInsert> = {},
    ) => ({
      userId,
      jobId: job.id,
      shiftId: job.shifts[0].id,
      skillId: skill.id,
      branchId,
      countryId,
      workDate: day,
      startsAt: new Date(`${day}T07:00:00Z`),
      endsAt: new Date(`${day}T15:00:00Z`),
      currencyCode: "DKK",
      standardMinutes: 480,
      standardRate: 15050,
      rateSource: "card",
      amount: 120400,
      ...v,
    });
    await db.insert(schema.salaryLines).values([
      line(workers.ida, "2026-11-10"),
      line(workers.ida, "2026-11-11", {
        standardMinutes: 360,
        nightMinutes: 120,
        nightRate: 20000,
        amount: 130300,
        status: "paid",
      }),
      line(workers.bo, "2026-11-10", { currencyCode: "EUR", standardRate: 2000, amount: 16000 }),
      // Another branch of the same country, and a day of December: not in the branch's November.
      line(workers.eve, "2026-11-12", { branchId: otherBranchId }),
      line(workers.eve, "2026-12-01"),
    ]);

    const payrollRole = await ensureRole(db, "Payroll (export test)", ["salary_access"]);
    const payroll = await createUser(db, { name: "Paula Payroll" });
    await giveRole(db, payroll.id, payrollRole);
    const user = async (roles: Parameters<typeof createUser>[1]) =>
      ctxFor(db, (await createUser(db, roles)).id);
    ctx.admin = await user({ roles: [ROLE.admin], name: "Ada Admin" });
    ctx.payroll = await ctxFor(db, payroll.id);
    ctx.pm = await user({ roles: [ROLE.projectManager] });
    ctx.crew = await user({ roles: [ROLE.crewHandler] });
    ctx.client = await user({ roles: [ROLE.client], companyId: company.id });
    ctx.worker = await ctxFor(db, workers.ida);

    registerSalaryExportJob(
      async () => db,
      (...args) => swap.write(...args),
      (...args) => swap.writeZip(...args),
    );
    await startQueue(handle, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 3600 });
  });
  afterAll(async () => {
    await stopQueue({ graceful: false });
    setFileStore(undefined);
    await handle?.close();
    await rm(dir, { recursive: true, force: true });
  });
}

export const november = (v: Record<string, unknown> = { branch_id: branchId }) => ({
  from: "2026-11-01",
  to: "2026-11-30",
  ...v,
});

export async function counts() {
  const [exports] = await db.select({ n: count() }).from(schema.salaryExports);
  const [monitors] = await db.select({ n: count() }).from(schema.progressMonitors);
  const jobs = (await db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'salary-export'`,
  )) as unknown as { rows: { n: number }[] };
  const [log] = await db
    .select({ n: count() })
    .from(schema.activityLog)
    .where(eq(schema.activityLog.subjectType, "salary_export"));
  return { exports: exports.n, monitors: monitors.n, jobs: jobs.rows[0].n, log: log.n };
}

export const rowValues = (ws: ExcelJS.Worksheet, n: number) =>
  (ws.getRow(n).values as unknown[]).slice(1);

export async function workbookOf(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return wb;
}

/** A write that waits for `release()` (a long export). */
export function gate() {
  let release!: () => void;
  const open = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const started = new Promise<void>((r) => (entered = r));
  const fn: typeof writeSalaryExportXlsx = async (...args) => {
    entered();
    await open;
    return writeSalaryExportXlsx(...args);
  };
  return { fn, release, started };
}
