import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { formatRange } from "@/lib/domain/format";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import { crewListModel, crewListPdf } from "./index";
import * as pdfRoute from "@/app/api/v2/crew-list-pdf/[jobId]/route";
import * as jobStatusRoute from "@/app/api/v2/job-crew-status/[id]/route";
import * as shiftStatusRoute from "@/app/api/v2/shift-crew-status/[id]/route";
import * as afterBookRoute from "@/app/api/v2/jobs/[id]/updateAfterBook/route";
import {
  TZ,
  as,
  at,
  db,
  deletedShift,
  jobA,
  jobB,
  nordic,
  pageCount,
  setUpCrewDatabase,
  w,
} from "./crew.test-support";

setUpCrewDatabase();

describe("crew list", () => {
  it("lists the crew (filled statuses only) per shift with the default fields", async () => {
    const model = await crewListModel(await as(w.admin), jobA.id, {});
    const [s1, s2] = jobA.shifts;
    expect(model.title).toBe("Crew job A");
    expect(model.company).toBe("Company A");
    expect(model.columns.map((c) => c.key)).toEqual(["name", "phone", "skill", "status"]);
    expect(model.sections.map((s) => s.shiftIds)).toEqual([[s1.id], [s2.id]]);
    expect(model.sections[0].heading).toBe("10/12/2026 08:00 – 12:00");
    expect(model.sections[0].rows).toEqual([
      ["Bea Worker", "+45 11 22 33 44", "Stagehand", "Booked"],
      ["Di Worker", "", "Stagehand", "Request accepted"],
      ["Fi Worker", "", "Rigger", "Reported"],
    ]);
    expect(model.sections[1].rows).toEqual([
      ["Bea Worker", "+45 11 22 33 44", "Stagehand", "Booked"],
    ]);
    expect(model.crewCount).toBe(4);
  });

  it("honours the shifts filter, as a comma list or repeated", async () => {
    const [s1, s2] = jobA.shifts;
    const only2 = await crewListModel(await as(w.admin), jobA.id, { shifts: String(s2.id) });
    expect(only2.sections.map((s) => s.shiftIds)).toEqual([[s2.id]]);
    expect(only2.crewCount).toBe(1);
    const both = await crewListModel(await as(w.admin), jobA.id, {
      shifts: [String(s2.id), String(s1.id)],
    });
    expect(both.sections.map((s) => s.shiftIds)).toEqual([[s1.id], [s2.id]]);
    const comma = await crewListModel(await as(w.admin), jobA.id, { shifts: `${s1.id},${s2.id}` });
    expect(comma.crewCount).toBe(4);
  });

  it("groups by skill with a shift column, and shows check-in–out and reported hours", async () => {
    const model = await crewListModel(await as(w.admin), jobA.id, {
      fields: "name,skill,check_in,hours",
      group_by: "skill",
    });
    expect(model.columns.map((c) => c.key)).toEqual(["shift", "name", "check_in", "hours"]);
    expect(model.sections.map((s) => s.heading)).toEqual(["Stagehand", "Rigger"]);
    const [s1, s2] = jobA.shifts;
    const label1 = formatRange(at(10, 8), at(10, 12), TZ);
    const label2 = formatRange(at(11, 8), at(11, 12), TZ);
    expect(model.sections[0].shiftIds).toEqual([s1.id, s2.id]);
    expect(model.sections[0].rows).toEqual([
      [label1, "Bea Worker", "07:55", ""],
      [label1, "Di Worker", "", ""],
      [label2, "Bea Worker", "", ""],
    ]);
    expect(model.sections[1].rows).toEqual([
      [label1, "Fi Worker", "08:05–11:32", "08:00–11:30 (3 h 30 min)"],
    ]);
  });

  it("refuses unknown fields, group_by values and shifts of other jobs with 422", async () => {
    const ctx = await as(w.admin);
    const badField = await appErrorOf(crewListPdf(ctx, jobA.id, { fields: "name,salary" }));
    expect(badField.status).toBe(422);
    expect(badField.message).toContain('"salary"');
    expect(badField.errors?.fields?.[0]).toMatch(/choose from name, phone, email/);
    const badGroup = await appErrorOf(crewListPdf(ctx, jobA.id, { group_by: "worker" }));
    expect(badGroup.status).toBe(422);
    expect(badGroup.message).toBe('group_by must be "shift" or "skill".');
    const foreign = await appErrorOf(crewListPdf(ctx, jobA.id, { shifts: jobB.shifts[0].id }));
    expect(foreign.status).toBe(422);
    expect(foreign.errors?.shifts).toBeDefined();
    const removed = await appErrorOf(crewListPdf(ctx, jobA.id, { shifts: deletedShift }));
    expect(removed.status).toBe(422);
    const junk = await appErrorOf(crewListPdf(ctx, jobA.id, { shifts: "1;drop" }));
    expect(junk.status).toBe(422);
  });

  it("renders a PDF named after the job", async () => {
    const { buffer, filename } = await crewListPdf(await as(w.colA), jobA.id, {});
    expect(buffer.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(filename).toBe("Crew job A crewlist.pdf");
    expect(pageCount(buffer)).toBe(1);
  });

  it("runs a long crew over several pages", async () => {
    const { buffer, filename } = await crewListPdf(await as(w.admin), nordic.id, {
      fields: "name,phone,email,skill,status,check_in,hours",
    });
    expect(filename).toBe("Øresund Fest / Malmö crewlist.pdf");
    expect(pageCount(buffer)).toBeGreaterThan(1);
  });

  it("is 404 for another company's client contact and 403 for a worker", async () => {
    expect((await appErrorOf(crewListPdf(await as(w.colB), jobA.id, {}))).status).toBe(404);
    expect((await appErrorOf(crewListPdf(await as(w.worker), jobA.id, {}))).status).toBe(403);
  });
});

describe("REST", () => {
  const token = async (userId: number) =>
    (await issueApiToken(db, userId, new Date())).access_token;

  async function getPdf(path: string, jobId: number, bearer: string) {
    const request = new NextRequest(new URL(path, "http://localhost"), {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return pdfRoute.GET(request, { params: Promise.resolve({ jobId: String(jobId) }) });
  }

  it("answers the crew list as a PDF attachment", async () => {
    const [s1] = jobA.shifts;
    const res = await getPdf(
      `/api/v2/crew-list-pdf/${jobA.id}?shifts=${s1.id}&fields=name,phone&group_by=skill`,
      jobA.id,
      await token(w.crewHandler),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Crew job A crewlist.pdf"; filename*=UTF-8''Crew%20job%20A%20crewlist.pdf`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
  });

  it("names a non-ASCII file with filename* (RFC 5987)", async () => {
    const res = await getPdf(`/api/v2/crew-list-pdf/${nordic.id}`, nordic.id, await token(w.admin));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="_resund Fest _ Malm_ crewlist.pdf"; ` +
        `filename*=UTF-8''%C3%98resund%20Fest%20_%20Malm%C3%B6%20crewlist.pdf`,
    );
  });

  it("answers bad fields with a 422 JSON error, another company with 404, a worker with 403", async () => {
    const bad = await getPdf(
      `/api/v2/crew-list-pdf/${jobA.id}?fields=name,age`,
      jobA.id,
      await token(w.admin),
    );
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toContain('"age"');
    expect(body.errors.fields).toHaveLength(1);
    expect(
      (await getPdf(`/api/v2/crew-list-pdf/${jobA.id}`, jobA.id, await token(w.colB))).status,
    ).toBe(404);
    expect(
      (await getPdf(`/api/v2/crew-list-pdf/${jobA.id}`, jobA.id, await token(w.worker))).status,
    ).toBe(403);
    const anonymous = await pdfRoute.GET(
      new NextRequest(`http://localhost/api/v2/crew-list-pdf/${jobA.id}`),
      {
        params: Promise.resolve({ jobId: String(jobA.id) }),
      },
    );
    expect(anonymous.status).toBe(401);
  });

  it("serves the status reads in the data envelope", async () => {
    const bearer = await token(w.colA);
    const job = await callRoute(jobStatusRoute.GET, `job-crew-status/${jobA.id}`, {
      token: bearer,
      params: { id: String(jobA.id) },
    });
    expect(job.status).toBe(200);
    expect((job.body as { data: { filled: number } }).data.filled).toBe(4);
    const shift = await callRoute(shiftStatusRoute.GET, `shift-crew-status/${jobA.shifts[0].id}`, {
      token: bearer,
      params: { id: String(jobA.shifts[0].id) },
    });
    expect((shift.body as { data: { slots: unknown[] } }).data.slots).toHaveLength(2);
    const after = await callRoute(afterBookRoute.GET, `jobs/${jobA.id}/updateAfterBook`, {
      token: bearer,
      params: { id: String(jobA.id) },
    });
    expect((after.body as { data: { status: string } }).data.status).toBe("Published");
    const other = await callRoute(jobStatusRoute.GET, `job-crew-status/${jobB.id}`, {
      token: bearer,
      params: { id: String(jobB.id) },
    });
    expect(other.status).toBe(404);
  });
});
