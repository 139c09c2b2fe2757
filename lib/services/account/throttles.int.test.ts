import { beforeAll, describe, expect, it, vi } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { schema, setDatabaseForTests } from "@/db";
import { hashPassword } from "@/lib/auth/password";
import { randomToken, sha256 } from "@/lib/auth/secret";
import { ROLE } from "@/lib/domain/permissions";
import { createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { AppError } from "@/lib/services/errors";
import { callRoute } from "@/lib/testing/route-request";
import { rowCounts } from "@/lib/testing/row-counts";
import * as registerRoute from "@/app/api/v2/registration/route";
import * as forgotRoute from "@/app/api/v2/auth/forgot_password/route";
import * as saveRoute from "@/app/api/v2/auth/forgot_password_save/route";
import { login } from "../auth/login";
import { LIMITS } from "../auth/rate-limit";
import {
  anon,
  at,
  db,
  handle,
  minutes,
  setUpAuthDatabase,
  uniqueEmail,
} from "../auth/auth.test-support";
import { signUpPayload, signUpWorld, type SignUpWorld } from "./account.test-support";
import {
  forgotPassword,
  RESET_LINK_INVALID,
  savePassword,
  TOO_MANY_RESET_REQUESTS,
  TOO_MANY_RESET_TRIES,
} from "./password-reset";
import { register, TOO_MANY_SIGN_UPS } from "./registration";

// The real hasher, watched: a refused reset must never reach it.
vi.mock("@/lib/auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/auth/password")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});
const hasher = vi.mocked(hashPassword);

setUpAuthDatabase();
let w: SignUpWorld;
beforeAll(async () => {
  setDatabaseForTests(handle);
  w = await signUpWorld(db);
});

const NEW_PASSWORD = "Fresh-Start#2027";
const save = (token: string, password = NEW_PASSWORD, now = new Date()) =>
  savePassword(anon({ now }), { token, password, password_confirmation: password });

/** A reset link stored for the user as forgot_password stores one; answers its token. */
async function resetLink(userId: number, expiresAt = new Date(Date.now() + minutes(60))) {
  const token = randomToken(32);
  await db
    .insert(schema.passwordResets)
    .values({ userId, tokenHash: sha256(token), expiresAt, createdAt: new Date() });
  return token;
}

async function person(tag: string) {
  const email = uniqueEmail(tag);
  return { ...(await createUser(db, { email, roles: [ROLE.worker] })), email };
}

const signsInWith = async (email: string, password: string) =>
  login(anon(), { email, password }).then(
    () => true,
    () => false,
  );

const linkSpent = async (token: string) =>
  (
    await db
      .select({ usedAt: schema.passwordResets.usedAt })
      .from(schema.passwordResets)
      .where(eq(schema.passwordResets.tokenHash, sha256(token)))
  )[0].usedAt !== null;

const waitText = (what: string) => new RegExp(`^${what} Please try again in \\d+ minutes?\\.$`);

describe("forgot_password_save checks the link before hashing anything", () => {
  it("refuses an unknown, an expired and a used link with its 422, never calling the hasher", async () => {
    const u = await person("nohash");
    const expired = await resetLink(u.id, new Date(Date.now() - 1000));
    const used = await resetLink(u.id);
    await save(used);
    hasher.mockClear();

    for (const token of [randomToken(32), expired, used]) {
      const err = await appErrorOf(save(token, "Another#Pass1"));
      expect(err.status).toBe(422);
      expect(err.errors?.token).toEqual([RESET_LINK_INVALID]);
    }
    const viaApi = await callRoute(saveRoute.POST, "auth/forgot_password_save", {
      json: { token: "made-up", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(viaApi.status).toBe(422);
    expect(hasher).not.toHaveBeenCalled();
    expect(await signsInWith(u.email, NEW_PASSWORD)).toBe(true);
  });

  it("hashes once for a live link", async () => {
    const u = await person("hashonce");
    const token = await resetLink(u.id);
    hasher.mockClear();
    await save(token);
    expect(hasher).toHaveBeenCalledTimes(1);
    expect(await signsInWith(u.email, NEW_PASSWORD)).toBe(true);
  });
});

describe("forgot_password_save limits", () => {
  it(`per token: the ${LIMITS.perToken + 1}th try of one link in 15 minutes is 429; another link is not affected`, async () => {
    const token = randomToken(32);
    for (let i = 0; i < LIMITS.perToken; i++) {
      expect((await appErrorOf(save(token))).status).toBe(422);
    }
    const res = await callRoute(saveRoute.POST, "auth/forgot_password_save", {
      json: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(res.status).toBe(429);
    expect((res.body as { message: string }).message).toMatch(waitText(TOO_MANY_RESET_TRIES.token));
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((res.body as { type: string }).type).toBe("too_many_requests");

    expect((await appErrorOf(save(randomToken(32)))).status).toBe(422);
    const u = await person("other-link");
    await save(await resetLink(u.id));
    expect(await signsInWith(u.email, NEW_PASSWORD)).toBe(true);
    // The window passes, the link may be tried again.
    expect((await appErrorOf(save(token, NEW_PASSWORD, at(new Date(), minutes(16))))).status).toBe(
      422,
    );
  });

  it(`per account: every try with the account's links counts; the ${LIMITS.perAccount + 1}th is 429 and changes nothing`, async () => {
    const a = await person("acct-a");
    const tokens = [];
    for (let i = 0; i < LIMITS.perAccount; i++) tokens.push(await resetLink(a.id));
    // The first sets the password (and spends every other link), the rest are spent already.
    await save(tokens[0]);
    for (const token of tokens.slice(1)) expect((await appErrorOf(save(token))).status).toBe(422);

    const fresh = await resetLink(a.id);
    const before = await rowCounts(db);
    hasher.mockClear();
    const err = await appErrorOf(save(fresh, "Third#Password9"));
    expect(err.status).toBe(429);
    expect(err.message).toMatch(waitText(TOO_MANY_RESET_TRIES.account));
    expect(hasher).not.toHaveBeenCalled();
    expect(await rowCounts(db)).toEqual(before);
    expect(await linkSpent(fresh)).toBe(false);
    expect(await signsInWith(a.email, NEW_PASSWORD)).toBe(true);

    const b = await person("acct-b");
    await save(await resetLink(b.id), "Third#Password9");
    expect(await signsInWith(b.email, "Third#Password9")).toBe(true);
  });

  it("holds under a burst: 12 saves of one live link at once, one sets the password, at most 5 reach the hasher", async () => {
    const u = await person("burst");
    const token = await resetLink(u.id);
    hasher.mockClear();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => save(token)));
    const statuses = results.map((r) =>
      r.status === "fulfilled" ? 200 : r.reason instanceof AppError ? r.reason.status : 500,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMITS.perToken);
    expect(statuses.filter((s) => s === 422)).toHaveLength(LIMITS.perToken - 1);
    expect(hasher.mock.calls.length).toBeLessThanOrEqual(LIMITS.perToken);
    expect(await signsInWith(u.email, NEW_PASSWORD)).toBe(true);
  });
});

describe("sign-up per e-mail address", () => {
  it(`the ${LIMITS.perAccount + 1}th sign-up of one address in 15 minutes is 429 and creates nothing; another address signs up`, async () => {
    const email = uniqueEmail("signup-limit");
    const wrongBranch = signUpPayload(w, email, { branch_id: w.otherCountryBranchId });
    for (let i = 0; i < LIMITS.perAccount; i++) {
      expect((await appErrorOf(register(anon(), wrongBranch))).status).toBe(422);
    }
    const before = await rowCounts(db);
    const res = await callRoute(registerRoute.POST, "registration", {
      json: signUpPayload(w, email),
    });
    expect(res.status).toBe(429);
    expect((res.body as { message: string }).message).toMatch(waitText(TOO_MANY_SIGN_UPS));
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rowCounts(db)).toEqual(before);

    const other = uniqueEmail("signup-other");
    const ok = await callRoute(registerRoute.POST, "registration", {
      json: signUpPayload(w, other),
    });
    expect(ok.status).toBe(201);
  });
});

describe("reset requests per e-mail address", () => {
  const resetMails = async (to: string) =>
    Number(
      (
        await db
          .select({ n: count() })
          .from(schema.mailOutbox)
          .where(
            and(eq(schema.mailOutbox.to, to), eq(schema.mailOutbox.template, "password_reset")),
          )
      )[0].n,
    );

  it(`the ${LIMITS.perAccount + 1}th request for one address in 15 minutes is 429 and mails nothing; another address is not affected`, async () => {
    const u = await person("forgot-limit");
    for (let i = 0; i < LIMITS.perAccount; i++) await forgotPassword(anon(), { email: u.email });
    expect(await resetMails(u.email)).toBe(LIMITS.perAccount);
    const before = await rowCounts(db);
    const res = await callRoute(forgotRoute.POST, "auth/forgot_password", {
      json: { email: u.email },
    });
    expect(res.status).toBe(429);
    expect((res.body as { message: string }).message).toMatch(waitText(TOO_MANY_RESET_REQUESTS));
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rowCounts(db)).toEqual(before);

    const other = await person("forgot-other");
    const ok = await callRoute(forgotRoute.POST, "auth/forgot_password", {
      json: { email: other.email },
    });
    expect(ok.status).toBe(200);
    expect(await resetMails(other.email)).toBe(1);
    expect(await signsInWith(u.email, TEST_PASSWORD)).toBe(true);
  });
});
