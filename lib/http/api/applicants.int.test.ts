import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as listRoute from "@/app/api/v2/applicants/route";
import * as approveRoute from "@/app/api/v2/applicants/approve/route";
import * as countRoute from "@/app/api/v2/applicants/count/route";
import * as promotedRoute from "@/app/api/v2/applicants/recently-promoted/route";
import * as reviewRoute from "@/app/api/v2/documents/[id]/review/route";
import * as approvalsRoute from "@/app/api/v2/approvals/route";

let handle: DbHandle;
let db: Db;
let staff: string;
let client: string;
let worker: string;
let applicantId: number;
let documentId: number;

const tokenFor = async (role: RoleTitle, extra: { companyId?: number } = {}) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], ...extra })).id, new Date()))
    .access_token;
const call = (handler: RouteHandler, path: string, c: ApiCall) => callRoute(handler, path, c);
const body = (res: { body: unknown }) => res.body as { data: unknown; message?: string };

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  const { company } = await createCountryAndCompany(db, "Api Applicants Co");
  staff = await tokenFor(ROLE.crewHandler);
  client = await tokenFor(ROLE.client, { companyId: company.id });
  worker = await tokenFor(ROLE.worker);
  applicantId = (await createUser(db, { roles: [ROLE.worker], approved: false })).id;
  const [type] = await db.insert(schema.documentTypes).values({ name: "ID card" }).returning();
  const [doc] = await db
    .insert(schema.documents)
    .values({
      userId: applicantId,
      documentTypeId: type.id,
      fileName: "id.png",
      storageKey: "k/id",
      mimeType: "image/png",
      sizeBytes: 10,
    })
    .returning();
  documentId = doc.id;
});
afterAll(async () => {
  await handle?.close();
});

describe("/api/v2/applicants", () => {
  it("GET lists with { data, meta }, count and recently-promoted answer; others 403", async () => {
    const list = await call(listRoute.GET, "applicants?filter[search]=Test", { token: staff });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      data: [{ id: applicantId, documents: { pending: 1, approved: 0, declined: 0 } }],
      meta: { current_page: 1, per_page: 10, total: 1 },
    });
    const count = await call(countRoute.GET, "applicants/count", { token: staff });
    expect(body(count).data).toEqual({ count: 1 });
    expect((await call(listRoute.GET, "applicants?perPage=x", { token: staff })).status).toBe(422);
    for (const token of [client, worker]) {
      expect((await call(listRoute.GET, "applicants", { token })).status).toBe(403);
      expect((await call(countRoute.GET, "applicants/count", { token })).status).toBe(403);
    }
    expect((await call(countRoute.GET, "applicants/count", {})).status).toBe(401);
  });

  it("POST approve: 422 bad body, 403 worker, 200 with the spec's message, then 409", async () => {
    const post = (token: string, c: Partial<ApiCall>) =>
      call(approveRoute.POST, "applicants/approve", { method: "POST", token, ...c });
    expect((await post(staff, { rawBody: "{oops" })).status).toBe(400);
    expect((await post(staff, { json: { applicant_id: "x" } })).status).toBe(422);
    expect((await post(worker, { json: { applicant_id: applicantId } })).status).toBe(403);
    const ok = await post(staff, { json: { applicant_id: applicantId } });
    expect(ok.status).toBe(200);
    expect(body(ok).data).toMatchObject({ id: applicantId, message: "User approved succesfully." });
    const again = await post(staff, { json: { applicant_id: applicantId } });
    expect(again.status).toBe(409);
    expect(body(again).message).toBe("This user is already approved.");
    const promoted = await call(promotedRoute.GET, "applicants/recently-promoted", {
      token: staff,
    });
    expect((body(promoted).data as { id: number }[])[0].id).toBe(applicantId);
    expect((await call(approveRoute.GET, "applicants/approve", { token: staff })).status).toBe(405);
  });
});

describe("/api/v2/documents/{id}/review and GET approvals?type=", () => {
  const review = (token: string, id: string, json: unknown) =>
    call(reviewRoute.POST, `documents/${id}/review`, {
      method: "POST",
      token,
      json,
      params: { id },
    });

  it("lists the pending document for the office, 403 for a client contact", async () => {
    const docs = await call(approvalsRoute.GET, "approvals?type=documents", { token: staff });
    expect(docs.status).toBe(200);
    expect(body(docs).data).toMatchObject([{ id: documentId, type: { name: "ID card" } }]);
    expect(
      (await call(approvalsRoute.GET, "approvals?type=documents", { token: client })).status,
    ).toBe(403);
    expect(
      (await call(approvalsRoute.GET, "approvals?type=venues", { token: client })).status,
    ).toBe(403);
    expect((await call(approvalsRoute.GET, "approvals", { token: client })).status).toBe(200);
    expect((await call(approvalsRoute.GET, "approvals?type=x", { token: staff })).status).toBe(422);
  });

  it("reviews: 422 without a reason to decline, 404 bad id, 403 client, 200, then 409", async () => {
    const id = String(documentId);
    expect((await review(staff, id, { status: "declined" })).status).toBe(422);
    expect((await review(staff, "abc", { status: "approved" })).status).toBe(404);
    expect((await review(client, id, { status: "approved" })).status).toBe(403);
    const ok = await review(staff, id, { status: "declined", reason: "Expired card" });
    expect(ok.status).toBe(200);
    expect(body(ok).data).toMatchObject({
      status: "declined",
      decline_reason: "Expired card",
      message: "Document approved or declined successfully",
    });
    expect((await review(staff, id, { status: "approved" })).status).toBe(409);
  });
});
