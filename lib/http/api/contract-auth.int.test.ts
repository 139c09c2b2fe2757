import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { browserCookie } from "@/lib/testing/session-cookie";
import { revokeSessionBySid } from "@/lib/services/auth/sessions";
import { count, eq } from "drizzle-orm";
import { schema } from "@/db";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { getAuthSecret } from "@/lib/auth/secret";
import { createCountryAndCompany, createUser } from "@/lib/testing/fixtures";
import { callRoute, type RouteHandler } from "@/lib/testing/route-request";
import * as logoutRoute from "@/app/api/v2/auth/logout/route";
import * as refreshRoute from "@/app/api/v2/auth/refresh/route";
import * as rulesRoute from "@/app/api/v2/rules/route";
import * as otpRoute from "@/app/api/v2/otp/route";
import * as otpDisableRoute from "@/app/api/v2/otp/disable/route";
import * as inviteRoute from "@/app/api/v2/sendinvitemail/route";
import * as catchAllRoute from "@/app/api/v2/[...path]/route";
import {
  LoginData,
  db,
  expectErrorBody,
  get,
  post,
  signIn,
  uniqueEmail,
  setUpContractDatabase,
} from "./contract.test-support";

setUpContractDatabase();

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
    return (await browserCookie(db, uid)).cookie;
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

  it("treats a JWT without a session id (issued before sessions were rows) as signed out", async () => {
    const user = await createUser(db, { email: uniqueEmail("no-sid"), roles: [ROLE.worker] });
    const jwt = await encode({ token: { uid: user.id }, secret: getAuthSecret() });
    const res = await get(rulesRoute.GET, "rules", {
      headers: { cookie: `next-auth.session-token=${jwt}` },
    });
    expect(res.status).toBe(401);
  });

  it("signs a browser out once its session row is revoked or expired", async () => {
    const user = await createUser(db, { email: uniqueEmail("revoked"), roles: [ROLE.worker] });
    const live = await browserCookie(db, user.id);
    expect((await get(rulesRoute.GET, "rules", { headers: { cookie: live.cookie } })).status).toBe(
      200,
    );
    await revokeSessionBySid(db, live.sid, new Date());
    expect((await get(rulesRoute.GET, "rules", { headers: { cookie: live.cookie } })).status).toBe(
      401,
    );
    const old = await browserCookie(db, user.id, { now: new Date(Date.now() - 15 * 86_400_000) });
    expect((await get(rulesRoute.GET, "rules", { headers: { cookie: old.cookie } })).status).toBe(
      401,
    );
  });

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
