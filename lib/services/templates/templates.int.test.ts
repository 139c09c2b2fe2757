import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type DbHandle } from "@/db";
import { removeTemplateShift, type TemplateShift } from "@/lib/domain/job-template";
import { ROLE, type Permission } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { TEST_PASSWORD, createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import { createJob } from "../jobs/create";
import * as loginRoute from "@/app/api/v2/auth/login/route";
import * as listRoute from "@/app/api/v2/job-templates/route";
import * as itemRoute from "@/app/api/v2/job-templates/[id]/route";
import * as createJobRoute from "@/app/api/v2/job-templates/[id]/create-job/route";
import * as buildRoute from "@/app/api/v2/jobs/build-template-data/[jobId]/route";
import {
  TEMPLATE_DELETED,
  TEMPLATE_EDITED,
  buildTemplateData,
  createJobFromTemplate,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from "./index";

const now = new Date("2026-11-22T09:00:00Z");
let handle: DbHandle;
let ids: {
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
async function roleWith(title: string, perms: Permission[]) {
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

const ctx = (userId: number) => ctxFor(handle.db, userId, { now });

const tshift = (
  id: number,
  startDate: string,
  startHour = "08:00",
  endHour = "16:00",
  skills = [{ skill_id: ids.stagehand, qty: 2 }],
): TemplateShift => ({ id, startDate, startHour, endHour, skills, status: "active" });

const data = (shifts: TemplateShift[] = [tshift(1, "01/12/2026")], job = {}) => ({
  job: { name: "Gala crew", country_id: ids.country, ...job },
  shifts,
});

async function template(name: string, companyId = ids.companyA, shifts?: TemplateShift[]) {
  return createTemplate(await ctx(ids.pm), { name, company_id: companyId, data: data(shifts) });
}

/** A job with three shifts, out of order, one overnight. */
async function jobWithShifts(companyId = ids.companyA) {
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

const templatesNamed = async (name: string) =>
  Number(
    (
      await handle.db
        .select({ n: count() })
        .from(schema.jobTemplates)
        .where(eq(schema.jobTemplates.name, name))
    )[0].n,
  );

const activityOf = (subjectId: number) =>
  handle.db
    .select()
    .from(schema.activityLog)
    .where(
      and(
        eq(schema.activityLog.subjectType, "job_templates"),
        eq(schema.activityLog.subjectId, subjectId),
      ),
    );

describe("listTemplates", () => {
  beforeAll(async () => {
    for (let i = 1; i <= 9; i++) await template(`Paging A${i}`, ids.companyA);
    for (let i = 1; i <= 2; i++) await template(`Paging B${i}`, ids.companyB);
  });

  it("pages 8 at a time by name, with the list row shape", async () => {
    const c = await ctx(ids.pm);
    const first = await listTemplates(c, { filter: { name: "paging" } });
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 8, total: 11 });
    expect(first.items.map((t) => t.name)).toEqual([
      "Paging A1",
      "Paging A2",
      "Paging A3",
      "Paging A4",
      "Paging A5",
      "Paging A6",
      "Paging A7",
      "Paging A8",
    ]);
    const second = await listTemplates(c, { page: "2", filter: { name: "paging" } });
    expect(second.items.map((t) => t.name)).toEqual(["Paging A9", "Paging B1", "Paging B2"]);
    expect(second.items[1]).toEqual({
      id: expect.any(Number),
      name: "Paging B1",
      company_id: ids.companyB,
      company_name: "Company B",
      created_by_id: ids.pm,
      created_by: "Pia PM",
      shifts_count: 1,
      created_at: "2026-11-22T10:00:00+01:00",
    });
  });

  it("filters by company and by name, and takes another page size", async () => {
    const c = await ctx(ids.pm);
    const b = await listTemplates(c, { filter: { company: String(ids.companyB), name: "Paging" } });
    expect(b.items.map((t) => t.name)).toEqual(["Paging B1", "Paging B2"]);
    const a3 = await listTemplates(c, { filter: { name: "a3" } });
    expect(a3.items.map((t) => t.name)).toEqual(["Paging A3"]);
    const wild = await listTemplates(c, { filter: { name: "%" } });
    expect(wild.meta.total).toBe(0);
    const small = await listTemplates(c, { perPage: 5, filter: { name: "Paging" } });
    expect(small.meta).toMatchObject({ per_page: 5, last_page: 3 });
  });

  it("shows a client contact only its own company's templates", async () => {
    const c = await ctx(ids.colTemplates);
    const all = await listTemplates(c, { filter: { name: "Paging" } });
    expect(all.meta.total).toBe(9);
    expect(all.items.every((t) => t.company_id === ids.companyA)).toBe(true);
    const other = await listTemplates(c, { filter: { company: ids.companyB } });
    expect(other.meta.total).toBe(0);
  });

  it("refuses bad paging with 422", async () => {
    const err = await appErrorOf(listTemplates(await ctx(ids.pm), { page: "0" }));
    expect(err.status).toBe(422);
    expect(err.errors).toHaveProperty("page");
  });
});

describe("createTemplate and getTemplate", () => {
  it("saves a template from data, renumbering the shifts 1..n in date order", async () => {
    const created = await createTemplate(await ctx(ids.pm), {
      name: "  From data  ",
      company_id: ids.companyA,
      created_by_id: ids.admin,
      data: data([
        tshift(7, "3/12/2026", "9:00", "17:00"),
        tshift(2, "01/12/2026", "22:00", "04:00"),
      ]),
    });
    expect(created).toMatchObject({
      name: "From data",
      company_id: ids.companyA,
      company_name: "Company A",
      created_by_id: ids.pm,
      shifts_count: 2,
    });
    expect(created.json_data.job).toMatchObject({
      name: "Gala crew",
      company_id: ids.companyA,
      country_id: ids.country,
    });
    expect(created.json_data.shifts).toEqual([
      tshift(1, "01/12/2026", "22:00", "04:00"),
      tshift(2, "03/12/2026", "09:00", "17:00"),
    ]);
    expect(await getTemplate(await ctx(ids.admin), created.id)).toEqual(created);
    const log = await activityOf(created.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ logName: "job_templates", causerId: ids.pm });
  });

  it("accepts data sent as a JSON string", async () => {
    const created = await createTemplate(await ctx(ids.pm), {
      name: "Stringly",
      company_id: ids.companyA,
      data: JSON.stringify(data()),
    });
    expect(created.json_data.shifts).toHaveLength(1);
  });

  it("saves a job's live shifts as a template: ids 1..n, relative days and hours kept", async () => {
    const job = await jobWithShifts();
    const created = await createTemplate(await ctx(ids.pm), {
      job_id: job.id,
      name: "From job",
    });
    expect(created.company_id).toBe(ids.companyA);
    expect(created.json_data.job).toMatchObject({
      name: "Source job",
      company_id: ids.companyA,
      country_id: ids.country,
    });
    expect(created.json_data.shifts).toEqual([
      tshift(1, "01/12/2026", "22:00", "04:00", [
        { skill_id: ids.stagehand, qty: 1 },
        { skill_id: ids.rigger, qty: 3 },
      ]),
      tshift(2, "03/12/2026", "08:00", "16:00", [{ skill_id: ids.stagehand, qty: 2 }]),
      tshift(3, "05/12/2026", "10:00", "12:30", [{ skill_id: ids.rigger, qty: 1 }]),
    ]);
    const [log] = await activityOf(created.id);
    expect(log.properties).toMatchObject({ job_id: job.id, shifts: 3 });
  });

  it("leaves out a job's deleted shifts", async () => {
    const job = await jobWithShifts();
    await handle.db
      .update(schema.shifts)
      .set({ deletedAt: now })
      .where(eq(schema.shifts.id, job.shifts[1].id));
    const created = await createTemplate(await ctx(ids.pm), { job_id: job.id, name: "Two left" });
    expect(created.json_data.shifts.map((s) => [s.id, s.startDate])).toEqual([
      [1, "01/12/2026"],
      [2, "05/12/2026"],
    ]);
  });

  it("404s for a job or template outside a client contact's company", async () => {
    const jobB = await jobWithShifts(ids.companyB);
    const tplB = await template("B only", ids.companyB);
    const c = await ctx(ids.colTemplates);
    for (const call of [
      () => createTemplate(c, { job_id: jobB.id, name: "Not mine" }),
      () => getTemplate(c, tplB.id),
      () => updateTemplate(c, tplB.id, { name: "Mine now" }),
      () => deleteTemplate(c, tplB.id),
      () => buildTemplateData(c, jobB.id, { date: "01/01/2027" }),
      () => createJobFromTemplate(c, tplB.id, { date: "01/01/2027" }),
    ]) {
      expect((await appErrorOf(call())).status).toBe(404);
    }
    expect(await templatesNamed("Not mine")).toBe(0);
    expect((await getTemplate(await ctx(ids.pm), tplB.id)).name).toBe("B only");
  });

  it("lets a client contact with the permission work on its own company only (403 for another)", async () => {
    const c = await ctx(ids.colTemplates);
    const own = await createTemplate(c, {
      name: "COL own",
      company_id: ids.companyA,
      data: data(),
    });
    expect(own.company_id).toBe(ids.companyA);
    const err = await appErrorOf(
      createTemplate(c, { name: "COL other", company_id: ids.companyB, data: data() }),
    );
    expect(err.status).toBe(403);
    const move = await appErrorOf(updateTemplate(c, own.id, { company_id: ids.companyB }));
    expect(move.status).toBe(403);
    expect(await templatesNamed("COL other")).toBe(0);
  });

  it("404s for an unknown or malformed id", async () => {
    const c = await ctx(ids.pm);
    for (const id of [999_999, "abc", -1, "1e99"])
      expect((await appErrorOf(getTemplate(c, id))).status).toBe(404);
  });
});

describe("bad json_data", () => {
  const bad: [string, unknown, string][] = [
    ["no shifts", { job: {} }, "data.shifts"],
    ["an empty shift list", { shifts: [] }, "data.shifts"],
    ["data that is not an object", "not json", "data"],
    [
      "a date in the wrong format",
      { shifts: [{ ...tshiftRaw(), startDate: "2026-12-01" }] },
      "data.shifts.0.startDate",
    ],
    [
      "an impossible date",
      { shifts: [{ ...tshiftRaw(), startDate: "31/11/2026" }] },
      "data.shifts.0.startDate",
    ],
    [
      "an hour that is not HH:mm",
      { shifts: [{ ...tshiftRaw(), endHour: "25:00" }] },
      "data.shifts.0.endHour",
    ],
    [
      "a quantity of 0",
      { shifts: [{ ...tshiftRaw(), skills: [{ skill_id: 1, qty: 0 }] }] },
      "data.shifts.0.skills.0.qty",
    ],
    [
      "a shift without skills",
      { shifts: [{ ...tshiftRaw(), skills: [] }] },
      "data.shifts.0.skills",
    ],
    ["a missing id", { shifts: [{ ...tshiftRaw(), id: undefined }] }, "data.shifts.0.id"],
    [
      "a job field of the wrong type",
      { job: { venue_id: "x" }, shifts: [tshiftRaw()] },
      "data.job.venue_id",
    ],
  ];

  function tshiftRaw() {
    return {
      id: 1,
      startDate: "01/12/2026",
      startHour: "08:00",
      endHour: "16:00",
      skills: [{ skill_id: 1, qty: 1 }],
      status: "active",
    };
  }

  it.each(bad)("refuses %s with 422 on the field and writes nothing", async (_, value, field) => {
    const err = await appErrorOf(
      createTemplate(await ctx(ids.pm), {
        name: "Bad data",
        company_id: ids.companyA,
        data: value,
      }),
    );
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {})).toContain(field);
    expect(await templatesNamed("Bad data")).toBe(0);
  });

  it("refuses unknown skills and a repeated skill in one shift", async () => {
    const c = await ctx(ids.pm);
    const unknown = await appErrorOf(
      createTemplate(c, {
        name: "Bad data",
        company_id: ids.companyA,
        data: data([tshift(1, "01/12/2026", "08:00", "16:00", [{ skill_id: 987_654, qty: 1 }])]),
      }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.errors).toHaveProperty("data.shifts.0.skills.0.skill_id");
    const twice = await appErrorOf(
      createTemplate(c, {
        name: "Bad data",
        company_id: ids.companyA,
        data: data([
          tshift(1, "01/12/2026", "08:00", "16:00", [
            { skill_id: ids.rigger, qty: 1 },
            { skill_id: ids.rigger, qty: 2 },
          ]),
        ]),
      }),
    );
    expect(twice.status).toBe(422);
    expect(twice.errors).toHaveProperty("data.shifts.0.skills");
    expect(await templatesNamed("Bad data")).toBe(0);
  });

  it("refuses a missing name, an unknown company, and bad data on update", async () => {
    const c = await ctx(ids.pm);
    const noName = await appErrorOf(createTemplate(c, { company_id: ids.companyA, data: data() }));
    expect(noName.status).toBe(422);
    expect(noName.errors).toHaveProperty("name");
    const noCompany = await appErrorOf(
      createTemplate(c, { name: "Bad data", company_id: 987_654, data: data() }),
    );
    expect(noCompany.status).toBe(422);
    expect(noCompany.errors).toHaveProperty("company_id");
    const tpl = await template("Keeps its data");
    const err = await appErrorOf(
      updateTemplate(c, tpl.id, {
        data: { shifts: [{ ...tshift(1, "01/12/2026"), startHour: "x" }] },
      }),
    );
    expect(err.status).toBe(422);
    expect((await getTemplate(c, tpl.id)).json_data.shifts).toEqual(tpl.json_data.shifts);
  });
});

describe("updateTemplate and deleteTemplate", () => {
  it(`answers "${TEMPLATE_EDITED}" and saves name and company`, async () => {
    const tpl = await template("Before");
    const result = await updateTemplate(await ctx(ids.pm), tpl.id, {
      name: "After",
      company_id: ids.companyB,
      created_by_id: ids.admin,
    });
    expect(result.message).toBe("Job template edited successfully");
    expect(result.template).toMatchObject({
      name: "After",
      company_id: ids.companyB,
      company_name: "Company B",
      created_by_id: ids.pm,
    });
    expect(result.template.json_data.job.company_id).toBe(ids.companyB);
    expect(result.template.json_data.shifts).toEqual(tpl.json_data.shifts);
    expect((await activityOf(tpl.id)).map((l) => l.description)).toEqual([
      "Created job template Before",
      "Edited job template After",
    ]);
  });

  it("renumbers the shifts after one is removed and keeps a changed quantity", async () => {
    const tpl = await template("Four days", ids.companyA, [
      tshift(1, "01/12/2026"),
      tshift(2, "02/12/2026"),
      tshift(3, "03/12/2026"),
      tshift(4, "04/12/2026"),
    ]);
    const edited = removeTemplateShift(tpl.json_data.shifts, 2).map((s) =>
      s.id === 3 ? { ...s, skills: [{ skill_id: ids.stagehand, qty: 9 }] } : s,
    );
    const { template: saved } = await updateTemplate(await ctx(ids.pm), tpl.id, {
      data: { ...tpl.json_data, shifts: edited },
    });
    expect(saved.shifts_count).toBe(3);
    expect(saved.json_data.shifts.map((s) => [s.id, s.startDate, s.skills[0].qty])).toEqual([
      [1, "01/12/2026", 2],
      [2, "03/12/2026", 2],
      [3, "04/12/2026", 9],
    ]);
  });

  it(`answers "${TEMPLATE_DELETED}", removes the template and logs it`, async () => {
    const tpl = await template("Short-lived");
    const result = await deleteTemplate(await ctx(ids.pm), tpl.id);
    expect(result).toEqual({ id: tpl.id, message: "Record deleted" });
    expect((await appErrorOf(getTemplate(await ctx(ids.pm), tpl.id))).status).toBe(404);
    expect((await appErrorOf(deleteTemplate(await ctx(ids.pm), tpl.id))).status).toBe(404);
    expect((await activityOf(tpl.id)).map((l) => l.description)).toContain(
      "Deleted job template Short-lived",
    );
  });
});

describe("buildTemplateData", () => {
  it("moves the job's shifts so the first starts on the date, across a year end", async () => {
    const job = await jobWithShifts();
    const built = await buildTemplateData(await ctx(ids.pm), job.id, { date: "30/12/2026" });
    expect(built.job).toMatchObject({ name: "Source job", company_id: ids.companyA });
    expect(built.shifts.map((s) => [s.id, s.startDate, s.startHour, s.endHour])).toEqual([
      [1, "30/12/2026", "22:00", "04:00"],
      [2, "01/01/2027", "08:00", "16:00"],
      [3, "03/01/2027", "10:00", "12:30"],
    ]);
    const same = await buildTemplateData(await ctx(ids.pm), job.id, {});
    expect(same.shifts.map((s) => s.startDate)).toEqual(["01/12/2026", "03/12/2026", "05/12/2026"]);
  });

  it("refuses a bad date with 422 and an unknown job with 404", async () => {
    const job = await jobWithShifts();
    const err = await appErrorOf(
      buildTemplateData(await ctx(ids.pm), job.id, { date: "2026-12-30" }),
    );
    expect(err.status).toBe(422);
    expect(err.errors).toHaveProperty("date");
    expect((await appErrorOf(buildTemplateData(await ctx(ids.pm), 999_999, {}))).status).toBe(404);
  });
});

describe("createJobFromTemplate", () => {
  it("builds a Published job of the template's company; overnight stays overnight across a month end", async () => {
    const tpl = await template("Month end", ids.companyB, [
      tshift(1, "10/01/2027", "22:00", "04:00", [{ skill_id: ids.rigger, qty: 2 }]),
      tshift(2, "12/01/2027", "08:00", "16:00"),
    ]);
    const job = await createJobFromTemplate(await ctx(ids.pm), tpl.id, { date: "30/04/2027" });
    expect(job.status).toBe("Published");
    expect(job.company).toEqual({ id: ids.companyB, name: "Company B" });
    expect(job.name).toBe("Gala crew");
    expect(job.shifts.map((s) => [s.start, s.end])).toEqual([
      ["2027-04-30T22:00:00+02:00", "2027-05-01T04:00:00+02:00"],
      ["2027-05-02T08:00:00+02:00", "2027-05-02T16:00:00+02:00"],
    ]);
    expect(job.shifts[0].shift_slots.map((s) => [s.skill_id, s.positions])).toEqual([
      [ids.rigger, 2],
    ]);
    const [log] = await handle.db
      .select()
      .from(schema.activityLog)
      .where(
        and(eq(schema.activityLog.subjectType, "jobs"), eq(schema.activityLog.subjectId, job.id)),
      );
    expect(log.causerId).toBe(ids.pm);
  });

  it("takes the name given, and the template's name when its job has none", async () => {
    const c = await ctx(ids.pm);
    const tpl = await template("Named");
    expect(
      (await createJobFromTemplate(c, tpl.id, { date: "01/02/2027", name: " Spring " })).name,
    ).toBe("Spring");
    const bare = await createTemplate(c, {
      name: "Bare template",
      company_id: ids.companyA,
      data: { shifts: [tshift(1, "01/12/2026")] },
    });
    const job = await createJobFromTemplate(c, bare.id, { date: "01/02/2027" });
    expect(job.name).toBe("Bare template");
    expect(job.country.id).toBe(ids.country);
  });

  it("applies the job rules: a start before today needs is_past, and a date is required", async () => {
    const c = await ctx(ids.pm);
    const tpl = await template("Past");
    const past = await appErrorOf(createJobFromTemplate(c, tpl.id, { date: "01/01/2026" }));
    expect(past.status).toBe(422);
    expect(past.type).toBe("past_shifts");
    const ok = await createJobFromTemplate(c, tpl.id, { date: "01/01/2026", is_past: true });
    expect(ok.shifts[0].start).toBe("2026-01-01T08:00:00+01:00");
    const noDate = await appErrorOf(createJobFromTemplate(c, tpl.id, {}));
    expect(noDate.status).toBe(422);
    expect(noDate.errors?.date).toEqual(["The date field is required."]);
  });

  it("needs job_create as well as job_template_access", async () => {
    const tpl = await template("No job_create");
    const c = await ctx(ids.templatesOnly);
    expect((await getTemplate(c, tpl.id)).name).toBe("No job_create");
    expect(
      (await appErrorOf(createJobFromTemplate(c, tpl.id, { date: "01/02/2027" }))).status,
    ).toBe(403);
  });

  it("lets a client contact with the permission create a job from its company's template", async () => {
    const tpl = await template("COL job");
    const job = await createJobFromTemplate(await ctx(ids.colTemplates), tpl.id, {
      date: "01/02/2027",
    });
    expect(job.company.id).toBe(ids.companyA);
  });
});

describe("job_template_access", () => {
  it.each([
    ["Freelancer", () => ids.worker],
    ["Client Contact (default permissions)", () => ids.colA],
    ["Crew Handler", () => ids.crewHandler],
  ])("refuses a %s on every verb with 403", async (_, who) => {
    const tpl = await template("Guarded");
    const job = await jobWithShifts();
    const c = await ctx(who());
    const calls = [
      () => listTemplates(c, {}),
      () => getTemplate(c, tpl.id),
      () => createTemplate(c, { name: "Sneaky", company_id: ids.companyA, data: data() }),
      () => createTemplate(c, { job_id: job.id, name: "Sneaky" }),
      () => updateTemplate(c, tpl.id, { name: "Sneaky" }),
      () => deleteTemplate(c, tpl.id),
      () => buildTemplateData(c, job.id, { date: "01/01/2027" }),
      () => createJobFromTemplate(c, tpl.id, { date: "01/01/2027" }),
    ];
    for (const call of calls) expect((await appErrorOf(call())).status).toBe(403);
    expect(await templatesNamed("Sneaky")).toBe(0);
    expect((await getTemplate(await ctx(ids.admin), tpl.id)).name).toBe("Guarded");
  });
});

describe("REST /api/v2/job-templates (route files)", () => {
  let token: string;
  let workerToken: string;

  async function login(userId: number) {
    const [u] = await handle.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    const res = await callRoute(loginRoute.POST, "auth/login", {
      method: "POST",
      json: { email: u.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    return (res.body as { data: { token: { access_token: string } } }).data.token.access_token;
  }

  beforeAll(async () => {
    setDatabaseForTests(handle);
    token = await login(ids.pm);
    workerToken = await login(ids.worker);
  });

  it("creates (201), lists (8 a page), reads, edits, builds a job from and deletes a template", async () => {
    const created = await callRoute(listRoute.POST, "job-templates", {
      method: "POST",
      token,
      json: {
        name: "REST template",
        company_id: ids.companyA,
        data: data([tshift(1, "01/12/2026", "22:00", "04:00")]),
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: number } }).data.id;
    const params = { id: String(id) };

    const list = await callRoute(listRoute.GET, "job-templates?filter[name]=REST", { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      data: [{ id, name: "REST template", shifts_count: 1 }],
      meta: { current_page: 1, per_page: 8, total: 1 },
    });

    const one = await callRoute(itemRoute.GET, `job-templates/${id}`, { token, params });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ data: { id, json_data: { shifts: [{ id: 1 }] } } });

    const put = await callRoute(itemRoute.PUT, `job-templates/${id}`, {
      method: "PUT",
      token,
      params,
      json: { name: "REST renamed", company_id: ids.companyA },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ data: { message: "Job template edited successfully" } });

    const job = await callRoute(createJobRoute.POST, `job-templates/${id}/create-job`, {
      method: "POST",
      token,
      params,
      json: { date: "31/01/2027" },
    });
    expect(job.status).toBe(201);
    expect(job.body).toMatchObject({
      data: {
        status: "Published",
        shifts: [{ start: "2027-01-31T22:00:00+01:00", end: "2027-02-01T04:00:00+01:00" }],
      },
    });
    const jobId = (job.body as { data: { id: number } }).data.id;

    const built = await callRoute(
      buildRoute.GET,
      `jobs/build-template-data/${jobId}?date=01/03/2027`,
      { token, params: { jobId: String(jobId) } },
    );
    expect(built.status).toBe(200);
    expect(built.body).toMatchObject({
      data: { shifts: [{ id: 1, startDate: "01/03/2027", startHour: "22:00", endHour: "04:00" }] },
    });

    const del = await callRoute(itemRoute.DELETE, `job-templates/${id}`, {
      method: "DELETE",
      token,
      params,
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ data: { id, message: "Record deleted" } });
    const gone = await callRoute(itemRoute.GET, `job-templates/${id}`, { token, params });
    expect(gone.status).toBe(404);
  });

  it("answers 401 without a token, 403 for a worker, 422 for bad data, 400 for bad JSON", async () => {
    expect((await callRoute(listRoute.GET, "job-templates")).status).toBe(401);
    expect((await callRoute(listRoute.GET, "job-templates", { token: workerToken })).status).toBe(
      403,
    );
    const bad = await callRoute(listRoute.POST, "job-templates", {
      method: "POST",
      token,
      json: { name: "REST bad", company_id: ids.companyA, data: { shifts: [] } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      type: "validation_error",
      errors: { "data.shifts": [expect.any(String)] },
    });
    const malformed = await callRoute(listRoute.POST, "job-templates", {
      method: "POST",
      token,
      rawBody: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect(await templatesNamed("REST bad")).toBe(0);
  });
});
