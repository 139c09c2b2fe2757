import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { issueRememberToken } from "../auth/tokens";
import { createUserSession } from "../auth/sessions";
import type { Ctx } from "../context";
import {
  endSessionsOf,
  PASSWORD_LINK_SENT,
  sendPasswordLinkTo,
  SIGNED_OUT,
  TWO_FACTOR_TURNED_OFF,
  turnOffTwoFactorOf,
} from "./account-help";

/**
 * Issue 23: the office helps a locked-out user from its profile. Each verb is user_create's,
 * under the rule of who may manage whom, logged, and told to the user by e-mail.
 */
let handle: DbHandle;
let db: Db;
let pm: Ctx;
let handler: Ctx;
let worker: { id: number; email: string };
let admin: { id: number; email: string };
const now = new Date("2026-11-26T10:00:00Z");

const mailsTo = (to: string, template: string) =>
  db
    .select()
    .from(schema.mailOutbox)
    .where(and(eq(schema.mailOutbox.to, to), eq(schema.mailOutbox.template, template)))
    .orderBy(desc(schema.mailOutbox.id));
const lastLog = async (userId: number) =>
  (
    await db
      .select({ d: schema.activityLog.description, causer: schema.activityLog.causerId })
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, userId))
      .orderBy(desc(schema.activityLog.id))
      .limit(1)
  )[0];

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
  const pmUser = await createUser(db, { roles: [ROLE.projectManager] });
  pm = await ctxFor(db, pmUser.id, { now });
  handler = await ctxFor(db, (await createUser(db, { roles: [ROLE.crewHandler] })).id, { now });
  worker = await createUser(db, { roles: [ROLE.worker] });
  admin = await createUser(db, { roles: [ROLE.admin] });
});
afterAll(async () => {
  await handle?.close();
});

describe("send a password link", () => {
  it("mails the user a single-use link valid for 24 hours, and logs it", async () => {
    const r = await sendPasswordLinkTo(pm, worker.id);
    expect(r.message).toBe(PASSWORD_LINK_SENT);
    const [mail] = await mailsTo(worker.email, "password_reset");
    expect(mail.text).toContain("The agency sent you this link to choose a new password");
    expect(mail.text).toContain("/password/reset/");
    expect(mail.text).toContain("for 24 hours");
    const [link] = await db
      .select()
      .from(schema.passwordResets)
      .where(eq(schema.passwordResets.userId, worker.id))
      .orderBy(desc(schema.passwordResets.id));
    expect(link.expiresAt.getTime() - now.getTime()).toBe(24 * 3_600_000);
    expect(await lastLog(worker.id)).toEqual({
      d: "Password link sent by the office",
      causer: pm.actor?.kind === "user" ? pm.actor.userId : null,
    });
  });

  it("refuses oneself, a deactivated account, an administrator and a worker caller", async () => {
    const self = pm.actor?.kind === "user" ? pm.actor.userId : 0;
    expect((await appErrorOf(sendPasswordLinkTo(pm, self))).status).toBe(409);
    const gone = await createUser(db, { roles: [ROLE.worker], status: "deactivated" });
    const off = await appErrorOf(sendPasswordLinkTo(pm, gone.id));
    expect(off.status).toBe(409);
    expect(off.message).toBe("This account is deactivated: activate it first, then send the link.");
    const refused = await appErrorOf(sendPasswordLinkTo(handler, admin.id));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(
      "Only an administrator can send a password link to an administrator's account.",
    );
    expect(await mailsTo(admin.email, "password_reset")).toEqual([]);
    const asWorker = await ctxFor(db, worker.id, { now });
    expect((await appErrorOf(sendPasswordLinkTo(asWorker, admin.id))).status).toBe(403);
  });
});

describe("turn off two-factor login", () => {
  it("switches it off, forgets remembered devices, tells the user; twice is a 409", async () => {
    await db
      .insert(schema.totpSecrets)
      .values({ userId: worker.id, secret: "JBSWY3DPEHPK3PXP", enabledAt: now });
    await issueRememberToken(db, worker.id, now);
    const r = await turnOffTwoFactorOf(pm, worker.id);
    expect(r.message).toBe(TWO_FACTOR_TURNED_OFF);
    const [row] = await db
      .select()
      .from(schema.totpSecrets)
      .where(eq(schema.totpSecrets.userId, worker.id));
    expect(row.enabledAt).toBeNull();
    expect(row.secret).not.toBe("JBSWY3DPEHPK3PXP");
    const [{ n }] = await db
      .select({ n: count() })
      .from(schema.rememberTokens)
      .where(eq(schema.rememberTokens.userId, worker.id));
    expect(n).toBe(0);
    const [mail] = await mailsTo(worker.email, "two_factor_off");
    expect(mail.subject).toBe("Two-factor login was turned off on your Crewdeck account");
    expect((await lastLog(worker.id)).d).toBe("Two-factor login turned off by the office");
    const again = await appErrorOf(turnOffTwoFactorOf(pm, worker.id));
    expect(again.status).toBe(409);
    expect(again.message).toBe("Two-factor login is not enabled.");
  });

  it("is refused on an administrator's account to anyone but an administrator", async () => {
    const err = await appErrorOf(turnOffTwoFactorOf(handler, admin.id));
    expect(err.status).toBe(403);
    expect(err.message).toBe(
      "Only an administrator can turn off two-factor login for an administrator's account.",
    );
  });
});

describe("sign out everywhere", () => {
  it("ends sessions and tokens, and mails the user", async () => {
    await createUserSession(
      db,
      { userId: worker.id, expiresAt: new Date(now.getTime() + 86_400_000) },
      now,
    );
    const r = await endSessionsOf(handler, worker.id);
    expect(r.message).toBe(SIGNED_OUT);
    expect(r.ended.sessions).toBe(1);
    const [{ n }] = await db
      .select({ n: count() })
      .from(schema.userSessions)
      .where(and(eq(schema.userSessions.userId, worker.id), isNull(schema.userSessions.revokedAt)));
    expect(n).toBe(0);
    const [mail] = await mailsTo(worker.email, "signed_out");
    expect(mail.text).toContain("signed you out of Crewdeck on every device");
  });
});
