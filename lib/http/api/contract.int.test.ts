import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { env } from "@/lib/env";
import speakeasy from "speakeasy";
import { encode } from "next-auth/jwt";
import { count, eq } from "drizzle-orm";
import { schema, setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { allEndpoints } from "@/lib/http/api";
import { getAuthSecret } from "@/lib/auth/secret";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { callRoute, type ApiCall, type RouteHandler } from "@/lib/testing/route-request";
import * as loginRoute from "@/app/api/v2/auth/login/route";
import * as logoutRoute from "@/app/api/v2/auth/logout/route";
import * as refreshRoute from "@/app/api/v2/auth/refresh/route";
import * as rulesRoute from "@/app/api/v2/rules/route";
import * as otpRoute from "@/app/api/v2/otp/route";
import * as otpDisableRoute from "@/app/api/v2/otp/disable/route";
import * as inviteRoute from "@/app/api/v2/sendinvitemail/route";
import * as openApiRoute from "@/app/api/v2/openapi.json/route";
import * as catchAllRoute from "@/app/api/v2/[...path]/route";
import * as docsRoute from "@/app/api/v2/docs/route";
import { NextRequest } from "next/server";
import { allowHeader, type RouteHandler as ApiRouteHandler } from "@/lib/http/route";

let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
});
afterAll(async () => {
  await handle?.close();
});

let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${++seq}.${Date.now()}@api.test`;

interface ErrorBody {
  message: string;
  type?: string;
  errors?: Record<string, string[]>;
}
interface LoginData {
  id: number;
  name: string;
  email: string;
  role: { id: number; title: string }[];
  rules: string[];
  token: { access_token: string; token_type: string; expires_at: string };
  remember_token: string | null;
}

const post = (handler: RouteHandler, p: string, call: ApiCall = {}) =>
  callRoute(handler, p, { method: "POST", ...call });
const get = (handler: RouteHandler, p: string, call: ApiCall = {}) =>
  callRoute(handler, p, { method: "GET", ...call });

/** Every error answer is `{ message, type?, errors? }` with a JSON content type. */
function expectErrorBody(res: { body: unknown; contentType: string }): ErrorBody {
  expect(res.contentType).toContain("application/json");
  const body = res.body as ErrorBody;
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).every((k) => ["message", "type", "errors"].includes(k))).toBe(true);
  return body;
}

async function signIn(
  roles = [ROLE.worker] as (typeof ROLE)[keyof typeof ROLE][],
  extra: { companyId?: number } = {},
) {
  const email = uniqueEmail("signin");
  const user = await createUser(db, { email, roles, ...extra });
  const res = await post(loginRoute.POST, "auth/login", {
    json: { email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  const data = (res.body as { data: LoginData }).data;
  return { ...user, token: data.token.access_token };
}

describe("POST /api/v2/auth/login", () => {
  it("answers 200 with { data } in the DESIGN §6 shape", async () => {
    const email = uniqueEmail("login");
    const user = await createUser(db, { email, name: "Lena Login", roles: [ROLE.worker] });
    const res = await post(loginRoute.POST, "auth/login", {
      json: { email: email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.contentType).toContain("application/json");
    expect(Object.keys(res.body as object)).toEqual(["data"]);
    const data = (res.body as { data: LoginData }).data;
    expect(Object.keys(data).sort()).toEqual([
      "email",
      "id",
      "name",
      "remember_token",
      "role",
      "rules",
      "token",
    ]);
    expect(data).toMatchObject({ id: user.id, name: "Lena Login", email, remember_token: null });
    expect(data.role).toEqual([{ id: expect.any(Number), title: ROLE.worker }]);
    expect(data.rules).toEqual([...DEFAULT_ROLE_PERMISSIONS[ROLE.worker]].sort());
    expect(data.token.token_type).toBe("Bearer");
    expect(Number.isNaN(Date.parse(data.token.expires_at))).toBe(false);
    expect(data.token.access_token).toEqual(expect.any(String));
  });

  it("answers a wrong password with 401 { message, type }", async () => {
    const email = uniqueEmail("wrongpw");
    await createUser(db, { email });
    const res = await post(loginRoute.POST, "auth/login", {
      json: { email, password: "Wrong-password1!" },
    });
    expect(res.status).toBe(401);
    const body = expectErrorBody(res);
    expect(body.type).toBe("invalid_credentials");
  });

  it("ignores a stale bearer token sent along with the credentials", async () => {
    const email = uniqueEmail("stale");
    await createUser(db, { email });
    const res = await post(loginRoute.POST, "auth/login", {
      token: "cd_stale",
      json: { email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it("answers malformed JSON with 400 malformed_json", async () => {
    const res = await post(loginRoute.POST, "auth/login", {
      rawBody: '{"email": "a@b.test", "password": ',
    });
    expect(res.status).toBe(400);
    expect(expectErrorBody(res).type).toBe("malformed_json");
  });

  it.each([
    ["email is a number", { json: { email: 123, password: TEST_PASSWORD } }, ["email"]],
    ["password is null", { json: { email: "someone@api.test", password: null } }, ["password"]],
    ["both are missing", { json: {} }, ["email", "password"]],
    ["the body is empty", { rawBody: "" }, ["email", "password"]],
    [
      "rememberDevice is a string",
      { json: { email: "someone@api.test", password: TEST_PASSWORD, rememberDevice: "yes" } },
      ["rememberDevice"],
    ],
    [
      "the e-mail is 10 000 characters",
      { json: { email: `${"a".repeat(10_000)}@api.test`, password: TEST_PASSWORD } },
      ["email"],
    ],
    [
      "the password is 100 000 characters",
      { json: { email: "someone@api.test", password: "p".repeat(100_000) } },
      ["password"],
    ],
  ] as [string, ApiCall, string[]][])(
    "answers 422 with field errors when %s",
    async (_label, call, fields) => {
      const res = await post(loginRoute.POST, "auth/login", call);
      expect(res.status).toBe(422);
      const body = expectErrorBody(res);
      expect(body.type).toBe("validation_error");
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(fields);
    },
  );

  it.each([
    ["an array", "[1, 2]"],
    ["a string", '"hello"'],
    ["null", "null"],
    ["a number", "42"],
  ])("answers 422 with errors when the body is %s", async (_label, rawBody) => {
    const res = await post(loginRoute.POST, "auth/login", { rawBody });
    expect(res.status).toBe(422);
    const body = expectErrorBody(res);
    expect(body.errors).toBeDefined();
    expect(Object.keys(body.errors!).length).toBeGreaterThan(0);
  });

  it("answers a body over 1 MB with 400", async () => {
    const rawBody = JSON.stringify({ email: "big@api.test", password: "x".repeat(1_100_000) });
    const res = await post(loginRoute.POST, "auth/login", { rawBody });
    expect(res.status).toBe(400);
    expect(expectErrorBody(res).type).toBe("payload_too_large");
  });

  it("answers a declared content-length over 1 MB with 400 before reading", async () => {
    const res = await post(loginRoute.POST, "auth/login", {
      rawBody: JSON.stringify({ email: "big@api.test", password: "x" }),
      headers: { "content-length": "5000000" },
    });
    expect(res.status).toBe(400);
    expect(expectErrorBody(res).type).toBe("payload_too_large");
  });

  it("measures the 1 MB limit in bytes, not characters", async () => {
    const rawBody = JSON.stringify({ email: "big@api.test", password: "€".repeat(700_000) });
    expect(Buffer.byteLength(rawBody)).toBeGreaterThan(2_000_000);
    const res = await post(loginRoute.POST, "auth/login", { rawBody });
    expect(res.status).toBe(400);
  });

  it("answers 429 with a retry-after header after 5 failures for one account", async () => {
    const email = uniqueEmail("ratelimit");
    await createUser(db, { email });
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await post(loginRoute.POST, "auth/login", {
            json: { email, password: "Wrong-password1!" },
          })
        ).status,
      ).toBe(401);
    }
    const res = await post(loginRoute.POST, "auth/login", {
      json: { email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(expectErrorBody(res).type).toBe("too_many_requests");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("keeps the per-address limit behind one trusted proxy when the client rotates a spoofed hop", async () => {
    const configured = env.TRUSTED_PROXY_HOPS;
    env.TRUSTED_PROXY_HOPS = 1;
    onTestFinished(() => {
      env.TRUSTED_PROXY_HOPS = configured;
    });
    const victims = await Promise.all(
      Array.from({ length: 5 }, () => createUser(db, { email: uniqueEmail("xff") })),
    );
    for (let i = 0; i < 20; i++) {
      const res = await post(loginRoute.POST, "auth/login", {
        json: { email: victims[i % 5].email, password: "Wrong-password1!" },
        headers: { "x-forwarded-for": `10.9.0.${i}, 203.0.113.77` },
      });
      expect(res.status).toBe(401);
    }
    const fresh = await createUser(db, { email: uniqueEmail("xff-fresh") });
    const res = await post(loginRoute.POST, "auth/login", {
      json: { email: fresh.email, password: TEST_PASSWORD },
      headers: { "x-forwarded-for": "10.9.0.99, 203.0.113.77" },
    });
    expect(res.status).toBe(429);
  });

  it("asks for the second factor with 401 two_factor_required when TOTP is on", async () => {
    const { email, token } = await signIn();
    const setup = await get(otpRoute.GET, "otp", { token });
    expect(setup.status).toBe(200);
    const { image, code } = (setup.body as { data: { image: string; code: string } }).data;
    expect(image).toMatch(/^data:image\/png;base64,/);
    // Enabled with the previous step's code: each code is accepted once.
    const previous = Math.floor(Date.now() / 1000) - 30;
    const enable = await post(otpRoute.POST, "otp", {
      token,
      json: { otp: speakeasy.totp({ secret: code, encoding: "base32", time: previous }) },
    });
    expect(enable.status).toBe(200);
    expect((enable.body as { data: { enabled: boolean } }).data.enabled).toBe(true);

    const res = await post(loginRoute.POST, "auth/login", {
      json: { email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(401);
    expect(expectErrorBody(res).type).toBe("two_factor_required");
    const otp = speakeasy.totp({ secret: code, encoding: "base32" });
    const ok = await post(loginRoute.POST, "auth/login", {
      json: { email, password: TEST_PASSWORD, otp },
    });
    expect(ok.status).toBe(200);
    const replayed = await post(loginRoute.POST, "auth/login", {
      json: { email, password: TEST_PASSWORD, otp },
    });
    expect(replayed.status).toBe(401);
    expect(expectErrorBody(replayed).type).toBe("invalid_otp");

    const wrongPw = await post(otpDisableRoute.POST, "otp/disable", {
      token,
      json: { password: "Wrong-password1!" },
    });
    expect(wrongPw.status).toBe(422);
    expect(expectErrorBody(wrongPw).errors?.password).toBeDefined();
    const off = await post(otpDisableRoute.POST, "otp/disable", {
      token,
      json: { password: TEST_PASSWORD },
    });
    expect(off.status).toBe(200);
    expect(
      (await post(loginRoute.POST, "auth/login", { json: { email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it("answers an OTP code of the wrong type with 422", async () => {
    const { token } = await signIn();
    await get(otpRoute.GET, "otp", { token });
    const res = await post(otpRoute.POST, "otp", { token, json: { otp: 123456 } });
    expect(res.status).toBe(422);
    expect(expectErrorBody(res).errors?.otp).toBeDefined();
  });
});

describe("authentication of the other routes", () => {
  const protectedRoutes: [string, RouteHandler, string, "GET" | "POST"][] = [
    ["GET rules", rulesRoute.GET, "rules", "GET"],
    ["GET otp", otpRoute.GET, "otp", "GET"],
    ["POST otp", otpRoute.POST, "otp", "POST"],
    ["POST otp/disable", otpDisableRoute.POST, "otp/disable", "POST"],
    ["POST auth/logout", logoutRoute.POST, "auth/logout", "POST"],
    ["POST auth/refresh", refreshRoute.POST, "auth/refresh", "POST"],
    ["POST sendinvitemail", inviteRoute.POST, "sendinvitemail", "POST"],
  ];

  it.each(protectedRoutes)(
    "%s answers 401 JSON without a token",
    async (_label, handler, p, method) => {
      const res = await callRoute(handler, p, {
        method,
        ...(method === "POST" ? { json: {} } : {}),
      });
      expect(res.status).toBe(401);
      expect(expectErrorBody(res).type).toBe("unauthenticated");
    },
  );

  it.each(protectedRoutes)(
    "%s answers 401 invalid_token to a garbage bearer",
    async (_label, handler, p, method) => {
      const res = await callRoute(handler, p, {
        method,
        token: "cd_garbage-token",
        ...(method === "POST" ? { json: {} } : {}),
      });
      expect(res.status).toBe(401);
      expect(expectErrorBody(res).type).toBe("invalid_token");
    },
  );

  it("answers 401 to a malformed Authorization header", async () => {
    const res = await get(rulesRoute.GET, "rules", {
      headers: { authorization: "Basic dXNlcjpwYXNz" },
    });
    expect(res.status).toBe(401);
    expectErrorBody(res);
  });

  it("locks out the token of a user deactivated after signing in", async () => {
    const { id, token } = await signIn();
    expect((await get(rulesRoute.GET, "rules", { token })).status).toBe(200);
    await db.update(schema.users).set({ status: "deactivated" }).where(eq(schema.users.id, id));
    const res = await get(rulesRoute.GET, "rules", { token });
    expect(res.status).toBe(401);
    expectErrorBody(res);
  });

  it("GET rules answers { data: [permission…] } for the bearer's user", async () => {
    const { token } = await signIn([ROLE.client]);
    const res = await get(rulesRoute.GET, "rules", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [...DEFAULT_ROLE_PERMISSIONS[ROLE.client]].sort() });
  });

  it("POST auth/logout revokes the token: the next call with it is 401", async () => {
    const { token } = await signIn();
    const res = await post(logoutRoute.POST, "auth/logout", { token });
    expect(res.status).toBe(200);
    expect((res.body as { data: { message: string } }).data.message).toEqual(expect.any(String));
    const after = await get(rulesRoute.GET, "rules", { token });
    expect(after.status).toBe(401);
    expect(expectErrorBody(after).type).toBe("invalid_token");
  });

  it("POST auth/refresh gives a new working token; the old one is 401", async () => {
    const { token } = await signIn();
    const res = await post(refreshRoute.POST, "auth/refresh", { token });
    expect(res.status).toBe(200);
    const fresh = (res.body as { data: { token: LoginData["token"] } }).data.token;
    expect(fresh.token_type).toBe("Bearer");
    expect(fresh.access_token).not.toBe(token);
    expect((await get(rulesRoute.GET, "rules", { token: fresh.access_token })).status).toBe(200);
    expect((await get(rulesRoute.GET, "rules", { token })).status).toBe(401);
  });

  it("POST auth/refresh with fetchUser answers the user and rules too", async () => {
    const { id, token } = await signIn();
    const res = await post(refreshRoute.POST, "auth/refresh", { token, json: { fetchUser: true } });
    expect(res.status).toBe(200);
    expect((res.body as { data: LoginData }).data).toMatchObject({
      id,
      rules: [...DEFAULT_ROLE_PERMISSIONS[ROLE.worker]].sort(),
    });
  });

  it("POST auth/refresh with malformed JSON is 400 and keeps the old token working", async () => {
    const { token } = await signIn();
    const res = await post(refreshRoute.POST, "auth/refresh", { token, rawBody: "{fetchUser" });
    expect(res.status).toBe(400);
    expect(expectErrorBody(res).type).toBe("malformed_json");
    expect((await get(rulesRoute.GET, "rules", { token })).status).toBe(200);
  });
});

describe("browser session cookie", () => {
  /** The next-auth JWT cookie a signed-in browser sends (plain http: the unprefixed name). */
  async function sessionCookie(uid: number) {
    const jwt = await encode({ token: { uid }, secret: getAuthSecret() });
    return `next-auth.session-token=${jwt}`;
  }
  const invites = async (inviterId: number) =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(schema.invitations)
          .where(eq(schema.invitations.invitedById, inviterId))
      )[0].n,
    );

  it("is accepted on a same-origin call", async () => {
    const user = await createUser(db, { email: uniqueEmail("cookie"), roles: [ROLE.worker] });
    const cookie = await sessionCookie(user.id);
    const res = await get(rulesRoute.GET, "rules", { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [...DEFAULT_ROLE_PERMISSIONS[ROLE.worker]].sort() });
    const write = await post(inviteRoute.POST, "sendinvitemail", {
      headers: { cookie, "sec-fetch-site": "same-origin" },
      json: { email: uniqueEmail("cookie-friend") },
    });
    expect(write.status).toBe(201);
  });

  it.each([
    ["sec-fetch-site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["a foreign Origin", { origin: "https://evil.example", host: "localhost" }],
  ])(
    "refuses a cookie-authenticated write with %s (CSRF) and writes nothing",
    async (_label, headers) => {
      const user = await createUser(db, { email: uniqueEmail("csrf"), roles: [ROLE.worker] });
      const res = await post(inviteRoute.POST, "sendinvitemail", {
        headers: { cookie: await sessionCookie(user.id), ...headers },
        json: { email: uniqueEmail("csrf-friend") },
      });
      expect(res.status).toBe(403);
      expect(expectErrorBody(res).type).toBe("csrf");
      expect(await invites(user.id)).toBe(0);
    },
  );

  it("treats a cookie signed with another secret as no session", async () => {
    const user = await createUser(db, { email: uniqueEmail("forged"), roles: [ROLE.worker] });
    const jwt = await encode({
      token: { uid: user.id },
      secret: "not-the-secret-of-this-installation-0123456789",
    });
    const res = await get(rulesRoute.GET, "rules", {
      headers: { cookie: `next-auth.session-token=${jwt}` },
    });
    expect(res.status).toBe(401);
  });
});

describe("unknown routes", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"] as const)(
    "%s on an unknown /api/v2 path answers a JSON 404",
    async (method) => {
      const handler = catchAllRoute[method] as RouteHandler;
      const res = await callRoute(handler, "/api/v2/no/such/route", {
        method,
        params: { path: ["no", "such", "route"] },
      });
      expect(res.status).toBe(404);
      expect(expectErrorBody(res).type).toBe("not_found");
    },
  );
});

describe("POST /api/v2/sendinvitemail", () => {
  const invitesTo = async (email: string) =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(schema.invitations)
          .where(eq(schema.invitations.email, email))
      )[0].n,
    );

  it("answers 201 { data: { message } } to a worker and records the invitation", async () => {
    const { id, token } = await signIn([ROLE.worker]);
    const email = uniqueEmail("friend");
    const res = await post(inviteRoute.POST, "sendinvitemail", { token, json: { email } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: { message: "Invite send successfully", id: expect.any(Number), email },
    });
    const [row] = await db
      .select()
      .from(schema.invitations)
      .where(eq(schema.invitations.email, email));
    expect(row.invitedById).toBe(id);
  });

  it("answers 403 to a client contact and records nothing", async () => {
    const { company } = await createCountryAndCompany(db, "Invite API Co");
    const { token } = await signIn([ROLE.client], { companyId: company.id });
    const email = uniqueEmail("friend-col");
    const res = await post(inviteRoute.POST, "sendinvitemail", { token, json: { email } });
    expect(res.status).toBe(403);
    expect(expectErrorBody(res).type).toBe("forbidden");
    expect(await invitesTo(email)).toBe(0);
  });

  it.each([
    ["an invalid address", { email: "nope" }],
    ["no address", {}],
    ["an array", ["a@b.test"]],
  ])("answers 422 with errors for %s", async (_label, json) => {
    const { token } = await signIn([ROLE.worker]);
    const res = await post(inviteRoute.POST, "sendinvitemail", { token, json });
    expect(res.status).toBe(422);
    expect(Object.keys(expectErrorBody(res).errors ?? {}).length).toBeGreaterThan(0);
  });
});

describe("GET /api/v2/openapi.json", () => {
  it("is public: an OpenAPI 3 document with every endpoint and the login body", async () => {
    const res = await get(openApiRoute.GET, "openapi.json");
    expect(res.status).toBe(200);
    expect(res.contentType).toContain("application/json");
    const doc = res.body as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<
                string,
                { schema: { properties?: Record<string, unknown>; required?: string[] } }
              >;
            };
          }
        >
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const ep of allEndpoints) {
      expect(
        doc.paths[ep.path]?.[ep.method.toLowerCase()],
        `${ep.method} ${ep.path}`,
      ).toBeDefined();
    }
    const loginSchema =
      doc.paths["/auth/login"].post.requestBody!.content["application/json"].schema;
    expect(Object.keys(loginSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["email", "password"]),
    );
    expect(loginSchema.required).toEqual(expect.arrayContaining(["email", "password"]));
  });

  it("ignores a stale bearer token instead of answering 401", async () => {
    const res = await get(openApiRoute.GET, "openapi.json", { token: "cd_revoked" });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/v2/docs", () => {
  it("answers the interactive reference as HTML over /api/v2/openapi.json, without an account", async () => {
    const res = await callRoute(docsRoute.GET, "docs", { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.contentType).toContain("text/html");
    const html = await (
      await docsRoute.GET(
        new NextRequest("http://localhost/api/v2/docs", { headers: { "x-nonce": "abc123" } }),
        { params: Promise.resolve({}) },
      )
    ).text();
    expect(html).toContain("/api/v2/openapi.json");
    expect(html).toContain("<title>Crewdeck API reference</title>");
    expect(html).toContain('nonce="abc123"');
  });
});

describe("unsupported methods", () => {
  it("answers 405 { message, type } with Allow listing the path's methods", async () => {
    const res = await callRoute(rulesRoute.POST, "rules", { method: "POST", json: {} });
    expect(res.status).toBe(405);
    expect(expectErrorBody(res).type).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const del = await callRoute(openApiRoute.DELETE, "openapi.json", { method: "DELETE" });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers OPTIONS with 204 and the same Allow", async () => {
    const res = await rulesRoute.OPTIONS();
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("keeps the JSON 404 for a path without a route, whatever the method", async () => {
    const res = await callRoute(catchAllRoute.PATCH, "nowhere", { method: "PATCH" });
    expect(res.status).toBe(404);
    expect(expectErrorBody(res).type).toBe("not_found");
  });
});

describe("route files and allEndpoints", () => {
  const root = path.join(process.cwd(), "app", "api", "v2");
  const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

  function routeFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return routeFiles(full);
      return e.name === "route.ts" ? [full] : [];
    });
  }

  /** app/api/v2/jobs/[id]/shifts/route.ts → /jobs/{id}/shifts; the catch-all is left out. */
  const routes = routeFiles(root)
    .map((file) => ({
      file,
      apiPath:
        "/" +
        path
          .relative(root, path.dirname(file))
          .split(path.sep)
          .map((seg) => seg.replace(/^\[(\w+)\]$/, "{$1}"))
          .join("/"),
    }))
    .filter((r) => !r.apiPath.includes("[..."));

  it("has a route file for every endpoint, and an endpoint for every route file", () => {
    expect(routes.length).toBeGreaterThan(0);
    const fromFiles = [...new Set(routes.map((r) => r.apiPath))].sort();
    const fromEndpoints = [...new Set(allEndpoints.map((e) => e.path))].sort();
    expect(fromFiles).toEqual(fromEndpoints);
  });

  it("runs each declared operation under its method and answers 405 with Allow to the others", async () => {
    for (const r of routes) {
      const mod = (await import(/* @vite-ignore */ r.file)) as Record<string, ApiRouteHandler>;
      const declared = allEndpoints.filter((e) => e.path === r.apiPath);
      const allow = allowHeader(declared.map((e) => e.method));
      for (const m of methods) {
        expect(typeof mod[m], `${m} ${r.apiPath}`).toBe("function");
        const ep = declared.find((e) => e.method === m);
        if (ep) {
          expect(mod[m].endpoint, `${m} ${r.apiPath}`).toBe(ep);
          continue;
        }
        const res = await callRoute(mod[m], r.apiPath, { method: m });
        expect(res.status, `${m} ${r.apiPath}`).toBe(405);
        expect(res.headers.get("allow"), `${m} ${r.apiPath}`).toBe(allow);
        expect((res.body as ErrorBody).type).toBe("method_not_allowed");
      }
    }
  });
});
