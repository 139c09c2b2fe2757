import { count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as schema from "@/db/schema";
import type { Db, DbOrTx } from "@/db/client";
import { hashPassword } from "@/lib/auth/password";
import { ROLE } from "@/lib/domain/permissions";
import { APPLICATION_STATUSES } from "@/db/schema";
import { seedBookings } from "./build/bookings";
import { seedChats } from "./build/chat";
import { seedCompanies, seedCompanyLinks } from "./build/clients";
import { seedNotes, seedTemplates } from "./build/content";
import { seedHelp } from "./build/help";
import { seedActivity, seedWorkerExtras } from "./build/history";
import { seedWorkerMessages } from "./build/notifications";
import { seedCostsAndQuote, seedRates } from "./build/finance";
import { seedJobs } from "./build/jobs";
import { seedQuotes } from "./build/quotes";
import { loadRoles, seedMaster } from "./build/master";
import { seedPeople } from "./build/people";
import { seedProfiles } from "./build/profiles";
import { seedUsersExtra } from "./build/users-extra";
import { seedJoining } from "./build/join";
import { seedApplicants } from "./build/applicants";
import { seedActivityLog } from "./build/activity";
import { seedDocuments } from "./build/documents";
import { seedCustomRoles } from "./build/roles";
import { seedSalary } from "./build/salary";
import { seedSalaryExport } from "./build/salary-export";
import { seedStatisticsHistory } from "./build/statistics-history";
import type { World } from "./build/world";
import type { ApplicationStatus } from "./data/jobs";
import { DEMO_PASSWORD } from "./data/people";
import { DEMO_SEED, Rng } from "./random";

export { DEMO_PASSWORD } from "./data/people";

export interface DemoSummary {
  users: number;
  workers: number;
  companies: number;
  venues: number;
  jobs: number;
  shifts: number;
  shiftSlots: number;
  applications: Record<ApplicationStatus, number>;
  reportedHours: number;
}

/**
 * The demo installation: an agency booking crew in five countries (spec §1), dated around
 * `now` so that there is always a job running, hours waiting to be reported and open
 * shifts ahead. Deterministic for a given `now`. Expects migrations and ensureReferenceData
 * to have run and the database to hold no master data yet; everything is one transaction.
 *
 * Demo accounts (password Crewdeck!2026): admin@, pm@, handler@, col@ and worker@crewdeck.test.
 */
export async function seedDemo(db: Db, now: Date): Promise<DemoSummary> {
  // One argon2 hash for every demo user keeps the seed fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const roles = await loadRoles({ tx });
    const missing = Object.values(ROLE).filter((r) => !roles.has(r));
    if (missing.length)
      throw new Error(
        `Demo seed: roles ${missing.join(", ")} are missing; run ensureReferenceData first.`,
      );

    const w: World = {
      tx,
      now,
      rng: new Rng(DEMO_SEED),
      passwordHash,
      roles,
      countries: new Map(),
      branches: new Map(),
      languages: new Map(),
      levels: new Map(),
      dressCodes: new Map(),
      skills: new Map(),
      staff: {} as World["staff"],
      workers: [],
      companies: new Map(),
      venues: new Map(),
      jobs: [],
    };
    await seedMaster(w);
    await seedCompanies(w);
    await seedPeople(w);
    await seedCompanyLinks(w);
    await seedUsersExtra(w);
    await seedHelp(w);
    await seedJobs(w);
    const apps = await seedBookings(w);
    await seedRates(w);
    await seedCostsAndQuote(w);
    await seedQuotes(w);
    await seedNotes(w);
    await seedTemplates(w);
    await seedWorkerExtras(w);
    await seedChats(w);
    await seedWorkerMessages(w);
    await seedActivity(w, apps);
    await seedActivityLog(w, apps);
    await seedProfiles(w);
    await seedJoining(w);
    await seedApplicants(w);
    await seedDocuments(w);
    await seedCustomRoles(w);
    await seedSalary(w);
    await seedSalaryExport(w);
    await seedStatisticsHistory(w);
    return summarize(tx);
  });
}

async function countOf(db: DbOrTx, table: PgTable) {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row.n);
}

export async function summarize(db: DbOrTx): Promise<DemoSummary> {
  const byStatus = await db
    .select({ status: schema.applications.status, n: sql<number>`count(*)::int` })
    .from(schema.applications)
    .groupBy(schema.applications.status);
  const applications = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<
    ApplicationStatus,
    number
  >;
  for (const r of byStatus) applications[r.status] = Number(r.n);
  const [workers] = await db
    .select({ n: count() })
    .from(schema.userRoles)
    .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
    .where(eq(schema.roles.title, ROLE.worker));
  return {
    users: await countOf(db, schema.users),
    workers: Number(workers.n),
    companies: await countOf(db, schema.companies),
    venues: await countOf(db, schema.venues),
    jobs: await countOf(db, schema.jobs),
    shifts: await countOf(db, schema.shifts),
    shiftSlots: await countOf(db, schema.shiftSlots),
    applications,
    reportedHours: await countOf(db, schema.reportedHours),
  };
}
