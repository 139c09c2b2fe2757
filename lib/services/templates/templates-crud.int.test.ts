import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { removeTemplateShift } from "@/lib/domain/job-template";
import { appErrorOf } from "@/lib/testing/app-error";
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
import {
  activityOf,
  ctx,
  data,
  handle,
  ids,
  jobWithShifts,
  now,
  template,
  templatesNamed,
  tshift,
  setUpTemplatesDatabase,
} from "./templates.test-support";

setUpTemplatesDatabase();

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
