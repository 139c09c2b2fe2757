import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { samplePdf, SAMPLE_PNG } from "@/seed/data/document-files";
import { ROLE } from "@/lib/domain/permissions";
import { setFileStore, type FileStore } from "@/lib/files/storage";
import { issueApiToken } from "@/lib/services/auth/tokens";
import { testDatabase } from "@/lib/testing/db";
import { createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import { rowCounts } from "@/lib/testing/row-counts";
import {
  multipart,
  signUpPayload,
  signUpWorld,
  type SignUpWorld,
} from "@/lib/services/account/account.test-support";
import * as loginRoute from "@/app/api/v2/auth/login/route";
import * as registerRoute from "@/app/api/v2/register/route";
import * as registrationRoute from "@/app/api/v2/registration/route";
import * as forgotRoute from "@/app/api/v2/auth/forgot_password/route";
import * as resetRoute from "@/app/api/v2/auth/forgot_password_save/route";
import * as documentsRoute from "@/app/api/v2/documents/route";
import * as avatarRoute from "@/app/api/v2/users/profilePicture/[id]/route";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import { API_CONTENT_SECURITY_POLICY } from "@/lib/security/headers";
import { JSON_BODY_LIMIT, LARGEST_ROUTE_BODY, MULTIPART_OVERHEAD } from "./body-limits";

let handle: DbHandle;
let db: Db;
let w: SignUpWorld;
let worker: { id: number; email: string; token: string };
let documentTypeId: number;
/** Every file the storage port was asked to keep, so "nothing written" covers files too. */
const stored: string[] = [];
const memoryStore: FileStore = {
  put: async (key) => void stored.push(key),
  get: async () => null,
  delete: async () => undefined,
};

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
  setFileStore(memoryStore);
  w = await signUpWorld(db);
  const user = await createUser(db, { email: "uploader@limits.test", roles: [ROLE.worker] });
  worker = { ...user, token: (await issueApiToken(db, user.id, new Date())).access_token };
  const [type] = await db
    .insert(schema.documentTypes)
    .values({ name: "Passport (limits)" })
    .returning({ id: schema.documentTypes.id });
  documentTypeId = type.id;
});
afterAll(async () => {
  setFileStore(undefined);
  await handle?.close();
});

const MB = 1024 * 1024;

/**
 * A body streamed in 64 KB chunks up to `total` bytes (after `head`), counting what the
 * server pulled and whether it cancelled: a chunked upload without a Content-Length.
 */
function countedStream(total: number, head = "") {
  const seen = { pulled: 0, cancelled: false };
  const first = new TextEncoder().encode(head);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= total) return controller.close();
        const chunk =
          seen.pulled === 0 && first.byteLength
            ? first
            : new Uint8Array(Math.min(64 * 1024, total - seen.pulled)).fill(0x61);
        seen.pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

const post = (handler: RouteHandler, path: string, call: ApiCall) =>
  callRoute(handler, path, { method: "POST", ...call });

function expectTooLarge(res: { status: number; body: unknown }, limit: string) {
  expect(res.status).toBe(413);
  expect(res.body).toEqual({
    message: `The request body is too large: this call accepts at most ${limit}.`,
    type: "payload_too_large",
  });
}

/** A multipart upload as a browser sends it (FormData, so no Content-Length header). */
async function uploadForm(
  handler: RouteHandler,
  path: string,
  fields: Record<string, string | File>,
  params: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  // The form's bytes made up front, as they arrive from a browser: a FormData body is made
  // lazily by undici, which (on Node 24) fails unhandled when the reader cancels it past the
  // limit — a harness artefact, not what a network body does.
  const encoded = new Response(form);
  const req = new NextRequest(`http://localhost/api/v2/${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${worker.token}`,
      "content-type": encoded.headers.get("content-type") ?? "",
    },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A file of `size` bytes that sniffs as `like` (a PDF or a PNG), padded after its bytes. */
const fileOf = (size: number, like: Buffer, name: string, type: string) => {
  const bytes = new Uint8Array(size);
  bytes.set(like.subarray(0, Math.min(like.length, size)));
  return new File([bytes], name, { type });
};

describe("a JSON body over 1 MB", () => {
  const big = JSON.stringify({ email: "big@limits.test", password: "x".repeat(JSON_BODY_LIMIT) });

  it("answers 413 with the contract's error when Content-Length says so, before reading", async () => {
    const { stream, seen } = countedStream(5 * MB);
    const res = await post(loginRoute.POST, "auth/login", {
      stream,
      headers: { "content-length": String(5 * MB) },
    });
    expectTooLarge(res, "1 MB");
    expect(seen.pulled).toBe(0);
  });

  it("answers 413 when streamed without a Content-Length, and stops reading there", async () => {
    const { stream, seen } = countedStream(20 * MB, '{"email":"big@limits.test","password":"');
    const res = await post(loginRoute.POST, "auth/login", { stream });
    expectTooLarge(res, "1 MB");
    expect(seen.cancelled).toBe(true);
    // Read up to the limit and a chunk or two of look-ahead, never the 20 MB.
    expect(seen.pulled).toBeLessThan(JSON_BODY_LIMIT + 256 * 1024);
  });

  it("answers with the API's security headers itself (proxy.ts does not see calls with a body)", async () => {
    const res = await post(loginRoute.POST, "auth/login", { rawBody: big });
    expect(res.headers.get("content-security-policy")).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it("counts no sign-in attempt and writes nothing", async () => {
    const before = await rowCounts(db);
    expectTooLarge(await post(loginRoute.POST, "auth/login", { rawBody: big }), "1 MB");
    expect(await rowCounts(db)).toEqual(before);
  });

  it("is 413 on the public account calls too: registration, forgot and reset password", async () => {
    const before = await rowCounts(db);
    for (const [handler, path] of [
      [registrationRoute.POST, "registration"],
      [forgotRoute.POST, "auth/forgot_password"],
      [resetRoute.POST, "auth/forgot_password_save"],
    ] as const) {
      expectTooLarge(await post(handler, path, { rawBody: big }), "1 MB");
    }
    expect(await rowCounts(db)).toEqual(before);
  });

  it("is 413 on an upload route too: its larger limit is for forms, a file never comes as JSON", async () => {
    const res = await post(documentsRoute.POST, "documents", {
      token: worker.token,
      rawBody: big,
    });
    expectTooLarge(res, "1 MB");
  });

  it("is 413 on next-auth's sign-in route, which reads its body through the same limit", async () => {
    const { stream, seen } = countedStream(20 * MB, "csrfToken=x&ticket=");
    const req = new NextRequest("http://localhost/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const res = await nextAuthRoute.POST(req, {
      params: Promise.resolve({ nextauth: ["callback", "credentials"] }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ type: "payload_too_large" });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(JSON_BODY_LIMIT + 256 * 1024);
  });

  it("a body under the limit still works", async () => {
    const res = await post(loginRoute.POST, "auth/login", {
      json: { email: worker.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    // Just under 1 MB is read whole: it fails on its content (the password is too long), not its size.
    const near = JSON.stringify({
      email: worker.email,
      password: "y".repeat(JSON_BODY_LIMIT - 100),
    });
    expect(Buffer.byteLength(near)).toBeLessThanOrEqual(JSON_BODY_LIMIT);
    expect((await post(loginRoute.POST, "auth/login", { rawBody: near })).status).toBe(422);
  });
});

describe("POST register (multipart) over 1 MB", () => {
  it("answers 413 and creates no user, with or without a Content-Length", async () => {
    const email = "huge.signup@limits.test";
    const p = signUpPayload(w, email);
    const { rawBody, contentType } = await multipart({
      name: p.name,
      first_name: "F".repeat(JSON_BODY_LIMIT),
      email,
      phone: p.phone,
      password: p.password,
      country_id: String(w.countryId),
      branch_id: String(w.branchId),
      skills: w.skillIds.join(","),
      languages: String(w.languageIds[0]),
      privacy_accepted: "1",
    });
    const before = await rowCounts(db);
    const chunked = await post(registerRoute.POST, "register", {
      rawBody,
      headers: { "content-type": contentType },
    });
    expectTooLarge(chunked, "1 MB");
    const declared = await post(registerRoute.POST, "register", {
      rawBody,
      headers: {
        "content-type": contentType,
        "content-length": String(Buffer.byteLength(rawBody)),
      },
    });
    expectTooLarge(declared, "1 MB");
    expect(await rowCounts(db)).toEqual(before);
    expect(await db.select().from(schema.users).where(eq(schema.users.email, email))).toEqual([]);
  });
});

describe("uploads past their route's limit", () => {
  it("a profile picture over 5 MB and its form: 413, no file stored, the profile unchanged", async () => {
    const before = await rowCounts(db);
    const res = await uploadForm(
      avatarRoute.POST,
      `users/profilePicture/${worker.id}`,
      { file: fileOf(5 * MB + MULTIPART_OVERHEAD, SAMPLE_PNG, "huge.png", "image/png") },
      { id: String(worker.id) },
    );
    expectTooLarge(res, "5.1 MB");
    expect(stored).toEqual([]);
    expect(await rowCounts(db)).toEqual(before);
    const [row] = await db
      .select({ key: schema.users.avatarKey })
      .from(schema.users)
      .where(eq(schema.users.id, worker.id));
    expect(row.key).toBeNull();
  });

  it("a document over 10 MB and its form: 413, no document row, no file stored", async () => {
    const before = await rowCounts(db);
    const res = await uploadForm(documentsRoute.POST, "documents", {
      document_type_id: String(documentTypeId),
      file: fileOf(LARGEST_ROUTE_BODY, samplePdf("Huge"), "huge.pdf", "application/pdf"),
    });
    expectTooLarge(res, "10.1 MB");
    expect(stored).toEqual([]);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("a document within the limit is stored (a form may be larger than the 1 MB of JSON)", async () => {
    const res = await uploadForm(documentsRoute.POST, "documents", {
      document_type_id: String(documentTypeId),
      file: fileOf(2 * MB, samplePdf("Big enough"), "scan.pdf", "application/pdf"),
    });
    expect(res.status).toBe(201);
    expect(stored).toHaveLength(1);
    const rows = await db
      .select({ size: schema.documents.sizeBytes })
      .from(schema.documents)
      .where(eq(schema.documents.userId, worker.id));
    expect(rows).toEqual([{ size: 2 * MB }]);
  });
});
