import { beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { schema, setDatabaseForTests } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { createUser } from "@/lib/testing/fixtures";
import {
  anon,
  at,
  db,
  handle,
  minutes,
  setUpAuthDatabase,
  uniqueEmail,
} from "../auth/auth.test-support";
import { lastMailTo, tokenIn } from "./account.test-support";
import { forgotPassword, resetLinkState, savePassword } from "./password-reset";

setUpAuthDatabase();
beforeAll(() => setDatabaseForTests(handle));

const NEW_PASSWORD = "Fresh-Start#2027";

async function linkFor(now: Date) {
  const email = uniqueEmail("link");
  await createUser(db, { email, roles: [ROLE.worker] });
  await forgotPassword(anon({ now }), { email });
  return tokenIn((await lastMailTo(db, email, "password_reset"))!.text, "/password/reset/");
}

/** Rows a page load could write: attempts (rate limits), links, the activity log. */
async function writes() {
  const [[a], [l], [g]] = await Promise.all([
    db.select({ n: count() }).from(schema.authAttempts),
    db.select({ n: count() }).from(schema.passwordResets),
    db.select({ n: count() }).from(schema.activityLog),
  ]);
  return [Number(a.n), Number(l.n), Number(g.n)];
}

// Opening /password/reset/{token} says what the link is before a password is typed (issue 23).
describe("resetLinkState", () => {
  it("is valid for a fresh link, expired after its hour, used once saved", async () => {
    const now = new Date();
    const token = await linkFor(now);
    expect(await resetLinkState(anon({ now }), token)).toBe("valid");
    expect(await resetLinkState(anon({ now: at(now, minutes(61)) }), token)).toBe("expired");
    await savePassword(anon({ now }), {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(await resetLinkState(anon({ now }), token)).toBe("used");
  });

  it("is unknown for a made-up, empty, over-long or non-text token", async () => {
    for (const token of ["not-a-real-token", "", "x".repeat(201), 42, null, ["a"]])
      expect(await resetLinkState(anon(), token)).toBe("unknown");
  });

  it("writes nothing, however often it is asked (a page load is a pure read)", async () => {
    const now = new Date();
    const token = await linkFor(now);
    const before = await writes();
    for (let i = 0; i < 8; i++) {
      await resetLinkState(anon({ now, ip: "203.0.113.9" }), token);
      await resetLinkState(anon({ now, ip: "203.0.113.9" }), `bogus-${i}`);
    }
    expect(await writes()).toEqual(before);
    // Asking did not spend or rate-limit the link: it still sets the password.
    await expect(
      savePassword(anon({ now }), {
        token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
    ).resolves.toMatchObject({ message: expect.any(String) });
  });
});
