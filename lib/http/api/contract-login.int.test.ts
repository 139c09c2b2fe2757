import { describe, expect, it, onTestFinished } from "vitest";
import { env } from "@/lib/env";
import speakeasy from "speakeasy";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { type ApiCall } from "@/lib/testing/route-request";
import * as loginRoute from "@/app/api/v2/auth/login/route";
import * as otpRoute from "@/app/api/v2/otp/route";
import * as otpDisableRoute from "@/app/api/v2/otp/disable/route";
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

  it("answers a body over 1 MB with 413", async () => {
    const rawBody = JSON.stringify({ email: "big@api.test", password: "x".repeat(1_100_000) });
    const res = await post(loginRoute.POST, "auth/login", { rawBody });
    expect(res.status).toBe(413);
    expect(expectErrorBody(res).type).toBe("payload_too_large");
  });

  it("answers a declared content-length over 1 MB with 413 before reading", async () => {
    const res = await post(loginRoute.POST, "auth/login", {
      rawBody: JSON.stringify({ email: "big@api.test", password: "x" }),
      headers: { "content-length": "5000000" },
    });
    expect(res.status).toBe(413);
    expect(expectErrorBody(res).type).toBe("payload_too_large");
  });

  it("measures the 1 MB limit in bytes, not characters", async () => {
    const rawBody = JSON.stringify({ email: "big@api.test", password: "€".repeat(700_000) });
    expect(Buffer.byteLength(rawBody)).toBeGreaterThan(2_000_000);
    const res = await post(loginRoute.POST, "auth/login", { rawBody });
    expect(res.status).toBe(413);
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
