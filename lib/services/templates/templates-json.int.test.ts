import { describe, expect, it } from "vitest";
import { appErrorOf } from "@/lib/testing/app-error";
import { buildTemplateData, createTemplate, getTemplate, updateTemplate } from "./index";
import {
  ctx,
  data,
  ids,
  jobWithShifts,
  template,
  templatesNamed,
  tshift,
  setUpTemplatesDatabase,
} from "./templates.test-support";

setUpTemplatesDatabase();

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
