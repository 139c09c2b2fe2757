import { beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { schema, setDatabaseForTests } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { createUser, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { callRoute } from "@/lib/testing/route-request";
import { browserCookie } from "@/lib/testing/session-cookie";
import * as rulesRoute from "@/app/api/v2/rules/route";
import * as sessionsRoute from "@/app/api/v2/auth/sessions/route";
import * as sessionRoute from "@/app/api/v2/auth/sessions/[id]/route";
import * as tokensRoute from "@/app/api/v2/auth/tokens/route";
import * as tokenRoute from "@/app/api/v2/auth/tokens/[id]/route";
import * as deviceRoute from "@/app/api/v2/auth/remembered-devices/[id]/route";
import * as devicesRoute from "@/app/api/v2/auth/remembered-devices/route";
import * as changeRoute from "@/app/api/v2/auth/change-password/route";
import * as forgotRoute from "@/app/api/v2/auth/forgot_password/route";
import * as saveRoute from "@/app/api/v2/auth/forgot_password_save/route";
import { endBrowserSession, login } from "../auth/login";
import { issueRememberToken } from "../auth/tokens";
import { loadSessionActor, makeCtx } from "../context";
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
import {
  forgotPassword,
  PASSWORD_CHANGED,
  RESET_LINK_INVALID,
  RESET_LINK_SENT,
  savePassword,
} from "./password-reset";
import { PASSWORD_UPDATED, WRONG_CURRENT_PASSWORD } from "./security";

setUpAuthDatabase();
beforeAll(() => setDatabaseForTests(handle));

const NEW_PASSWORD = "Fresh-Start#2027";
const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";

async function person(tag: string) {
  const email = uniqueEmail(tag);
  const user = await createUser(db, { email, roles: [ROLE.worker] });
  return { ...user, email };
}

const rulesWith = (headers: Record<string, string>) =>
  callRoute(rulesRoute.GET, "rules", { headers });

async function mailCount(to: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.to, to), eq(schema.mailOutbox.template, "password_reset")));
  return Number(n);
}

describe("forgot password", () => {
  it("answers the same for a real and an unknown address, and mails only the real one", async () => {
    const u = await person("forgot");
    const unknown = uniqueEmail("nobody");
    const real = await callRoute(forgotRoute.POST, "auth/forgot_password", {
      json: { email: u.email },
    });
    const none = await callRoute(forgotRoute.POST, "auth/forgot_password", {
      json: { email: unknown },
    });
    expect(real.status).toBe(200);
    expect(none.status).toBe(200);
    expect(real.body).toEqual({ message: RESET_LINK_SENT });
    expect(none.body).toEqual(real.body);
    expect(await mailCount(u.email)).toBe(1);
    expect(await mailCount(unknown)).toBe(0);
  });

  it("limits requests per e-mail, known or not (the sixth in 15 minutes is 429)", async () => {
    const now = new Date();
    for (const email of [uniqueEmail("lim-unknown"), (await person("lim-real")).email]) {
      for (let i = 0; i < 5; i++) await forgotPassword(anon({ now }), { email });
      const err = await appErrorOf(forgotPassword(anon({ now }), { email }));
      expect(err.status).toBe(429);
    }
  });
});

describe("forgot_password_save", () => {
  async function resetToken(email: string, now = new Date()) {
    await forgotPassword(anon({ now }), { email });
    return tokenIn((await lastMailTo(db, email, "password_reset"))!.text, "/password/reset/");
  }

  it("sets the password once: old password, old API token, other sessions and devices all end", async () => {
    const u = await person("save");
    const api = await login(anon(), { email: u.email, password: TEST_PASSWORD });
    const browser = await browserCookie(db, u.id);
    await issueRememberToken(db, u.id, new Date());
    expect((await rulesWith({ authorization: `Bearer ${api.token.access_token}` })).status).toBe(
      200,
    );

    const token = await resetToken(u.email);
    const res = await callRoute(saveRoute.POST, "auth/forgot_password_save", {
      json: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_CHANGED });

    expect(
      (await appErrorOf(login(anon(), { email: u.email, password: TEST_PASSWORD }))).status,
    ).toBe(401);
    expect((await login(anon(), { email: u.email, password: NEW_PASSWORD })).id).toBe(u.id);
    expect((await rulesWith({ authorization: `Bearer ${api.token.access_token}` })).status).toBe(
      401,
    );
    expect((await rulesWith({ cookie: browser.cookie })).status).toBe(401);
    const devices = await db
      .select()
      .from(schema.rememberTokens)
      .where(eq(schema.rememberTokens.userId, u.id));
    expect(devices).toHaveLength(0);

    const again = await appErrorOf(
      savePassword(anon(), {
        token,
        password: "Another#Pass1",
        password_confirmation: "Another#Pass1",
      }),
    );
    expect(again.status).toBe(422);
    expect(again.errors?.token).toEqual([RESET_LINK_INVALID]);
  });

  it("accepts a token once even when two saves race", async () => {
    const u = await person("race");
    const token = await resetToken(u.email);
    const body = { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const results = await Promise.allSettled([
      savePassword(anon(), body),
      savePassword(anon(), body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("refuses an expired token (after an hour), a weak password and a mismatch", async () => {
    const u = await person("expired");
    const now = new Date();
    const token = await resetToken(u.email, now);
    const weak = await appErrorOf(
      savePassword(anon({ now }), { token, password: "short", password_confirmation: "short" }),
    );
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.errors ?? {})).toEqual(["password"]);
    const mismatch = await appErrorOf(
      savePassword(anon({ now }), {
        token,
        password: NEW_PASSWORD,
        password_confirmation: "Something#Else1",
      }),
    );
    expect(mismatch.errors?.password_confirmation).toEqual([
      "The password confirmation does not match.",
    ]);
    const late = await appErrorOf(
      savePassword(anon({ now: at(now, minutes(61)) }), {
        token,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
    );
    expect(late.status).toBe(422);
    expect(late.message).toBe(RESET_LINK_INVALID);
    expect((await login(anon(), { email: u.email, password: TEST_PASSWORD })).id).toBe(u.id);
  });
});

describe("sessions, tokens and remembered devices of the caller", () => {
  it("lists the live sessions with this device marked, and revokes one (another user's id is 404)", async () => {
    const u = await person("sessions");
    const here = await browserCookie(db, u.id, { userAgent: UA });
    const there = await browserCookie(db, u.id);
    const list = await callRoute(sessionsRoute.GET, "auth/sessions", {
      headers: { cookie: here.cookie },
    });
    expect(list.status).toBe(200);
    const rows = (list.body as { data: { id: number; current: boolean; browser: string }[] }).data;
    expect(rows.map((r) => r.id).sort()).toEqual([here.sessionId, there.sessionId].sort());
    expect(rows.find((r) => r.current)).toMatchObject({
      id: here.sessionId,
      browser: "Chrome on Windows",
    });

    const stranger = await person("stranger");
    const theirs = await browserCookie(db, stranger.id);
    const foreign = await callRoute(sessionRoute.DELETE, `auth/sessions/${theirs.sessionId}`, {
      method: "DELETE",
      headers: { cookie: here.cookie, "sec-fetch-site": "same-origin" },
      params: { id: String(theirs.sessionId) },
    });
    expect(foreign.status).toBe(404);
    expect((await rulesWith({ cookie: theirs.cookie })).status).toBe(200);

    const revoke = await callRoute(sessionRoute.DELETE, `auth/sessions/${there.sessionId}`, {
      method: "DELETE",
      headers: { cookie: here.cookie, "sec-fetch-site": "same-origin" },
      params: { id: String(there.sessionId) },
    });
    expect(revoke.status).toBe(200);
    expect((await rulesWith({ cookie: there.cookie })).status).toBe(401);
    expect((await rulesWith({ cookie: here.cookie })).status).toBe(200);
    const bad = await callRoute(sessionRoute.DELETE, "auth/sessions/abc", {
      method: "DELETE",
      headers: { cookie: here.cookie, "sec-fetch-site": "same-origin" },
      params: { id: "abc" },
    });
    expect(bad.status).toBe(404);
  });

  it("lists and revokes API tokens by id, only the caller's", async () => {
    const u = await person("tokens");
    const a = await login(anon(), { email: u.email, password: TEST_PASSWORD });
    const b = await login(makeCtx(db, null, { userAgent: UA }), {
      email: u.email,
      password: TEST_PASSWORD,
    });
    const list = await callRoute(tokensRoute.GET, "auth/tokens", { token: a.token.access_token });
    const tokens = (list.body as { data: { id: number; browser: string }[] }).data;
    expect(tokens).toHaveLength(2);
    expect(tokens.map((t) => t.browser)).toContain("Chrome on Windows");
    const other = await person("tokens-other");
    const theirs = await login(anon(), { email: other.email, password: TEST_PASSWORD });
    const [theirRow] = await db
      .select({ id: schema.apiTokens.id })
      .from(schema.apiTokens)
      .where(eq(schema.apiTokens.userId, other.id));
    const foreign = await callRoute(tokenRoute.DELETE, `auth/tokens/${theirRow.id}`, {
      method: "DELETE",
      token: a.token.access_token,
      params: { id: String(theirRow.id) },
    });
    expect(foreign.status).toBe(404);
    expect((await rulesWith({ authorization: `Bearer ${theirs.token.access_token}` })).status).toBe(
      200,
    );
    const bRow = tokens.find((t) => t.browser === "Chrome on Windows")!;
    const res = await callRoute(tokenRoute.DELETE, `auth/tokens/${bRow.id}`, {
      method: "DELETE",
      token: a.token.access_token,
      params: { id: String(bRow.id) },
    });
    expect(res.status).toBe(200);
    expect((await rulesWith({ authorization: `Bearer ${b.token.access_token}` })).status).toBe(401);
    expect((await rulesWith({ authorization: `Bearer ${a.token.access_token}` })).status).toBe(200);
    const all = await callRoute(tokensRoute.DELETE, "auth/tokens", {
      method: "DELETE",
      token: a.token.access_token,
    });
    expect(all.status).toBe(200);
    expect((await rulesWith({ authorization: `Bearer ${a.token.access_token}` })).status).toBe(401);
  });

  it("forgets a remembered device (another user's id is 404)", async () => {
    const u = await person("devices");
    const other = await person("devices-other");
    const api = await login(anon(), { email: u.email, password: TEST_PASSWORD });
    await issueRememberToken(db, u.id, new Date(), UA);
    await issueRememberToken(db, other.id, new Date());
    const list = await callRoute(devicesRoute.GET, "auth/remembered-devices", {
      token: api.token.access_token,
    });
    const devices = (list.body as { data: { id: number; browser: string }[] }).data;
    expect(devices).toEqual([expect.objectContaining({ browser: "Chrome on Windows" })]);
    const [theirs] = await db
      .select({ id: schema.rememberTokens.id })
      .from(schema.rememberTokens)
      .where(eq(schema.rememberTokens.userId, other.id));
    const foreign = await callRoute(deviceRoute.DELETE, `auth/remembered-devices/${theirs.id}`, {
      method: "DELETE",
      token: api.token.access_token,
      params: { id: String(theirs.id) },
    });
    expect(foreign.status).toBe(404);
    const mine = await callRoute(deviceRoute.DELETE, `auth/remembered-devices/${devices[0].id}`, {
      method: "DELETE",
      token: api.token.access_token,
      params: { id: String(devices[0].id) },
    });
    expect(mine.status).toBe(200);
    const left = await db
      .select()
      .from(schema.rememberTokens)
      .where(eq(schema.rememberTokens.userId, u.id));
    expect(left).toHaveLength(0);
  });

  it("sign-out ends the browser's session row and logs it", async () => {
    const u = await person("sign-out");
    const b = await browserCookie(db, u.id);
    expect((await rulesWith({ cookie: b.cookie })).status).toBe(200);
    await endBrowserSession(anon(), b.sid);
    expect((await rulesWith({ cookie: b.cookie })).status).toBe(401);
    const logged = await db
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.subjectId, u.id),
          eq(schema.activityLog.description, "Signed out"),
        ),
      );
    expect(logged).toHaveLength(1);
  });

  it("asks for sign-in on every call", async () => {
    expect((await callRoute(sessionsRoute.GET, "auth/sessions")).status).toBe(401);
    expect((await callRoute(tokensRoute.GET, "auth/tokens")).status).toBe(401);
  });
});

describe("change password", () => {
  it("keeps the current session only: other sessions and every API token end", async () => {
    const u = await person("change");
    const here = await browserCookie(db, u.id);
    const there = await browserCookie(db, u.id);
    const api = await login(anon(), { email: u.email, password: TEST_PASSWORD });
    const wrong = await callRoute(changeRoute.POST, "auth/change-password", {
      headers: { cookie: here.cookie, "sec-fetch-site": "same-origin" },
      json: {
        current_password: "Not-it#123",
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ errors: { current_password: [WRONG_CURRENT_PASSWORD] } });
    expect((await rulesWith({ cookie: there.cookie })).status).toBe(200);

    const res = await callRoute(changeRoute.POST, "auth/change-password", {
      headers: { cookie: here.cookie, "sec-fetch-site": "same-origin" },
      json: {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: PASSWORD_UPDATED });
    expect((await rulesWith({ cookie: here.cookie })).status).toBe(200);
    expect((await rulesWith({ cookie: there.cookie })).status).toBe(401);
    expect((await rulesWith({ authorization: `Bearer ${api.token.access_token}` })).status).toBe(
      401,
    );
    expect(await loadSessionActor(db, { uid: u.id, sid: here.sid }, new Date())).toMatchObject({
      sessionId: here.sessionId,
    });
    expect((await login(anon(), { email: u.email, password: NEW_PASSWORD })).id).toBe(u.id);
  });
});
