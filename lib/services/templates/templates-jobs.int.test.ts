import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { schema, setDatabaseForTests } from "@/db";
import { TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import * as loginRoute from "@/app/api/v2/auth/login/route";
import * as listRoute from "@/app/api/v2/job-templates/route";
import * as itemRoute from "@/app/api/v2/job-templates/[id]/route";
import * as createJobRoute from "@/app/api/v2/job-templates/[id]/create-job/route";
import * as buildRoute from "@/app/api/v2/jobs/build-template-data/[jobId]/route";
import {
  buildTemplateData,
  createJobFromTemplate,
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from "./index";
import {
  ctx,
  data,
  handle,
  ids,
  jobWithShifts,
  template,
  templatesNamed,
  tshift,
  setUpTemplatesDatabase,
} from "./templates.test-support";

setUpTemplatesDatabase();

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
