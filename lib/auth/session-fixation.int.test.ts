import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JWT } from "next-auth/jwt";
import { setDatabaseForTests, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { makeCtx, loadSessionActor } from "@/lib/services/context";
import { beginBrowserSignIn } from "@/lib/services/auth/login";
import { testDatabase } from "@/lib/testing/db";
import { createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { authOptions } from "./next-auth";

/*
 * No session fixation (issue 27): a browser sign-in opens a new user_sessions row with a sid
 * drawn at that moment, and the JWT written at sign-in carries that sid whatever the cookie
 * held before — a sid planted in (or left over from) an earlier cookie is never taken over.
 */

let handle: DbHandle;
let db: Db;
beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  setDatabaseForTests(handle);
});
afterAll(async () => {
  await handle?.close();
});

async function signInThroughNextAuth(email: string, before: JWT) {
  const started = await beginBrowserSignIn(makeCtx(db, null), { email, password: TEST_PASSWORD });
  expect(started.stage).toBe("done");
  const options = authOptions();
  const provider = options.providers[0] as unknown as {
    options: { authorize: (c: unknown, req: unknown) => Promise<{ id: string; sid: string }> };
  };
  const user = await provider.options.authorize(
    { ticket: (started as { ticket: string }).ticket },
    { headers: {} },
  );
  const token = (await options.callbacks!.jwt!({
    token: before,
    user: user as never,
    account: null,
  })) as JWT & { uid: number; sid: string };
  return token;
}

describe("browser sign-in", () => {
  it("writes a new session id into the cookie at each sign-in, never the one it held", async () => {
    const victim = await createUser(db, { roles: [ROLE.worker] });
    const attacker = await createUser(db, { roles: [ROLE.worker] });
    // The attacker's own live session, planted in the victim's browser before they sign in.
    const planted = await signInThroughNextAuth(attacker.email, {});
    expect(await loadSessionActor(db, planted, new Date())).toMatchObject({
      userId: attacker.id,
    });

    const first = await signInThroughNextAuth(victim.email, { ...planted });
    expect(first.uid).toBe(victim.id);
    expect(first.sid).toMatch(/^\S{32,}$/);
    expect(first.sid).not.toBe(planted.sid);
    // The planted sid does not open the victim's account, and the new one does.
    expect(await loadSessionActor(db, { uid: victim.id, sid: planted.sid }, new Date())).toBeNull();
    expect(await loadSessionActor(db, first, new Date())).toMatchObject({ userId: victim.id });

    // Signing in again (same browser, same cookie) rotates the id once more.
    const second = await signInThroughNextAuth(victim.email, { ...first });
    expect(second.sid).not.toBe(first.sid);
    expect(await loadSessionActor(db, second, new Date())).toMatchObject({ userId: victim.id });
  });

  it("refuses a cookie whose sid was never issued, even for a real user id", async () => {
    const user = await createUser(db, { roles: [ROLE.worker] });
    const made = { uid: user.id, sid: "a".repeat(43) };
    expect(await loadSessionActor(db, made, new Date())).toBeNull();
    expect(await loadSessionActor(db, { uid: user.id, sid: null }, new Date())).toBeNull();
  });
});
