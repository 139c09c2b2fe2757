import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "@/db";
import { roleId } from "@/seed/reference";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { TooManyRequestsError } from "@/lib/services/errors";
import { login } from "./login";
import { LIMITS } from "./rate-limit";
import {
  activityRows,
  anon,
  at,
  db,
  minutes,
  tokenCount,
  uniqueEmail,
  setUpAuthDatabase,
} from "./auth.test-support";

setUpAuthDatabase();

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

  it("lets an applicant (awaiting approval) sign in with the applicant rules only", async () => {
    const email = uniqueEmail("unapproved");
    const user = await createUser(db, { email, approved: false, roles: [ROLE.worker] });
    const res = await login(anon(), { email, password: TEST_PASSWORD });
    expect(res.id).toBe(user.id);
    expect(res.rules).toEqual(["help_access", "my_dashboard_access"]);
    expect(await tokenCount(user.id)).toBe(1);
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
