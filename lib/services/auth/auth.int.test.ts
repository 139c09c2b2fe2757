import { afterAll, beforeAll, describe, expect, it } from "vitest";
import speakeasy from "speakeasy";
import { and, count, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { roleId } from "@/db/seed/reference";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx, type Ctx } from "@/lib/services/context";
import { TooManyRequestsError } from "@/lib/services/errors";
import {
  beginBrowserSignIn,
  completeTwoFactor,
  login,
  logout,
  redeemTicket,
  refresh,
  resolveApiToken,
  rules,
} from "./login";
import { beginTotpSetup, disableTotp, enableTotp, twoFactorStatus } from "./otp";
import { LIMITS } from "./rate-limit";

let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
});

let seq = 0;
/** A distinct address per test, so rate limits of one test never touch another. */
const uniqueEmail = (tag: string) => `${tag}.${++seq}.${Date.now()}@auth.test`;

/** A signed-out caller (login, browser sign-in) at `now`, optionally from an address. */
const anon = (extra: { now?: Date; ip?: string } = {}): Ctx => makeCtx(db, null, extra);

const minutes = (n: number) => n * 60_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

const currentCode = (secret: string) => speakeasy.totp({ secret, encoding: "base32" });
/** The code of the step before now: enabling with it leaves the current code unused. */
const previousCode = (secret: string) =>
  speakeasy.totp({ secret, encoding: "base32", time: Math.floor(Date.now() / 1000) - 30 });
/** The code 30 s from now, for a second sign-in at that time (a code is accepted once). */
const nextCode = (secret: string) =>
  speakeasy.totp({ secret, encoding: "base32", time: Math.floor(Date.now() / 1000) + 30 });

/** A six-digit code that is not valid now nor in the neighbouring 30 s steps. */
function wrongCode(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(
    [-60, -30, 0, 30, 60].map((d) => speakeasy.totp({ secret, encoding: "base32", time: now + d })),
  );
  for (let i = 0; ; i++) {
    const code = String((i * 111_111) % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

async function activityRows(userId: number, description: string) {
  return db
    .select()
    .from(schema.activityLog)
    .where(
      and(eq(schema.activityLog.causerId, userId), eq(schema.activityLog.description, description)),
    );
}

async function tokenCount(userId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(schema.apiTokens)
    .where(eq(schema.apiTokens.userId, userId));
  return Number(n);
}

/** A user with two-factor login switched on; returns the base32 secret. */
async function userWithTotp(tag: string) {
  const user = await createUser(db, { email: uniqueEmail(tag), roles: [ROLE.worker] });
  const ctx = await ctxFor(db, user.id);
  const { code: secret } = await beginTotpSetup(ctx);
  await enableTotp(ctx, { otp: previousCode(secret) });
  return { ...user, secret };
}

describe("login", () => {
  it("answers exactly the DESIGN §6 shape: user, roles, sorted rules, a bearer token, no remember token", async () => {
    const email = uniqueEmail("shape");
    const user = await createUser(db, {
      email,
      name: "Ada Shape",
      roles: [ROLE.crewHandler, ROLE.worker],
    });
    const now = new Date();
    const res = await login(anon({ now }), { email, password: TEST_PASSWORD });

    expect(Object.keys(res).sort()).toEqual([
      "email",
      "id",
      "name",
      "remember_token",
      "role",
      "rules",
      "token",
    ]);
    expect(res.id).toBe(user.id);
    expect(res.name).toBe("Ada Shape");
    expect(res.email).toBe(email);
    expect([...res.role].sort((a, b) => a.id - b.id)).toEqual(
      [
        { id: await roleId(db, ROLE.crewHandler), title: ROLE.crewHandler },
        { id: await roleId(db, ROLE.worker), title: ROLE.worker },
      ].sort((a, b) => a.id - b.id),
    );
    const expectedRules = [
      ...new Set([
        ...DEFAULT_ROLE_PERMISSIONS[ROLE.crewHandler],
        ...DEFAULT_ROLE_PERMISSIONS[ROLE.worker],
      ]),
    ].sort();
    expect(res.rules).toEqual(expectedRules);
    expect(Object.keys(res.token).sort()).toEqual(["access_token", "expires_at", "token_type"]);
    expect(res.token.token_type).toBe("Bearer");
    expect(res.token.access_token).toMatch(/^\S{20,}$/);
    expect(res.token.expires_at).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
    );
    expect(new Date(res.token.expires_at).getTime()).toBeGreaterThan(now.getTime());
    expect(res.remember_token).toBeNull();
  });

  it("treats the e-mail case-insensitively and ignores surrounding spaces", async () => {
    const email = uniqueEmail("case");
    const user = await createUser(db, { email });
    const res = await login(anon(), {
      email: `  ${email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(res.id).toBe(user.id);
  });

  it("gives a wrong password and an unknown e-mail the same 401 answer", async () => {
    const email = uniqueEmail("wrong");
    const user = await createUser(db, { email });
    const wrongPassword = await appErrorOf(
      login(anon(), { email, password: "Not-the-password1!" }),
    );
    const unknown = await appErrorOf(
      login(anon(), { email: uniqueEmail("nobody"), password: TEST_PASSWORD }),
    );
    for (const err of [wrongPassword, unknown]) {
      expect(err.status).toBe(401);
      expect(err.type).toBe("invalid_credentials");
    }
    expect(unknown.message).toBe(wrongPassword.message);
    expect(await tokenCount(user.id)).toBe(0);
  });

  it("refuses a deactivated account with 403 account_deactivated, but only once the password is right", async () => {
    const email = uniqueEmail("deactivated");
    await createUser(db, { email, status: "deactivated" });
    const err = await appErrorOf(login(anon(), { email, password: TEST_PASSWORD }));
    expect(err.status).toBe(403);
    expect(err.type).toBe("account_deactivated");
    // A wrong password must not reveal that the account exists and is deactivated.
    const wrong = await appErrorOf(login(anon(), { email, password: "Not-the-password1!" }));
    expect(wrong.status).toBe(401);
    expect(wrong.type).toBe("invalid_credentials");
  });

  it("refuses an account awaiting approval with 403 account_not_approved", async () => {
    const email = uniqueEmail("unapproved");
    const user = await createUser(db, { email, approved: false });
    const err = await appErrorOf(login(anon(), { email, password: TEST_PASSWORD }));
    expect(err.status).toBe(403);
    expect(err.type).toBe("account_not_approved");
    expect(await tokenCount(user.id)).toBe(0);
  });

  it("refuses an archived account like an unknown one", async () => {
    const email = uniqueEmail("archived");
    const user = await createUser(db, { email });
    await db
      .update(schema.users)
      .set({ deletedAt: new Date() })
      .where(eq(schema.users.id, user.id));
    const err = await appErrorOf(login(anon(), { email, password: TEST_PASSWORD }));
    expect(err.status).toBe(401);
    expect(err.type).toBe("invalid_credentials");
  });

  it("rejects bad input with 422 and field errors", async () => {
    const err = await appErrorOf(login(anon(), { email: "not-an-address", password: "" }));
    expect(err.status).toBe(422);
    expect(Object.keys(err.errors ?? {}).sort()).toEqual(["email", "password"]);
  });

  it("writes an activity-log row and the last-login time", async () => {
    const email = uniqueEmail("activity");
    const user = await createUser(db, { email });
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    await login(anon({ now, ip: "192.0.2.10" }), { email, password: TEST_PASSWORD });
    const rows = await activityRows(user.id, "Signed in (API)");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ logName: "auth", subjectType: "users", subjectId: user.id });
    expect(rows[0].properties).toMatchObject({ ip: "192.0.2.10" });
    const [row] = await db
      .select({ at: schema.users.lastLoginAt })
      .from(schema.users)
      .where(eq(schema.users.id, user.id));
    expect(row.at?.getTime()).toBe(now.getTime());
  });
});

describe("login rate limit", () => {
  it(`blocks the ${LIMITS.perAccount + 1}th attempt after ${LIMITS.perAccount} failures, even with the right password`, async () => {
    const email = uniqueEmail("limit");
    await createUser(db, { email });
    const t0 = new Date();
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const err = await appErrorOf(
        login(anon({ now: at(t0, i * 1000) }), { email, password: "Wrong-password1!" }),
      );
      expect(err.type).toBe("invalid_credentials");
    }
    const blocked = await appErrorOf(
      login(anon({ now: at(t0, 10_000) }), { email, password: TEST_PASSWORD }),
    );
    expect(blocked).toBeInstanceOf(TooManyRequestsError);
    expect(blocked.status).toBe(429);
    const retry = (blocked as TooManyRequestsError).retryAfterSeconds;
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LIMITS.windowMinutes * 60);

    // Another spelling of the same address is the same account.
    const upper = await appErrorOf(
      login(anon({ now: at(t0, 11_000) }), { email: email.toUpperCase(), password: TEST_PASSWORD }),
    );
    expect(upper.status).toBe(429);

    // Once the window has passed, the right password works again.
    const res = await login(anon({ now: at(t0, minutes(16)) }), { email, password: TEST_PASSWORD });
    expect(res.email).toBe(email);
  });

  it("starts counting again after a successful sign-in", async () => {
    const email = uniqueEmail("reset");
    await createUser(db, { email });
    const t0 = new Date();
    let tick = 0;
    const next = () => anon({ now: at(t0, ++tick * 1000) });
    for (let i = 0; i < LIMITS.perAccount - 1; i++)
      await appErrorOf(login(next(), { email, password: "Wrong-password1!" }));
    await login(next(), { email, password: TEST_PASSWORD });
    for (let i = 0; i < LIMITS.perAccount - 1; i++)
      await appErrorOf(login(next(), { email, password: "Wrong-password1!" }));
    // 8 failures in the window, but only 4 since the last success: still allowed.
    await login(next(), { email, password: TEST_PASSWORD });
    for (let i = 0; i < LIMITS.perAccount; i++)
      await appErrorOf(login(next(), { email, password: "Wrong-password1!" }));
    const err = await appErrorOf(login(next(), { email, password: TEST_PASSWORD }));
    expect(err.status).toBe(429);
  });

  it(`blocks an address after ${LIMITS.perAddress} failures spread over several accounts`, async () => {
    const ip = "198.51.100.23";
    const t0 = new Date();
    const victims = await Promise.all(
      Array.from({ length: 5 }, () => createUser(db, { email: uniqueEmail("spray") })),
    );
    let tick = 0;
    for (let i = 0; i < LIMITS.perAddress; i++) {
      const victim = victims[i % victims.length];
      const err = await appErrorOf(
        login(anon({ now: at(t0, ++tick * 1000), ip }), {
          email: victim.email,
          password: "Wrong-password1!",
        }),
      );
      expect(err.type).toBe("invalid_credentials");
    }
    // Each account has only 4 failures, so this is the address limit at work.
    const fresh = await createUser(db, { email: uniqueEmail("fresh") });
    const err = await appErrorOf(
      login(anon({ now: at(t0, ++tick * 1000), ip }), {
        email: fresh.email,
        password: TEST_PASSWORD,
      }),
    );
    expect(err.status).toBe(429);
    // The same account from another address is not affected.
    const ok = await login(anon({ now: at(t0, ++tick * 1000), ip: "198.51.100.24" }), {
      email: fresh.email,
      password: TEST_PASSWORD,
    });
    expect(ok.id).toBe(fresh.id);
  });
});

describe("two-factor login (TOTP)", () => {
  it("starts the set-up with a QR image and a base32 code, the same code when asked twice", async () => {
    const user = await createUser(db, { email: uniqueEmail("totp-setup") });
    const ctx = await ctxFor(db, user.id);
    const first = await beginTotpSetup(ctx);
    expect(first.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(first.code).toMatch(/^[A-Z2-7]{16,}=*$/);
    const second = await beginTotpSetup(ctx);
    expect(second.code).toBe(first.code);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: false });
  });

  it("enables only with a right code: a wrong one is 422 invalid_otp and changes nothing", async () => {
    const email = uniqueEmail("totp-enable");
    const user = await createUser(db, { email });
    const ctx = await ctxFor(db, user.id);
    const { code: secret } = await beginTotpSetup(ctx);

    const err = await appErrorOf(enableTotp(ctx, { otp: wrongCode(secret) }));
    expect(err.status).toBe(422);
    expect(err.type).toBe("invalid_otp");
    expect(err.errors?.otp?.length).toBeGreaterThan(0);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: false });
    // Still a one-step login.
    expect((await login(anon(), { email, password: TEST_PASSWORD })).id).toBe(user.id);
    expect(await activityRows(user.id, "Enabled two-factor login")).toHaveLength(0);

    const res = await enableTotp(ctx, { otp: currentCode(secret) });
    expect(res.enabled).toBe(true);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: true });
    expect(await activityRows(user.id, "Enabled two-factor login")).toHaveLength(1);

    // Set-up cannot start again while it is on.
    expect((await appErrorOf(beginTotpSetup(ctx))).status).toBe(409);
  });

  it(`blocks enabling after ${LIMITS.perAccount} wrong codes`, async () => {
    const user = await createUser(db, { email: uniqueEmail("totp-enable-limit") });
    const ctx = await ctxFor(db, user.id);
    const { code: secret } = await beginTotpSetup(ctx);
    for (let i = 0; i < LIMITS.perAccount; i++) {
      expect((await appErrorOf(enableTotp(ctx, { otp: wrongCode(secret) }))).type).toBe(
        "invalid_otp",
      );
    }
    expect((await appErrorOf(enableTotp(ctx, { otp: currentCode(secret) }))).status).toBe(429);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: false });
  });

  it("refuses to enable before the set-up has started", async () => {
    const user = await createUser(db, { email: uniqueEmail("totp-nosetup") });
    const ctx = await ctxFor(db, user.id);
    const err = await appErrorOf(enableTotp(ctx, { otp: "123456" }));
    expect(err.status).toBe(422);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: false });
  });

  it("asks for the code, rejects a wrong one and remembers the device when asked", async () => {
    const { id, email, secret } = await userWithTotp("totp-login");

    const without = await appErrorOf(login(anon(), { email, password: TEST_PASSWORD }));
    expect(without.status).toBe(401);
    expect(without.type).toBe("two_factor_required");

    const wrong = await appErrorOf(
      login(anon(), { email, password: TEST_PASSWORD, otp: wrongCode(secret) }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.type).toBe("invalid_otp");
    expect(await tokenCount(id)).toBe(0);

    const right = await login(anon(), {
      email,
      password: TEST_PASSWORD,
      otp: currentCode(secret),
      rememberDevice: true,
    });
    expect(right.id).toBe(id);
    expect(typeof right.remember_token).toBe("string");
    expect(right.remember_token!.length).toBeGreaterThanOrEqual(20);

    // The remembered device skips the code.
    const remembered = await login(anon(), {
      email,
      password: TEST_PASSWORD,
      rememberToken: right.remember_token,
    });
    expect(remembered.id).toBe(id);
    expect(remembered.token.access_token).not.toBe(right.token.access_token);

    // Without rememberDevice no remember token is handed out.
    const plain = await login(anon({ now: new Date(Date.now() + 30_000) }), {
      email,
      password: TEST_PASSWORD,
      otp: nextCode(secret),
    });
    expect(plain.remember_token).toBeNull();
  });

  it("does not let one user's remember token skip another user's code", async () => {
    const a = await userWithTotp("totp-a");
    const b = await userWithTotp("totp-b");
    const { remember_token } = await login(anon(), {
      email: a.email,
      password: TEST_PASSWORD,
      otp: currentCode(a.secret),
      rememberDevice: true,
    });
    const err = await appErrorOf(
      login(anon(), { email: b.email, password: TEST_PASSWORD, rememberToken: remember_token }),
    );
    expect(err.type).toBe("two_factor_required");
  });

  it("disables only with the right password, and forgets the remembered devices", async () => {
    const { id, email, secret } = await userWithTotp("totp-disable");
    const ctx = await ctxFor(db, id);
    const { remember_token } = await login(anon(), {
      email,
      password: TEST_PASSWORD,
      otp: currentCode(secret),
      rememberDevice: true,
    });

    const err = await appErrorOf(disableTotp(ctx, { password: "Not-the-password1!" }));
    expect(err.status).toBe(422);
    expect(err.errors?.password?.length).toBeGreaterThan(0);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: true });
    expect(await activityRows(id, "Disabled two-factor login")).toHaveLength(0);

    const res = await disableTotp(ctx, { password: TEST_PASSWORD });
    expect(res.enabled).toBe(false);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: false });
    const [{ n }] = await db
      .select({ n: count() })
      .from(schema.rememberTokens)
      .where(eq(schema.rememberTokens.userId, id));
    expect(Number(n)).toBe(0);
    expect(await activityRows(id, "Disabled two-factor login")).toHaveLength(1);
    expect((await login(anon(), { email, password: TEST_PASSWORD })).id).toBe(id);

    // Switched on again (with a new secret), the old remembered device must give the code again.
    const { code: newSecret } = await beginTotpSetup(ctx);
    expect(newSecret).not.toBe(secret);
    await enableTotp(ctx, { otp: currentCode(newSecret) });
    const again = await appErrorOf(
      login(anon(), { email, password: TEST_PASSWORD, rememberToken: remember_token }),
    );
    expect(again.type).toBe("two_factor_required");
  });

  it(`blocks the code step after ${LIMITS.perAccount} wrong codes, even for the right one`, async () => {
    const { email, secret } = await userWithTotp("totp-limit");
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const err = await appErrorOf(
        login(anon(), { email, password: TEST_PASSWORD, otp: wrongCode(secret) }),
      );
      expect(err.type).toBe("invalid_otp");
    }
    const err = await appErrorOf(
      login(anon(), { email, password: TEST_PASSWORD, otp: currentCode(secret) }),
    );
    expect(err.status).toBe(429);
  });

  it("answers 409 when disabling two-factor login that is not on", async () => {
    const user = await createUser(db, { email: uniqueEmail("totp-off") });
    const err = await appErrorOf(
      disableTotp(await ctxFor(db, user.id), { password: TEST_PASSWORD }),
    );
    expect(err.status).toBe(409);
  });
});

describe("API tokens", () => {
  it("resolves the issued token, and no longer after logout", async () => {
    const email = uniqueEmail("logout");
    const user = await createUser(db, { email });
    const { token } = await login(anon(), { email, password: TEST_PASSWORD });
    const found = await resolveApiToken(db, token.access_token, new Date());
    expect(found?.userId).toBe(user.id);

    const res = await logout(await ctxFor(db, user.id), found!.tokenId);
    expect(res.message).toEqual(expect.any(String));
    expect(await resolveApiToken(db, token.access_token, new Date())).toBeNull();
    expect(await activityRows(user.id, "Signed out")).toHaveLength(1);
  });

  it("does not resolve an unknown, empty or over-long token", async () => {
    expect(await resolveApiToken(db, "cd_not-a-token", new Date())).toBeNull();
    expect(await resolveApiToken(db, "", new Date())).toBeNull();
    expect(await resolveApiToken(db, "x".repeat(5000), new Date())).toBeNull();
  });

  it("refresh hands out a new token and revokes the one used", async () => {
    const email = uniqueEmail("refresh");
    const user = await createUser(db, { email });
    const { token } = await login(anon(), { email, password: TEST_PASSWORD });
    const old = await resolveApiToken(db, token.access_token, new Date());

    const res = await refresh(await ctxFor(db, user.id), old!.tokenId, {});
    expect(Object.keys(res)).toEqual(["token"]);
    expect(res.token.access_token).not.toBe(token.access_token);
    expect(res.token.token_type).toBe("Bearer");
    expect((await resolveApiToken(db, res.token.access_token, new Date()))?.userId).toBe(user.id);
    expect(await resolveApiToken(db, token.access_token, new Date())).toBeNull();
  });

  it("refresh leaves an activity-log row, like login and logout", async () => {
    const email = uniqueEmail("refresh-log");
    const user = await createUser(db, { email });
    const { token } = await login(anon(), { email, password: TEST_PASSWORD });
    const old = await resolveApiToken(db, token.access_token, new Date());
    const before = await db
      .select({ n: count() })
      .from(schema.activityLog)
      .where(eq(schema.activityLog.causerId, user.id));
    await refresh(await ctxFor(db, user.id), old!.tokenId, {});
    const after = await db
      .select({ n: count() })
      .from(schema.activityLog)
      .where(eq(schema.activityLog.causerId, user.id));
    expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
  });

  it("refresh with fetchUser adds the user fields and rules", async () => {
    const email = uniqueEmail("refresh-user");
    const user = await createUser(db, { email, name: "Fetch Me", roles: [ROLE.worker] });
    const { token } = await login(anon(), { email, password: TEST_PASSWORD });
    const old = await resolveApiToken(db, token.access_token, new Date());
    const res = await refresh(await ctxFor(db, user.id), old!.tokenId, { fetchUser: true });
    expect(res).toMatchObject({
      id: user.id,
      name: "Fetch Me",
      email,
      role: [{ id: await roleId(db, ROLE.worker), title: ROLE.worker }],
      rules: [...DEFAULT_ROLE_PERMISSIONS[ROLE.worker]].sort(),
    });
    expect(res.token.access_token).toEqual(expect.any(String));
  });

  it("does not resolve a token after it has expired", async () => {
    const email = uniqueEmail("expiry");
    const user = await createUser(db, { email });
    const now = new Date();
    const { token } = await login(anon({ now }), { email, password: TEST_PASSWORD });
    const expiresAt = new Date(token.expires_at).getTime();
    expect(
      (await resolveApiToken(db, token.access_token, new Date(expiresAt - 60_000)))?.userId,
    ).toBe(user.id);
    expect(await resolveApiToken(db, token.access_token, new Date(expiresAt + 1000))).toBeNull();
  });

  it("rules lists the user's permission strings, sorted", async () => {
    const user = await createUser(db, { email: uniqueEmail("rules"), roles: [ROLE.client] });
    expect(rules(await ctxFor(db, user.id))).toEqual(
      [...DEFAULT_ROLE_PERMISSIONS[ROLE.client]].sort(),
    );
    expect((await appErrorOf(Promise.resolve().then(() => rules(anon())))).status).toBe(401);
  });
});

describe("browser sign-in tickets", () => {
  it("finishes in one step without TOTP, and the ticket opens a session once redeemed", async () => {
    const email = uniqueEmail("ticket");
    const user = await createUser(db, { email });
    const res = await beginBrowserSignIn(anon(), { email, password: TEST_PASSWORD });
    expect(res.stage).toBe("done");
    const actor = await redeemTicket(anon(), res.ticket);
    expect(actor?.userId).toBe(user.id);
    expect(await activityRows(user.id, "Signed in")).toHaveLength(1);
  });

  it("uses the same credential checks as the API login", async () => {
    const email = uniqueEmail("ticket-wrong");
    await createUser(db, { email });
    const err = await appErrorOf(
      beginBrowserSignIn(anon(), { email, password: "Wrong-password1!" }),
    );
    expect(err.status).toBe(401);
    expect(err.type).toBe("invalid_credentials");
  });

  it("stops at the two-factor step with TOTP: that ticket opens no session, the code finishes it", async () => {
    const { id, email, secret } = await userWithTotp("ticket-2fa");
    const res = await beginBrowserSignIn(anon(), { email, password: TEST_PASSWORD });
    expect(res.stage).toBe("two_factor");
    expect(await redeemTicket(anon(), res.ticket)).toBeNull();

    const wrong = await appErrorOf(
      completeTwoFactor(anon(), { ticket: res.ticket, otp: wrongCode(secret) }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.type).toBe("invalid_otp");

    const done = await completeTwoFactor(anon(), {
      ticket: res.ticket,
      otp: currentCode(secret),
      rememberDevice: true,
    });
    expect(typeof done.rememberToken).toBe("string");
    expect((await redeemTicket(anon(), done.ticket))?.userId).toBe(id);

    // The remembered device skips the code on the next browser sign-in.
    const again = await beginBrowserSignIn(anon(), {
      email,
      password: TEST_PASSWORD,
      rememberToken: done.rememberToken,
    });
    expect(again.stage).toBe("done");
  });

  it("rejects a tampered, a forged and an expired ticket", async () => {
    const email = uniqueEmail("ticket-bad");
    const user = await createUser(db, { email });
    const now = new Date();
    const { ticket } = await beginBrowserSignIn(anon({ now }), { email, password: TEST_PASSWORD });
    const [body, mac] = ticket.split(".");

    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    const otherUser = await createUser(db, { email: uniqueEmail("ticket-victim") });
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, uid: otherUser.id })).toString(
      "base64url",
    );
    expect(await redeemTicket(anon({ now }), `${forgedBody}.${mac}`)).toBeNull();

    const flipped = mac.slice(0, -1) + (mac.endsWith("A") ? "B" : "A");
    expect(await redeemTicket(anon({ now }), `${body}.${flipped}`)).toBeNull();
    expect(await redeemTicket(anon({ now }), "garbage")).toBeNull();
    expect(await redeemTicket(anon({ now }), 42)).toBeNull();

    expect(await redeemTicket(anon({ now: at(now, minutes(10)) }), ticket)).toBeNull();
    // The untouched ticket, in time, works.
    expect((await redeemTicket(anon({ now }), ticket))?.userId).toBe(user.id);
  });

  it("does not accept a done ticket where the two-factor ticket is expected", async () => {
    const email = uniqueEmail("ticket-stage");
    await createUser(db, { email });
    const { ticket } = await beginBrowserSignIn(anon(), { email, password: TEST_PASSWORD });
    const err = await appErrorOf(completeTwoFactor(anon(), { ticket, otp: "123456" }));
    expect(err.status).toBe(401);
    expect(err.type).toBe("ticket_expired");
  });

  it("opens no session for a user deactivated after the password step", async () => {
    const email = uniqueEmail("ticket-deact");
    const user = await createUser(db, { email });
    const { ticket } = await beginBrowserSignIn(anon(), { email, password: TEST_PASSWORD });
    await db
      .update(schema.users)
      .set({ status: "deactivated" })
      .where(eq(schema.users.id, user.id));
    expect(await redeemTicket(anon(), ticket)).toBeNull();
  });
});
