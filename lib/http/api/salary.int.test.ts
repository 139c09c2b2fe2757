import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { workerKit } from "@/lib/testing/worker-fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as missingRoute from "@/app/api/v2/skillsForMissingRates/route";
import * as jobSalariesRoute from "@/app/api/v2/jobs/salaries/route";
import * as salaryRoute from "@/app/api/v2/salary/route";
import * as reportRoute from "@/app/api/v2/salaryReport/route";
import * as summaryRoute from "@/app/api/v2/salary-reports-summary/route";
import * as payRoute from "@/app/api/v2/salary/pay/route";
import * as slipRoute from "@/app/api/v2/salary/slip/route";
import * as slipsRoute from "@/app/api/v2/salary/slips/route";
import JSZip from "jszip";
import { pdfTextOf } from "@/lib/services/pdf/read.test-support";
import { expectErrorBody } from "./contract.test-support";

let handle: DbHandle;
let db: Db;
let k: Awaited<ReturnType<typeof workerKit>>;
const now = new Date("2026-11-20T12:00:00Z");
const NOV = { from: "2026-11-01", to: "2026-11-30" };
let admin: string;
let pm: string;
let workerToken: string;
let workerId: number;
let jobId: number;
let unratedJobId: number;

const token = async (userId: number) => (await issueApiToken(db, userId, new Date())).access_token;

async function approvedHours(skill: number, worker: number, from: number, hours: number) {
  const s = await k.oneShift(skill, from, { branches: [k.branchA] });
  const [app] = await db
    .insert(schema.applications)
    .values({ shiftSlotId: s.slotId, shiftId: s.shiftId, assigneeId: worker, status: "Approved" })
    .returning();
  const startsAt = k.at(from);
  await db.insert(schema.reportedHours).values({
    applicationId: app.id,
    shiftSlotId: s.slotId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + hours * 3_600_000),
    approvedAt: now,
  });
  return s;
}

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  k = await workerKit(db, now);
  const skill = await k.newSkill();
  const unrated = await k.newSkill();
  workerId = await k.newWorker([skill, unrated]);
  await db
    .insert(schema.workerRates)
    .values({ skillId: skill, branchId: k.branchA, currencyCode: "DKK", amount: 12000 });
  jobId = (await approvedHours(skill, workerId, -200, 5)).jobId;
  unratedJobId = (await approvedHours(unrated, workerId, -150, 2)).jobId;
  admin = await token(k.w.admin);
  pm = await token(k.w.pm);
  workerToken = await token(workerId);
});
afterAll(async () => {
  await handle?.close();
});

const post = (handler: typeof payRoute.POST, path: string, json: unknown, t = admin) =>
  callRoute(handler, path, { method: "POST", token: t, json });

describe("salary calls over REST", () => {
  it("POST jobs/salaries builds the lines and answers the link; 410 MissingRates names skills", async () => {
    const ok = await post(jobSalariesRoute.POST, "jobs/salaries", { jobId, replaceZero: false });
    expect(ok.status).toBe(200);
    expect((ok.body as { data: unknown }).data).toMatchObject({
      link: `/salaryreports?job=${jobId}`,
      lines: 1,
    });
    const missing = await post(jobSalariesRoute.POST, "jobs/salaries", { jobId: unratedJobId });
    expect(missing.status).toBe(410);
    const body = missing.body as {
      type: string;
      message: string;
      skills: { id: number; name: string }[];
      details: { skills: unknown[] };
    };
    expect(body.type).toBe("MissingRates");
    expect(body.message).toMatch(/no worker rate/);
    // As every MissingRates answer: the skills at the top, the workers in the details.
    expect(body.skills).toEqual([{ id: expect.any(Number), name: expect.any(String) }]);
    expect(body.details.skills).toHaveLength(1);
    const denied = await post(jobSalariesRoute.POST, "jobs/salaries", { jobId }, pm);
    expect(denied.status).toBe(403);
    expectErrorBody(denied);
    const bad = await post(jobSalariesRoute.POST, "jobs/salaries", { jobId: "abc" });
    expect(bad.status).toBe(422);
    const malformed = await callRoute(jobSalariesRoute.POST, "jobs/salaries", {
      method: "POST",
      token: admin,
      rawBody: "{not json",
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });

  it("POST skillsForMissingRates lists the unrated skill", async () => {
    const res = await post(missingRoute.POST, "skillsForMissingRates", {
      ...NOV,
      branch_id: k.branchA,
    });
    expect(res.status).toBe(200);
    const data = (res.body as { data: { skills: { workers: { id: number }[] }[] } }).data;
    expect(data.skills).toHaveLength(1);
    expect(data.skills[0].workers[0].id).toBe(workerId);
    expect((await post(missingRoute.POST, "skillsForMissingRates", NOV, workerToken)).status).toBe(
      403,
    );
  });

  it("GET salary pages the overview; a worker gets 403", async () => {
    const res = await callRoute(
      salaryRoute.GET,
      `salary?filter[from]=${NOV.from}&filter[to]=${NOV.to}&sort=-hours`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    const body = res.body as { data: { user_id: number; hours: number }[]; meta: unknown };
    expect(body.data).toEqual([expect.objectContaining({ user_id: workerId, hours: 5 })]);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 10, total: 1, last_page: 1 });
    const denied = await callRoute(
      salaryRoute.GET,
      `salary?filter[from]=${NOV.from}&filter[to]=${NOV.to}`,
      { token: workerToken },
    );
    expect(denied.status).toBe(403);
    const bad = await callRoute(salaryRoute.GET, `salary?filter[from]=yesterday`, { token: admin });
    expect(bad.status).toBe(422);
  });

  it("GET salaryReport: a worker reads its own lines, not the job's", async () => {
    const own = await callRoute(reportRoute.GET, `salaryReport?user_id=${workerId}`, {
      token: workerToken,
    });
    expect(own.status).toBe(200);
    expect((own.body as { data: { lines: { amount: number }[] } }).data.lines).toEqual([
      expect.objectContaining({ amount: 60000 }),
    ]);
    const job = await callRoute(reportRoute.GET, `salaryReport?job_id=${jobId}`, {
      token: workerToken,
    });
    expect(job.status).toBe(403);
  });

  it("POST salary-reports-summary and POST salary/pay", async () => {
    const sum = await post(summaryRoute.POST, "salary-reports-summary", NOV);
    expect(sum.status).toBe(200);
    expect((sum.body as { data: { totals: { amount: number }[] } }).data.totals).toEqual([
      expect.objectContaining({ currency_code: "DKK", amount: 60000 }),
    ]);
    expect(
      (await post(payRoute.POST, "salary/pay", { ...NOV, user_id: workerId }, pm)).status,
    ).toBe(403);
    const paid = await post(payRoute.POST, "salary/pay", { ...NOV, user_id: workerId });
    expect(paid.status).toBe(200);
    expect((paid.body as { data: { paid: number } }).data.paid).toBe(1);
    const none = await post(payRoute.POST, "salary/pay", NOV);
    expect(none.status).toBe(422);
    expect(expectErrorBody(none).message).toBe("Give a user_id or line_ids.");
  });

  it("GET salary/slip: the worker's own pay slip as a PDF; GET salary/slips: the period's as a ZIP", async () => {
    const slip = (query: string, t = workerToken) =>
      callRoute(slipRoute.GET, `salary/slip?${query}`, { token: t });
    const own = await slip(`user_id=self&from=${NOV.from}&to=${NOV.to}`);
    expect(own.status).toBe(200);
    expect(own.contentType).toBe("application/pdf");
    const [name] = await db
      .select({ name: schema.users.name })
      .from(schema.users)
      .where(eq(schema.users.id, workerId));
    expect(own.headers.get("content-disposition")).toContain(
      `filename="Pay slip November 2026 - ${name.name}.pdf"`,
    );
    const text = await pdfTextOf(own.bytes);
    // Paid in the test before: final, 5 h at 120.00/h, and no computed tax.
    for (const words of ["Pay slip November 2026", name.name, "5 h standard", "120.00/h"])
      expect(text).toContain(words);
    expect(text).toContain("600.00 DKK");
    expect(text).toMatch(/Status Paid \d\d\/\d\d\/\d{4}/);
    expect(text).toContain("Tax, pension and other deductions are not computed");
    // Someone else's slip: 403 for a worker, fine for salary_access; empty period 404; bad 422.
    expect((await slip(`user_id=${k.w.admin}&from=${NOV.from}&to=${NOV.to}`)).status).toBe(403);
    expect((await slip(`user_id=${workerId}&from=${NOV.from}&to=${NOV.to}`, admin)).status).toBe(
      200,
    );
    expect((await slip(`user_id=self&from=2025-01-01&to=2025-01-31`)).status).toBe(404);
    expect((await slip(`user_id=self&from=soon&to=${NOV.to}`)).status).toBe(422);

    const zip = (query: string, t = admin) =>
      callRoute(slipsRoute.GET, `salary/slips?${query}`, { token: t });
    const all = await zip(`from=${NOV.from}&to=${NOV.to}&branch_id=${k.branchA}`);
    expect(all.status).toBe(200);
    expect(all.contentType).toBe("application/zip");
    const files = await JSZip.loadAsync(all.bytes);
    const names = Object.keys(files.files);
    expect(names).toEqual([`Pay slip November 2026 - ${name.name}.pdf`]);
    const inner = await files.file(names[0])!.async("uint8array");
    expect(await pdfTextOf(inner)).toContain("600.00 DKK");
    expect((await zip(`from=${NOV.from}&to=${NOV.to}&branch_id=${k.branchA}`, pm)).status).toBe(
      403,
    );
    expect((await zip(`from=${NOV.from}&to=${NOV.to}&branch_id=99999`)).status).toBe(404);
    expect((await zip(`from=2025-01-01&to=2025-01-31&branch_id=${k.branchA}`)).status).toBe(404);
    expect((await zip(`from=${NOV.from}&to=${NOV.to}`)).status).toBe(422);
  });
});
