import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import speakeasy from "speakeasy";
import { schema, setDatabaseForTests } from "@/db";
import { hashPassword } from "@/lib/auth/password";
import { ROLE } from "@/lib/domain/permissions";
import { createUser, ctxFor, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import { rowCounts } from "@/lib/testing/row-counts";
import * as otpRoute from "@/app/api/v2/otp/route";
import { AppError } from "../errors";
import { login } from "./login";
import { disableTotp, enableTotp, showTotpSetup, twoFactorStatus } from "./otp";
import { issueApiToken } from "./tokens";
import {
  activityRows,
  anon,
  currentCode,
  db,
  handle,
  previousCode,
  setUpAuthDatabase,
  uniqueEmail,
} from "./auth.test-support";

setUpAuthDatabase();
beforeAll(() => setDatabaseForTests(handle));

type Setup = { image: string; code: string };

async function person(tag: string) {
  const email = uniqueEmail(tag);
  const user = await createUser(db, { email, roles: [ROLE.worker] });
  const token = (await issueApiToken(db, user.id, new Date())).access_token;
  return { ...user, email, token };
}

const totpRow = async (userId: number) =>
  (await db.select().from(schema.totpSecrets).where(eq(schema.totpSecrets.userId, userId)))[0];

/** GET otp as a tab of the user would: the set-up's image and code. */
async function getOtp(token: string) {
  const res = await callRoute(otpRoute.GET, "otp", { token });
  expect(res.status).toBe(200);
  return (res.body as { data: Setup }).data;
}

const codeAt = (secret: string, seconds: number) =>
  speakeasy.totp({ secret, encoding: "base32", time: Math.floor(Date.now() / 1000) + seconds });

describe("two-factor set-up is a read (GET otp, /otp/enable)", () => {
  it("shows two tabs the same secret and writes nothing", async () => {
    const u = await person("two-tabs");
    const before = await rowCounts(db);
    const [first, second] = await Promise.all([getOtp(u.token), getOtp(u.token)]);
    const third = await showTotpSetup(await ctxFor(db, u.id));
    expect(first.code).toMatch(/^[A-Z2-7]{32}$/);
    expect(second.code).toBe(first.code);
    expect(third.code).toBe(first.code);
    expect(first.image).toMatch(/^data:image\/png;base64,/);
    expect(await rowCounts(db)).toEqual(before);
    expect(await totpRow(u.id)).toBeUndefined();
  });

  it("gives each user its own secret", async () => {
    const [a, b] = [await person("own-a"), await person("own-b")];
    expect((await getOtp(a.token)).code).not.toBe((await getOtp(b.token)).code);
  });

  it("lets either tab turn it on; the other tab's confirmation then answers 409 and changes nothing", async () => {
    const u = await person("either-tab");
    const tabA = await getOtp(u.token);
    const tabB = await getOtp(u.token);
    const res = await callRoute(otpRoute.POST, "otp", {
      token: u.token,
      json: { otp: codeAt(tabB.code, -30) },
    });
    expect(res.status).toBe(200);
    expect(await totpRow(u.id)).toMatchObject({ secret: tabA.code });
    expect(await twoFactorStatus(await ctxFor(db, u.id))).toEqual({ enabled: true });

    const late = await callRoute(otpRoute.POST, "otp", {
      token: u.token,
      json: { otp: currentCode(tabA.code) },
    });
    expect(late.status).toBe(409);
    expect((late.body as { type: string }).type).toBe("otp_enabled");
    expect(await activityRows(u.id, "Enabled two-factor login")).toHaveLength(1);
    expect((await callRoute(otpRoute.GET, "otp", { token: u.token })).status).toBe(409);
    // The stored secret is the one both tabs showed: sign-in asks for its codes.
    const asked = await appErrorOf(login(anon(), { email: u.email, password: TEST_PASSWORD }));
    expect(asked.type).toBe("two_factor_required");
    const signedIn = await login(anon(), {
      email: u.email,
      password: TEST_PASSWORD,
      otp: currentCode(tabA.code),
    });
    expect(signedIn.id).toBe(u.id);
  });

  it("two tabs confirming at once: one turns it on, the other is refused, one activity row", async () => {
    const u = await person("race");
    const ctx = await ctxFor(db, u.id);
    const { code } = await showTotpSetup(ctx);
    const results = await Promise.allSettled([
      enableTotp(ctx, { otp: codeAt(code, -30) }),
      enableTotp(ctx, { otp: codeAt(code, 0) }),
    ]);
    const statuses = results.map((r) =>
      r.status === "fulfilled" ? 200 : r.reason instanceof AppError ? r.reason.status : 500,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await activityRows(u.id, "Enabled two-factor login")).toHaveLength(1);
  });

  it("shows a new secret after switching off, and after a new password", async () => {
    const u = await person("rotate");
    const ctx = await ctxFor(db, u.id);
    const first = (await showTotpSetup(ctx)).code;
    await db
      .update(schema.users)
      .set({ passwordHash: await hashPassword("Other#Password7") })
      .where(eq(schema.users.id, u.id));
    const afterPassword = (await showTotpSetup(ctx)).code;
    expect(afterPassword).not.toBe(first);
    // The code of a secret shown before the change no longer turns it on.
    const stale = await appErrorOf(enableTotp(ctx, { otp: previousCode(first) }));
    expect(stale.type).toBe("invalid_otp");

    await enableTotp(ctx, { otp: previousCode(afterPassword) });
    await disableTotp(ctx, { password: "Other#Password7" });
    expect(await twoFactorStatus(ctx)).toEqual({ enabled: false });
    const again = (await showTotpSetup(ctx)).code;
    expect([first, afterPassword]).not.toContain(again);
    expect(await showTotpSetup(ctx)).toMatchObject({ code: again });
  });
});
