import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as fetchRoute from "@/app/api/v2/job-quotes/fetch/route";
import * as itemRoute from "@/app/api/v2/job-quotes/[id]/route";
import * as saveRoute from "@/app/api/v2/job-quotes/save/route";
import * as editRoute from "@/app/api/v2/job-quotes/edit/route";
import * as clientDataRoute from "@/app/api/v2/job-quotes/get-client-data/route";
import * as deleteRoute from "@/app/api/v2/job-quotes/delete/route";
import * as sendRoute from "@/app/api/v2/job-quotes/send/route";
import * as acceptRoute from "@/app/api/v2/job-quotes/accept/route";
import * as declineRoute from "@/app/api/v2/job-quotes/decline/route";
import * as convertRoute from "@/app/api/v2/job-quotes/convert/route";
import * as pdfRoute from "@/app/api/v2/job-quotes/generate/[id]/route";
import { putSetting } from "@/lib/services/settings";
import { pdfTextOf } from "@/lib/services/pdf/read.test-support";

let handle: DbHandle;
let db: Db;
let pm: string;
let client: string;
let otherClient: string;
let worker: string;
let companyId: number;
let branchId: number;
let skillId: number;
const year = new Date().getUTCFullYear() + 1;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { country, company } = await createCountryAndCompany(db, "Nordlys Events");
  companyId = company.id;
  const [other] = await db
    .insert(schema.companies)
    .values({ name: "Other Co", countryId: country.id })
    .returning();
  [{ id: branchId }] = await db
    .insert(schema.branches)
    .values({ name: "Copenhagen", countryId: country.id })
    .returning();
  [{ id: skillId }] = await db.insert(schema.skills).values({ name: "Stagehand" }).returning();
  await db.insert(schema.clientRates).values({
    companyId,
    branchId,
    skillId,
    currencyCode: "DKK",
    standardPrice: 30000,
  });
  pm = await tokenFor(ROLE.projectManager);
  client = await tokenFor(ROLE.client, { companyId });
  otherClient = await tokenFor(ROLE.client, { companyId: other.id });
  worker = await tokenFor(ROLE.worker);
});
afterAll(async () => {
  await handle?.close();
});

const post = (route: { POST: RouteHandler }, path: string, json: unknown, c: ApiCall = {}) =>
  callRoute(route.POST, path, { method: "POST", token: pm, json, ...c });
const get = (id: number | string, c: ApiCall = {}) =>
  callRoute(itemRoute.GET, `job-quotes/${id}`, { token: pm, ...c, params: { id: String(id) } });

const body = {
  name: "Winter party",
  company_id: 0,
  branch_id: 0,
  address: "Vesterbrogade 1",
  valid_until: `${year}-01-31`,
  lines: [{ date: `${year}-01-20`, start: "18:00", end: "02:00", skill_id: 0, positions: 2 }],
};
const bodyNow = () => ({
  ...body,
  company_id: companyId,
  branch_id: branchId,
  lines: [{ ...body.lines[0], skill_id: skillId }],
});

interface QuoteData {
  id: number;
  number: string;
  status: string;
  totals: { total: number };
  lines: { split: string; amount: number }[];
  job: { id: number } | null;
}

describe("quotes over REST", () => {
  it("saves (201), reads, lists, sends, accepts and converts a quote", async () => {
    const saved = await post(saveRoute, "job-quotes/save", bodyNow());
    expect(saved.status).toBe(201);
    const q = (saved.body as { data: QuoteData }).data;
    expect(q.number).toBe(`Q-${new Date().getUTCFullYear()}-0001`);
    expect(q.lines[0]).toMatchObject({ split: "8 h standard", amount: 480000 });

    const one = await get(q.id);
    expect([one.status, (one.body as { data: QuoteData }).data.id]).toEqual([200, q.id]);

    const list = await callRoute(fetchRoute.GET, "job-quotes/fetch?filter[search]=winter", {
      token: pm,
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: [{ id: q.id }], meta: { per_page: 10, total: 1 } });

    const data = await post(clientDataRoute, "job-quotes/get-client-data", {
      company_id: companyId,
    });
    expect(data.status).toBe(200);
    expect(
      (data.body as { data: { branches: { id: number; priced_skill_ids: number[] }[] } }).data
        .branches,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: branchId, priced_skill_ids: [skillId] }),
      ]),
    );

    expect((await get(q.id, { token: client })).status).toBe(404); // a Draft is not the client's yet
    expect((await post(sendRoute, "job-quotes/send", { quoteId: q.id })).status).toBe(200);
    expect((await get(q.id, { token: client })).status).toBe(200);
    expect((await get(q.id, { token: otherClient })).status).toBe(404);
    expect(
      (await post(acceptRoute, "job-quotes/accept", { quoteId: q.id }, { token: otherClient }))
        .status,
    ).toBe(404);

    const accepted = await post(
      acceptRoute,
      "job-quotes/accept",
      { quoteId: q.id, comment: "Yes" },
      { token: client },
    );
    expect([accepted.status, (accepted.body as { data: QuoteData }).data.status]).toEqual([
      200,
      "Accepted",
    ]);
    const edit = await post(editRoute, "job-quotes/edit", { ...bodyNow(), quoteId: q.id });
    expect(edit.status).toBe(409);

    const converted = await post(convertRoute, "job-quotes/convert", { quoteId: q.id });
    expect(converted.status).toBe(200);
    const jobId = (converted.body as { data: QuoteData & { job_id: number } }).data.job_id;
    const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, jobId));
    expect(job.status).toBe("Draft");
    const again = await post(convertRoute, "job-quotes/convert", { quoteId: q.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: "This quote has already become a job." });

    const archived = await post(deleteRoute, "job-quotes/delete", { quoteId: q.id });
    expect(archived.status).toBe(200);
    expect((archived.body as { data: { archived: boolean } }).data.archived).toBe(true);
  });

  it("declines with a comment, answers 401/403/404/422 where it should", async () => {
    const q = ((await post(saveRoute, "job-quotes/save", bodyNow())).body as { data: QuoteData })
      .data;
    await post(sendRoute, "job-quotes/send", { quoteId: q.id });
    const declined = await post(
      declineRoute,
      "job-quotes/decline",
      { quoteId: q.id, comment: "No" },
      { token: client },
    );
    expect([declined.status, (declined.body as { data: QuoteData }).data.status]).toEqual([
      200,
      "Declined",
    ]);

    expect((await callRoute(fetchRoute.GET, "job-quotes/fetch")).status).toBe(401);
    expect((await callRoute(fetchRoute.GET, "job-quotes/fetch", { token: worker })).status).toBe(
      403,
    );
    expect((await get(q.id, { token: worker })).status).toBe(403);
    expect((await post(saveRoute, "job-quotes/save", bodyNow(), { token: client })).status).toBe(
      403,
    );
    expect((await get("999999")).status).toBe(404);
    expect((await get("abc")).status).toBe(404);
    const bad = await post(saveRoute, "job-quotes/save", { ...bodyNow(), lines: [] });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      errors: { lines: ["A quote needs at least one line of work."] },
    });
    expect((await post(deleteRoute, "job-quotes/delete", { quoteId: "x" })).status).toBe(422);
  });

  it("downloads the quote as a PDF: the letterhead, client, lines with bands, totals and terms", async () => {
    await putSetting(db, "agency_name", "Crewdeck Staffing ApS");
    await putSetting(db, "agency_quote_terms", "Payment within 14 days of the invoice.");
    const q = (
      (await post(saveRoute, "job-quotes/save", { ...bodyNow(), notes: "Crew boss included." }))
        .body as { data: QuoteData }
    ).data;
    const pdf = (id: number | string, token = pm) =>
      callRoute(pdfRoute.GET, `job-quotes/generate/${id}`, { token, params: { id: String(id) } });
    const res = await pdf(q.id);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`filename="Quote-${q.number}.pdf"`);
    const text = await pdfTextOf(res.bytes);
    for (const words of [
      "Crewdeck Staffing ApS",
      `Quote ${q.number}`,
      "Winter party",
      "Nordlys Events",
      "18:00–02:00 (+1 day)",
      "Stagehand",
      q.lines[0].split,
      "Crew boss included.",
      "Payment within 14 days of the invoice.",
    ])
      expect(text).toContain(words);
    expect(text).toMatch(/Total DKK [\d,]+\.\d\d DKK/);
    // A client contact reads a Draft of its own company nowhere; a worker is refused; bad ids 404.
    expect((await pdf(q.id, client)).status).toBe(404);
    expect((await pdf(q.id, worker)).status).toBe(403);
    expect((await pdf("abc")).status).toBe(404);
    expect((await pdf(99_999_999)).status).toBe(404);
    // Once sent, the client's contact downloads it; another company's contact still cannot.
    expect((await post(sendRoute, "job-quotes/send", { quoteId: q.id })).status).toBe(200);
    expect((await pdf(q.id, client)).status).toBe(200);
    expect((await pdf(q.id, otherClient)).status).toBe(404);
  });
});
