import { afterAll, beforeAll, describe, expect, it } from "vitest";
import speakeasy from "speakeasy";
import { and, count, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx } from "@/lib/services/context";
import { beginBrowserSignIn, completeTwoFactor, login, redeemTicket } from "./login";
import { showTotpSetup, enableTotp } from "./otp";
import { LIMITS } from "./rate-limit";

// What must hold under concurrency: single-use tickets and codes, and limits that count
// every one of a burst of parallel attempts.

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
const uniqueEmail = (tag: string) => `${tag}.${++seq}.${Date.now()}@single-use.test`;
const codeAt = (secret: string, seconds: number) =>
  speakeasy.totp({ secret, encoding: "base32", time: Math.floor(Date.now() / 1000) + seconds });

async function userWithTotp(tag: string) {
  const user = await createUser(db, { email: uniqueEmail(tag), roles: [ROLE.worker] });
  const ctx = await ctxFor(db, user.id);
  const { code: secret } = await showTotpSetup(ctx);
  // Enabled with the previous step's code, so the current one is still unused.
  await enableTotp(ctx, { otp: codeAt(secret, -30) });
  return { ...user, secret };
}

describe("sign-in tickets", () => {
  it("open one session when the same ticket is redeemed twice in parallel", async () => {
    const user = await createUser(db, { email: uniqueEmail("ticket-race") });
    const started = await beginBrowserSignIn(makeCtx(db, null), {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(started.stage).toBe("done");
    const results = await Promise.all(
      Array.from({ length: 4 }, () => redeemTicket(makeCtx(db, null), started.ticket)),
    );
    expect(results.filter((r) => r?.actor.userId === user.id)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(3);
    const [{ n }] = await db
      .select({ n: count() })
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.causerId, user.id),
          eq(schema.activityLog.description, "Signed in"),
        ),
      );
    expect(Number(n)).toBe(1);
  });

  it("forgets redeemed tickets once they have expired anyway", async () => {
    await db
      .insert(schema.redeemedTickets)
      .values({ jti: "long-gone", expiresAt: new Date(Date.now() - 60_000) });
    const user = await createUser(db, { email: uniqueEmail("ticket-sweep") });
    const { ticket } = await beginBrowserSignIn(makeCtx(db, null), {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(await redeemTicket(makeCtx(db, null), ticket)).not.toBeNull();
    const left = await db
      .select()
      .from(schema.redeemedTickets)
      .where(eq(schema.redeemedTickets.jti, "long-gone"));
    expect(left).toEqual([]);
  });
});

describe("two-factor codes", () => {
  it("accept a code once: the same code again is refused with 401 invalid_otp", async () => {
    const { email, secret } = await userWithTotp("totp-replay");
    const otp = codeAt(secret, 0);
    const first = await login(makeCtx(db, null), { email, password: TEST_PASSWORD, otp });
    expect(first.email).toBe(email);
    const again = await appErrorOf(
      login(makeCtx(db, null), { email, password: TEST_PASSWORD, otp }),
    );
    expect(again.status).toBe(401);
    expect(again.type).toBe("invalid_otp");
  });

  it("refuse an older code once a newer one was accepted", async () => {
    const { email, secret } = await userWithTotp("totp-older");
    const newer = codeAt(secret, 30);
    await login(makeCtx(db, null, { now: new Date(Date.now() + 30_000) }), {
      email,
      password: TEST_PASSWORD,
      otp: newer,
    });
    const older = await appErrorOf(
      login(makeCtx(db, null), { email, password: TEST_PASSWORD, otp: codeAt(secret, 0) }),
    );
    expect(older.type).toBe("invalid_otp");
  });

  it("let one of two parallel uses of a code through the browser code step", async () => {
    const { email, secret } = await userWithTotp("totp-race");
    const tickets = await Promise.all(
      [0, 1].map(() => beginBrowserSignIn(makeCtx(db, null), { email, password: TEST_PASSWORD })),
    );
    const otp = codeAt(secret, 0);
    const outcomes = await Promise.allSettled(
      tickets.map((t) => completeTwoFactor(makeCtx(db, null), { ticket: t.ticket, otp })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
  });
});

describe("login rate limit under a burst", () => {
  it(`answers only ${LIMITS.perAccount} of 20 parallel wrong passwords with 401, the rest with 429`, async () => {
    const user = await createUser(db, { email: uniqueEmail("burst") });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appErrorOf(
          login(makeCtx(db, null, { ip: `198.51.100.${i}` }), {
            email: user.email,
            password: "Wrong-password1!",
          }),
        ),
      ),
    );
    const statuses = outcomes.map((e) => e.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.perAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LIMITS.perAccount);
  });

  it(`holds the per-address limit of ${LIMITS.perAddress} over a burst on many accounts`, async () => {
    const ip = "203.0.113.77";
    const emails = Array.from({ length: 30 }, () => uniqueEmail("burst-ip"));
    const outcomes = await Promise.all(
      emails.map((email) =>
        appErrorOf(login(makeCtx(db, null, { ip }), { email, password: "Wrong-password1!" })),
      ),
    );
    const statuses = outcomes.map((e) => e.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMITS.perAddress);
  });
});
