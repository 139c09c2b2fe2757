import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { samplePdf } from "@/seed/data/document-files";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { localStore, setFileStore } from "@/lib/files/storage";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute } from "@/lib/testing/route-request";
import * as typesRoute from "@/app/api/v2/document-types/route";
import * as typeRoute from "@/app/api/v2/document-types/[id]/route";
import * as listRoute from "@/app/api/v2/documents/route";
import * as itemRoute from "@/app/api/v2/documents/[id]/route";
import * as fileRoute from "@/app/api/v2/documents/[id]/file/route";
import * as reviewRoute from "@/app/api/v2/documents/[id]/review/route";
import * as openApiRoute from "@/app/api/v2/openapi.json/route";

let handle: DbHandle;
let db: Db;
let dir: string;
const tokens: Record<"admin" | "worker" | "other" | "client", string> = {
  admin: "",
  worker: "",
  other: "",
  client: "",
};
let typeId: number;

const tokenFor = async (role: RoleTitle, companyId?: number) =>
  (await issueApiToken(db, (await createUser(db, { roles: [role], companyId })).id, new Date()))
    .access_token;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  dir = await mkdtemp(path.join(tmpdir(), "crewdeck-documents-api-"));
  setFileStore(localStore(dir));
  const { company } = await createCountryAndCompany(db);
  tokens.admin = await tokenFor(ROLE.admin);
  tokens.worker = await tokenFor(ROLE.worker);
  tokens.other = await tokenFor(ROLE.worker);
  tokens.client = await tokenFor(ROLE.client, company.id);
});
afterAll(async () => {
  setFileStore(undefined);
  await rm(dir, { recursive: true, force: true });
  await handle?.close();
});

async function upload(token: string, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new NextRequest("http://localhost/api/v2/documents", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const res = await listRoute.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("/api/v2/document-types", () => {
  it("POST needs document_type_access; GET is open to a signed-in user, pages and all=true", async () => {
    const created = await callRoute(typesRoute.POST, "document-types", {
      token: tokens.admin,
      json: { name: "Work permit", has_expiry: true, warning_months: 1 },
    });
    expect(created.status).toBe(201);
    typeId = (created.body as { data: { id: number } }).data.id;
    const refused = await callRoute(typesRoute.POST, "document-types", {
      token: tokens.worker,
      json: { name: "X" },
    });
    expect(refused.status).toBe(403);
    const list = await callRoute(typesRoute.GET, "document-types?all=true", {
      token: tokens.worker,
    });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      data: [{ id: typeId, name: "Work permit" }],
      meta: { current_page: 1, last_page: 1, total: 1 },
    });
    const anon = await callRoute(typesRoute.GET, "document-types", {});
    expect(anon.status).toBe(401);
    const bad = await callRoute(typeRoute.PUT, `document-types/abc`, {
      method: "PUT",
      token: tokens.admin,
      json: { name: "Y" },
      params: { id: "abc" },
    });
    expect(bad.status).toBe(404);
  });
});

describe("/api/v2/documents", () => {
  let id: number;

  it("POST multipart uploads (201), 422 with field errors on bad input", async () => {
    const ok = await upload(tokens.worker, {
      document_type_id: String(typeId),
      expires_on: "2099-12-31",
      file: new File([new Uint8Array(samplePdf("Permit"))], "Arbeitserlaubnis – Müller.pdf"),
    });
    expect(ok.status).toBe(201);
    const data = ok.body.data as { id: number; status: string; message: string };
    expect(data).toMatchObject({ status: "pending", message: "Work permit uploaded" });
    id = data.id;
    const bad = await upload(tokens.worker, {
      document_type_id: String(typeId),
      file: new File([new Uint8Array(samplePdf("Permit"))], "p.pdf"),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ expires_on: ["The expiry date field is required."] });
  });

  it("GET lists one's own with the list envelope; another worker's user_id is 404", async () => {
    const own = await callRoute(listRoute.GET, "documents", { token: tokens.worker });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ data: [{ id }], meta: { total: 1, per_page: 20 } });
    const [doc] = await db.select().from(schema.documents);
    const other = await callRoute(listRoute.GET, `documents?user_id=${doc.userId}`, {
      token: tokens.other,
    });
    expect(other.status).toBe(404);
  });

  it("GET file: the owner and the office download with the original name, never cached", async () => {
    for (const token of [tokens.worker, tokens.admin]) {
      const req = new NextRequest(`http://localhost/api/v2/documents/${id}/file`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const res = await fileRoute.GET(req, { params: Promise.resolve({ id: String(id) }) });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="Arbeitserlaubnis _ M_ller.pdf"; filename*=UTF-8''${encodeURIComponent("Arbeitserlaubnis – Müller.pdf")}`,
      );
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    for (const token of [tokens.other, tokens.client]) {
      const res = await callRoute(fileRoute.GET, `documents/${id}/file`, {
        token,
        params: { id: String(id) },
      });
      expect(res.status).toBe(404);
    }
  });

  it("PUT changes the date (JSON), DELETE removes; others 404, bad ids 404", async () => {
    const put = await callRoute(itemRoute.PUT, `documents/${id}`, {
      method: "PUT",
      token: tokens.worker,
      json: { expires_on: "2098-01-01" },
      params: { id: String(id) },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ data: { expires_on: "2098-01-01", status: "pending" } });
    const notMine = await callRoute(itemRoute.DELETE, `documents/${id}`, {
      method: "DELETE",
      token: tokens.other,
      params: { id: String(id) },
    });
    expect(notMine.status).toBe(404);
    const badId = await callRoute(itemRoute.GET, "documents/1e3", {
      token: tokens.worker,
      params: { id: "1e3" },
    });
    expect(badId.status).toBe(404);
    const del = await callRoute(itemRoute.DELETE, `documents/${id}`, {
      method: "DELETE",
      token: tokens.worker,
      params: { id: String(id) },
    });
    expect(del.status).toBe(200);
    expect(await db.select().from(schema.documents)).toHaveLength(0);
  });
});

describe("POST /api/v2/documents/{id}/review names the version it showed", () => {
  it("a version the owner replaced since: 409 stale_document, nothing changed; the current one decides", async () => {
    const mine = await upload(tokens.worker, {
      document_type_id: String(typeId),
      expires_on: "2099-12-31",
      file: new File([new Uint8Array(samplePdf("Permit"))], "permit.pdf"),
    });
    const id = (mine.body.data as { id: number; version: number }).id;
    expect(mine.body.data).toMatchObject({ version: 1 });
    const review = (json: unknown) =>
      callRoute(reviewRoute.POST, `documents/${id}/review`, {
        method: "POST",
        token: tokens.admin,
        json,
        params: { id: String(id) },
      });
    const put = await callRoute(itemRoute.PUT, `documents/${id}`, {
      method: "PUT",
      token: tokens.worker,
      json: { expires_on: "2098-06-30" },
      params: { id: String(id) },
    });
    expect(put.body).toMatchObject({ data: { version: 2, status: "pending" } });
    const stale = await review({ status: "approved", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: "This document was replaced; look at it again",
      type: "stale_document",
    });
    const [row] = await db.select().from(schema.documents).where(eq(schema.documents.id, id));
    expect(row).toMatchObject({ status: "pending", version: 2, reviewedAt: null });
    expect((await review({ status: "approved", version: "two" })).status).toBe(422);
    const ok = await review({ status: "approved", version: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ data: { id, version: 2, status: "approved" } });
  });

  it("the OpenAPI document names version in the review body, optional", async () => {
    const res = await callRoute(openApiRoute.GET, "openapi.json", {});
    type Op = {
      requestBody: {
        content: Record<
          string,
          { schema: { properties: Record<string, { type?: string }>; required?: string[] } }
        >;
      };
    };
    const body = (res.body as { paths: Record<string, Record<string, Op>> }).paths[
      "/documents/{id}/review"
    ].post.requestBody.content["application/json"].schema;
    expect(body.properties.version).toMatchObject({ type: "integer" });
    expect(body.required).toEqual(["status"]);
  });
});

describe("GET /api/v2/documents without user_id", () => {
  it("the office's list for a reviewer, one's own for a worker, 403 for a client contact", async () => {
    const mine = await upload(tokens.worker, {
      document_type_id: String(typeId),
      expires_on: "2099-12-31",
      file: new File([new Uint8Array(samplePdf("Permit"))], "renewal.pdf"),
    });
    const id = (mine.body.data as { id: number }).id;
    const office = await callRoute(listRoute.GET, "documents?filter[status]=pending", {
      token: tokens.admin,
    });
    expect(office.status).toBe(200);
    expect(office.body).toMatchObject({
      data: [{ id, version: 1, file_name: "renewal.pdf", user: { name: expect.any(String) } }],
      meta: { total: 1, per_page: 20 },
    });
    const own = await callRoute(listRoute.GET, "documents", { token: tokens.other });
    expect(own.body).toMatchObject({ data: [], meta: { total: 0 } });
    const client = await callRoute(listRoute.GET, "documents", { token: tokens.client });
    expect(client.status).toBe(403);
    expect(client.body).toMatchObject({
      type: "forbidden",
      message: expect.stringMatching(/^You may not list documents/),
    });
    const bad = await callRoute(listRoute.GET, "documents?filter[type]=x", { token: tokens.admin });
    expect(bad.status).toBe(422);
  });

  it("the office's list by cursor: next_cursor in the meta when asked, a 400 for a cursor it did not give", async () => {
    const start = await callRoute(listRoute.GET, "documents?perPage=1&cursor=start", {
      token: tokens.admin,
    });
    expect(start.status).toBe(200);
    const { meta } = start.body as { meta: { next_cursor: string; total: number } };
    expect(meta).toMatchObject({ current_page: 1, per_page: 1, next_cursor: expect.any(String) });
    const next = await callRoute(
      listRoute.GET,
      `documents?perPage=1&page=2&cursor=${encodeURIComponent(meta.next_cursor)}`,
      { token: tokens.admin },
    );
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ meta: { current_page: 2, total: meta.total } });
    const bad = await callRoute(listRoute.GET, "documents?cursor=abc.def", { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      type: "bad_cursor",
      message: "The cursor is not one this list gave: start again from page 1.",
    });
  });
});
