import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { schema } from "@/db";
import { createUser, ctxFor, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { login } from "./login";
import { showTotpSetup, disableTotp, enableTotp, twoFactorStatus } from "./otp";
import { LIMITS } from "./rate-limit";
import {
  activityRows,
  anon,
  currentCode,
  db,
  nextCode,
  tokenCount,
  uniqueEmail,
  setUpAuthDatabase,
  userWithTotp,
  wrongCode,
} from "./auth.test-support";

setUpAuthDatabase();

describe("two-factor login (TOTP)", () => {
  it("starts the set-up with a QR image and a base32 code, the same code when asked twice", async () => {
    const user = await createUser(db, { email: uniqueEmail("totp-setup") });
    const ctx = await ctxFor(db, user.id);
    const first = await showTotpSetup(ctx);
    expect(first.image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(first.code).toMatch(/^[A-Z2-7]{16,}=*$/);
    const second = await showTotpSetup(ctx);
    expect(second.code).toBe(first.code);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: false });
  });

  it("enables only with a right code: a wrong one is 422 invalid_otp and changes nothing", async () => {
    const email = uniqueEmail("totp-enable");
    const user = await createUser(db, { email });
    const ctx = await ctxFor(db, user.id);
    const { code: secret } = await showTotpSetup(ctx);

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
    expect((await appErrorOf(showTotpSetup(ctx))).status).toBe(409);
  });

  it(`blocks enabling after ${LIMITS.perAccount} wrong codes`, async () => {
    const user = await createUser(db, { email: uniqueEmail("totp-enable-limit") });
    const ctx = await ctxFor(db, user.id);
    const { code: secret } = await showTotpSetup(ctx);
    for (let i = 0; i < LIMITS.perAccount; i++) {
      expect((await appErrorOf(enableTotp(ctx, { otp: wrongCode(secret) }))).type).toBe(
        "invalid_otp",
      );
    }
    expect((await appErrorOf(enableTotp(ctx, { otp: currentCode(secret) }))).status).toBe(429);
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: false });
  });

  it("refuses a code that matches no secret the set-up showed", async () => {
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
    const { code: newSecret } = await showTotpSetup(ctx);
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
