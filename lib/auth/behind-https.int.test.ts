import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { setDatabaseForTests, type DbHandle } from "@/db";
import { proxy } from "@/proxy";
import { GET as rulesGET } from "@/app/api/v2/rules/route";
import { cookieSettings, cookieSettingsFor } from "@/lib/auth/cookies";
import { authOptions } from "@/lib/auth/next-auth";
import { signTicket } from "@/lib/auth/secret";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser } from "@/lib/testing/fixtures";

// The app behind a TLS-terminating load balancer: the public address is https, while the app
// itself is reached over plain http with X-Forwarded-Proto/Host set by the proxy in front.
vi.hoisted(() => {
  process.env.APP_URL = "https://crewdeck.example";
});

const INTERNAL = "http://10.0.0.5:3000";
const FORWARDED = { "x-forwarded-proto": "https", "x-forwarded-host": "crewdeck.example" };

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDatabase();
  setDatabaseForTests(handle);
});
afterAll(async () => handle.close());

type WrittenCookie = { name: string; value: string; attributes: string[] };

/**
 * One call of next-auth's own handler (what /api/auth/[...nextauth] runs), reached over plain
 * http through the proxy; returns its Set-Cookie headers parsed and its body.
 */
async function nextAuth(
  path: string,
  init: {
    method?: string;
    body?: Record<string, string>;
    cookies?: Record<string, string>;
    headers?: Record<string, string>;
  },
) {
  const setCookies: string[] = [];
  let body: unknown;
  const res = {
    status: () => res,
    getHeader: (name: string) => (name.toLowerCase() === "set-cookie" ? [...setCookies] : []),
    setHeader: (name: string, value: string | string[]) => {
      if (name.toLowerCase() === "set-cookie") setCookies.splice(0, setCookies.length, ...value);
      return res;
    },
    send: (b: unknown) => void (body = b),
    json: (b: unknown) => void (body = b),
    end: () => undefined,
  };
  const req = {
    method: init.method ?? "GET",
    query: { nextauth: path.split("/") },
    headers: init.headers ?? { host: "10.0.0.5:3000", ...FORWARDED },
    cookies: init.cookies ?? {},
    body: init.body ?? {},
  };
  await (NextAuth as unknown as (...a: unknown[]) => Promise<void>)(req, res, authOptions());
  const cookies = setCookies.map((line): WrittenCookie => {
    const [pair, ...attributes] = line.split(";").map((s) => s.trim());
    const eq = pair.indexOf("=");
    return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
  });
  return { cookies, body };
}

/** Signs in through next-auth's credentials callback, as the sign-in form does. */
async function signInThroughNextAuth(
  uid: number,
  headers?: Record<string, string>,
): Promise<WrittenCookie> {
  const csrf = await nextAuth("csrf", { headers });
  const csrfCookie = csrf.cookies.find((c) => c.name.endsWith("next-auth.csrf-token"));
  expect(csrfCookie?.name).toBe("__Host-next-auth.csrf-token");
  expect(csrfCookie?.attributes).toContain("Secure");
  const { csrfToken } = csrf.body as { csrfToken: string };
  const ticket = signTicket({ uid, stage: "done" }, 60, new Date());
  const callback = await nextAuth("callback/credentials", {
    method: "POST",
    cookies: { [csrfCookie!.name]: csrfCookie!.value },
    headers,
    body: { csrfToken, ticket, json: "true" },
  });
  const session = callback.cookies.find((c) => c.name.endsWith("next-auth.session-token"));
  expect(session, JSON.stringify(callback)).toBeDefined();
  return session!;
}

const proxied = (path: string, cookie: string) =>
  proxy(new NextRequest(`${INTERNAL}${path}`, { headers: { ...FORWARDED, cookie } }));

describe("cookie settings from APP_URL", () => {
  it("are secure with the __Secure- name for an https address, plain for http", () => {
    expect(cookieSettings).toEqual({
      secure: true,
      sessionCookieName: "__Secure-next-auth.session-token",
    });
    expect(cookieSettingsFor("http://localhost:3000")).toEqual({
      secure: false,
      sessionCookieName: "next-auth.session-token",
    });
  });
});

describe("a browser session behind an https proxy", () => {
  it("is written as a Secure cookie named __Secure-next-auth.session-token", async () => {
    const user = await createUser(handle.db, { roles: [ROLE.projectManager] });
    const written = await signInThroughNextAuth(user.id);
    expect(written.name).toBe("__Secure-next-auth.session-token");
    expect(written.attributes).toEqual(expect.arrayContaining(["HttpOnly", "Secure", "Path=/"]));
  });

  it("is secure even when the proxy in front does not pass the protocol on", async () => {
    const user = await createUser(handle.db, { roles: [ROLE.projectManager] });
    // Next fills in X-Forwarded-Proto from its own plain-http socket when the proxy sends none.
    const written = await signInThroughNextAuth(user.id, {
      host: "crewdeck.example",
      "x-forwarded-proto": "http",
    });
    expect(written.name).toBe("__Secure-next-auth.session-token");
    expect(written.attributes).toContain("Secure");
  });

  it("is read back by the proxy, the REST adapter and next-auth's session reader", async () => {
    const user = await createUser(handle.db, { roles: [ROLE.projectManager] });
    const written = await signInThroughNextAuth(user.id);
    const cookie = `${written.name}=${written.value}`;

    const page = await proxied("/dashboard", cookie);
    expect(page.headers.get("location")).toBeNull();

    const rest = await rulesGET(
      new NextRequest(`${INTERNAL}/api/v2/rules`, { headers: { ...FORWARDED, cookie } }),
      { params: Promise.resolve({}) },
    );
    expect(rest.status).toBe(200);

    // getServerSession (pages, server actions) runs this same next-auth session action.
    const session = await nextAuth("session", { cookies: { [written.name]: written.value } });
    expect((session.body as { uid?: number }).uid).toBe(user.id);
  });

  it("ignores the session under the plain http name", async () => {
    const user = await createUser(handle.db, { roles: [ROLE.projectManager] });
    const written = await signInThroughNextAuth(user.id);
    const cookie = `next-auth.session-token=${written.value}`;

    const page = await proxied("/dashboard", cookie);
    expect(new URL(page.headers.get("location")!).pathname).toBe("/sign-in");
    const rest = await rulesGET(
      new NextRequest(`${INTERNAL}/api/v2/rules`, { headers: { ...FORWARDED, cookie } }),
      { params: Promise.resolve({}) },
    );
    expect(rest.status).toBe(401);
  });
});

describe("security headers behind an https proxy", () => {
  it("give a page a CSP with a fresh nonce, handed to the render, and HSTS", async () => {
    const first = await proxied("/sign-in", "");
    const second = await proxied("/sign-in", "");
    const csp = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    // Next puts the nonce of the request's CSP header on the scripts it renders.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(first.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("cover redirects of the guard too", async () => {
    const res = await proxied("/dashboard", "");
    expect(res.headers.get("location")).toContain("/sign-in");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("give an API answer a CSP that loads nothing, and HSTS, without running the guard", async () => {
    const res = await proxied("/api/v2/rules", "");
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
