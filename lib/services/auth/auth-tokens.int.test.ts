import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { schema } from "@/db";
import { roleId } from "@/seed/reference";
import { DEFAULT_ROLE_PERMISSIONS, ROLE } from "@/lib/domain/permissions";
import { createUser, ctxFor, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
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
import {
  activityRows,
  anon,
  at,
  currentCode,
  db,
  minutes,
  uniqueEmail,
  setUpAuthDatabase,
  userWithTotp,
  wrongCode,
} from "./auth.test-support";

setUpAuthDatabase();

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
    const opened = await redeemTicket(anon(), res.ticket);
    expect(opened?.actor.userId).toBe(user.id);
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
    expect((await redeemTicket(anon(), done.ticket))?.actor.userId).toBe(id);

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
    expect((await redeemTicket(anon({ now }), ticket))?.actor.userId).toBe(user.id);
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
