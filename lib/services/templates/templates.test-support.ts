/** Shared setup and helpers of the templates integration tests (split along their describe blocks). */
import { afterAll, beforeAll } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { schema, type DbHandle } from "@/db";
import { type TemplateShift } from "@/lib/domain/job-template";
import { ROLE, type Permission } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { createJob } from "../jobs/create";
import { createTemplate } from "./index";

export const now = new Date("2026-11-22T09:00:00Z");
export let handle: DbHandle;
export let ids: {
  admin: number;
  pm: number;
  crewHandler: number;
  worker: number;
  /** Client Contact of company A with the default permissions (no job_template_access). */
  colA: number;
  /** Client Contact of company A that was also given job_template_access. */
  colTemplates: number;
  /** Only job_template_access: may use templates but not create jobs. */
  templatesOnly: number;
  companyA: number;
  companyB: number;
  country: number;
  stagehand: number;
  rigger: number;
};

/** A role with exactly these permissions (roles are rows, editable under /roles). */
export async function roleWith(title: string, perms: Permission[]) {
  const db = handle.db;
  const [role] = await db.insert(schema.roles).values({ title }).returning();
  for (const name of perms) {
    const [p] = await db
      .select({ id: schema.permissions.id })
      .from(schema.permissions)
      .where(eq(schema.permissions.name, name));
    await db.insert(schema.rolePermissions).values({ roleId: role.id, permissionId: p.id });
  }
  return role.id;
}

export const ctx = (userId: number) => ctxFor(handle.db, userId, { now });

export const tshift = (
  id: number,
  startDate: string,
  startHour = "08:00",
  endHour = "16:00",
  skills = [{ skill_id: ids.stagehand, qty: 2 }],
): TemplateShift => ({ id, startDate, startHour, endHour, skills, status: "active" });

export const data = (shifts: TemplateShift[] = [tshift(1, "01/12/2026")], job = {}) => ({
  job: { name: "Gala crew", country_id: ids.country, ...job },
  shifts,
});

export async function template(name: string, companyId = ids.companyA, shifts?: TemplateShift[]) {
  return createTemplate(await ctx(ids.pm), { name, company_id: companyId, data: data(shifts) });
}

/** A job with three shifts, out of order, one overnight. */
export async function jobWithShifts(companyId = ids.companyA) {
  return createJob(await ctx(ids.pm), {
    name: "Source job",
    company_id: companyId,
    country_id: ids.country,
    shifts: [
      {
        startDate: "03/12/2026",
        start: "08:00",
        endHour: "16:00",
        slots: [{ skill_id: ids.stagehand, qty: 2 }],
      },
      {
        startDate: "01/12/2026",
        start: "22:00",
        endHour: "04:00",
        slots: [
          { skill_id: ids.stagehand, qty: 1 },
          { skill_id: ids.rigger, qty: 3 },
        ],
      },
      {
        startDate: "05/12/2026",
        start: "10:00",
        endHour: "12:30",
        slots: [{ skill_id: ids.rigger, qty: 1 }],
      },
    ],
  });
}

export const templatesNamed = async (name: string) =>
  Number(
    (
      await handle.db
        .select({ n: count() })
        .from(schema.jobTemplates)
        .where(eq(schema.jobTemplates.name, name))
    )[0].n,
  );

export const activityOf = (subjectId: number) =>
  handle.db
    .select()
    .from(schema.activityLog)
    .where(
      and(
        eq(schema.activityLog.subjectType, "job_templates"),
        eq(schema.activityLog.subjectId, subjectId),
      ),
    );

/** Registers the database hooks of one test file (each file gets its own database). */
export function setUpTemplatesDatabase() {
  beforeAll(async () => {
    handle = await testDatabase();
    const db = handle.db;
    const { country, company: a } = await createCountryAndCompany(db, "Company A");
    const [b] = await db
      .insert(schema.companies)
      .values({ name: "Company B", countryId: country.id })
      .returning();
    const [parent] = await db.insert(schema.skills).values({ name: "Stage", order: 1 }).returning();
    const [stagehand, rigger] = await db
      .insert(schema.skills)
      .values([
        { name: "Stagehand", parentId: parent.id, order: 1 },
        { name: "Rigger", parentId: parent.id, order: 2 },
      ])
      .returning();
    const colTemplates = await createUser(db, { roles: [ROLE.client], companyId: a.id });
    await db.insert(schema.userRoles).values({
      userId: colTemplates.id,
      roleId: await roleWith("Client templates", ["job_template_access"]),
    });
    const templatesOnly = await createUser(db, {});
    await db.insert(schema.userRoles).values({
      userId: templatesOnly.id,
      roleId: await roleWith("Template keeper", ["job_template_access", "job_view"]),
    });
    ids = {
      admin: (await createUser(db, { roles: [ROLE.admin] })).id,
      pm: (await createUser(db, { roles: [ROLE.projectManager], name: "Pia PM" })).id,
      crewHandler: (await createUser(db, { roles: [ROLE.crewHandler] })).id,
      worker: (await createUser(db, { roles: [ROLE.worker] })).id,
      colA: (await createUser(db, { roles: [ROLE.client], companyId: a.id })).id,
      colTemplates: colTemplates.id,
      templatesOnly: templatesOnly.id,
      companyA: a.id,
      companyB: b.id,
      country: country.id,
      stagehand: stagehand.id,
      rigger: rigger.id,
    };
  });
  afterAll(async () => handle?.close());
}
