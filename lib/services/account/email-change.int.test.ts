import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx, type Ctx } from "../context";
import { verifyCredentials } from "../auth/credentials";
import { createUserSession } from "../auth/sessions";
import { cancelEmailChange, updateProfile } from "../users/profile-update";
import { getProfile } from "../users/profile";
import { lastMailTo, tokenIn } from "./account.test-support";
import {
  EMAIL_CHANGE_CANCELLED,
  REPORT_LINK_INVALID,
  reportEmailChange,
  reportedMessage,
} from "./email-change";
import { CURRENT_PASSWORD_REQUIRED, WRONG_CURRENT_PASSWORD } from "./security";
import { VERIFY_LINK_INVALID, verifyEmail } from "./verify-email";

let handle: DbHandle;
let db: Db;
let n = 0;
const now = new Date("2026-11-26T10:00:00Z");
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const anon = (at = now) => makeCtx(db, null, { now: at });

beforeAll(async () => {
  handle = await testDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle?.close();
});

let worker: { id: number; email: string };
let self: Ctx;
beforeEach(async () => {
  n += 1;
  worker = await createUser(db, { roles: [ROLE.worker], email: `old${n}@example.test` });
  self = await ctxFor(db, worker.id, { now });
});

const emailOf = async (id: number) =>
  (await db.select({ e: schema.users.email }).from(schema.users).where(eq(schema.users.id, id)))[0]
    .e;
const liveSessions = async (id: number) =>
  (
    await db
      .select({ n: count() })
      .from(schema.userSessions)
      .where(and(eq(schema.userSessions.userId, id), isNull(schema.userSessions.revokedAt)))
  )[0].n;
const activity = async (id: number) =>
  (
    await db
      .select({ d: schema.activityLog.description, p: schema.activityLog.properties })
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, id))
      .orderBy(desc(schema.activityLog.id))
  ).map((r) => r.d);

describe("changing one's own e-mail address", () => {
  it("asks for the current password, and a wrong one changes nothing", async () => {
    const missing = await appErrorOf(updateProfile(self, worker.id, { email: `new${n}@x.test` }));
    expect(missing.status).toBe(422);
    expect(missing.errors).toEqual({ current_password: [CURRENT_PASSWORD_REQUIRED] });
    const wrong = await appErrorOf(
      updateProfile(self, worker.id, { email: `new${n}@x.test`, current_password: "nope" }),
    );
    expect(wrong.errors).toEqual({ current_password: [WRONG_CURRENT_PASSWORD] });
    expect(await lastMailTo(db, `new${n}@x.test`, "email_change_confirm")).toBeNull();
    expect(await emailOf(worker.id)).toBe(worker.email);
  });

  it("waits for the new address to confirm; the old one signs in and is told", async () => {
    const to = `new${n}@x.test`;
    const r = await updateProfile(self, worker.id, {
      email: to,
      current_password: TEST_PASSWORD,
      phone: "+4511112222",
    });
    expect(r.message).toBe(
      `Data updated successfully! We sent a link to ${to} to confirm the new address. Until it is opened, you sign in with ${worker.email}.`,
    );
    expect(r).toMatchObject({ pending_email: to });
    expect(await emailOf(worker.id)).toBe(worker.email);
    await expect(verifyCredentials(anon(), worker.email, TEST_PASSWORD)).resolves.toBeTruthy();
    expect((await appErrorOf(verifyCredentials(anon(), to, TEST_PASSWORD))).status).toBe(401);
    const notice = await lastMailTo(db, worker.email, "email_change_notice");
    expect(notice!.text).toContain(`from ${worker.email} to ${to}`);
    expect(notice!.text).toContain("/email/report/");
    expect((await getProfile(self, worker.id)).pending_email).toMatchObject({ email: to });
    expect(await activity(worker.id)).toEqual(
      expect.arrayContaining(["E-mail change requested", "Profile updated"]),
    );

    // Opening the link makes it the sign-in; the link works once.
    const token = tokenIn(
      (await lastMailTo(db, to, "email_change_confirm"))!.text,
      "/email/verify/",
    );
    expect(await verifyEmail(anon(later(1)), token)).toEqual({
      userId: worker.id,
      changedTo: to,
    });
    expect(await emailOf(worker.id)).toBe(to);
    await expect(verifyCredentials(anon(later(1)), to, TEST_PASSWORD)).resolves.toBeTruthy();
    expect((await appErrorOf(verifyEmail(anon(later(1)), token))).message).toBe(
      VERIFY_LINK_INVALID,
    );
    expect((await activity(worker.id))[0]).toBe("E-mail changed");
  });

  it("the same address again changes nothing and needs no password", async () => {
    const r = await updateProfile(self, worker.id, { email: worker.email.toUpperCase() });
    expect(r.message).toBe("Data updated successfully!");
    expect(await activity(worker.id)).toEqual([]);
  });

  it("expires after 48 hours; a newer request replaces the older; it can be cancelled", async () => {
    await updateProfile(self, worker.id, {
      email: `a${n}@x.test`,
      current_password: TEST_PASSWORD,
    });
    const first = tokenIn(
      (await lastMailTo(db, `a${n}@x.test`, "email_change_confirm"))!.text,
      "/email/verify/",
    );
    await updateProfile(self, worker.id, {
      email: `b${n}@x.test`,
      current_password: TEST_PASSWORD,
    });
    expect((await appErrorOf(verifyEmail(anon(), first))).status).toBe(422);
    const second = tokenIn(
      (await lastMailTo(db, `b${n}@x.test`, "email_change_confirm"))!.text,
      "/email/verify/",
    );
    expect((await appErrorOf(verifyEmail(anon(later(49)), second))).status).toBe(422);
    expect((await cancelEmailChange(self, worker.id)).message).toBe(EMAIL_CHANGE_CANCELLED);
    expect((await appErrorOf(verifyEmail(anon(), second))).status).toBe(422);
    expect((await appErrorOf(cancelEmailChange(self, worker.id))).status).toBe(409);
    expect(await emailOf(worker.id)).toBe(worker.email);
  });

  it("a new address another account took meanwhile is refused at confirmation (409)", async () => {
    const to = `race${n}@x.test`;
    await updateProfile(self, worker.id, { email: to, current_password: TEST_PASSWORD });
    const token = tokenIn(
      (await lastMailTo(db, to, "email_change_confirm"))!.text,
      "/email/verify/",
    );
    await createUser(db, { email: to });
    const err = await appErrorOf(verifyEmail(anon(), token));
    expect(err.status).toBe(409);
    expect(await emailOf(worker.id)).toBe(worker.email);
    const taken = await appErrorOf(
      updateProfile(self, worker.id, { email: to, current_password: TEST_PASSWORD }),
    );
    expect(taken.errors).toEqual({ email: ["The email has already been taken."] });
  });
});

describe("the old address reports a change", () => {
  async function pendingChange(to: string) {
    await createUserSession(db, { userId: worker.id, expiresAt: later(24 * 30) }, now);
    await updateProfile(self, worker.id, { email: to, current_password: TEST_PASSWORD });
    return {
      confirm: tokenIn((await lastMailTo(db, to, "email_change_confirm"))!.text, "/email/verify/"),
      report: tokenIn(
        (await lastMailTo(db, worker.email, "email_change_notice"))!.text,
        "/email/report/",
      ),
    };
  }

  it("while pending: cancels it, signs everyone out, mails a password link", async () => {
    const { confirm, report } = await pendingChange(`thief${n}@x.test`);
    expect(await liveSessions(worker.id)).toBe(1);
    expect(await reportEmailChange(anon(later(2)), report)).toEqual({
      message: reportedMessage(worker.email),
    });
    expect(await liveSessions(worker.id)).toBe(0);
    expect((await appErrorOf(verifyEmail(anon(later(2)), confirm))).status).toBe(422);
    expect(await emailOf(worker.id)).toBe(worker.email);
    const reset = await lastMailTo(db, worker.email, "password_reset");
    expect(reset!.text).toContain("/password/reset/");
    expect((await activity(worker.id))[0]).toBe("E-mail change reported");
    // Once only.
    expect((await appErrorOf(reportEmailChange(anon(later(3)), report))).message).toBe(
      REPORT_LINK_INVALID,
    );
  });

  it("after it went through: the old address comes back", async () => {
    const to = `gone${n}@x.test`;
    const { confirm, report } = await pendingChange(to);
    await verifyEmail(anon(later(1)), confirm);
    expect(await emailOf(worker.id)).toBe(to);
    await reportEmailChange(anon(later(5)), report);
    expect(await emailOf(worker.id)).toBe(worker.email);
    expect(await liveSessions(worker.id)).toBe(0);
  });

  it("a report link is refused after 30 days, and a made-up one always", async () => {
    const { report } = await pendingChange(`late${n}@x.test`);
    expect((await appErrorOf(reportEmailChange(anon(later(24 * 31)), report))).status).toBe(422);
    expect((await appErrorOf(reportEmailChange(anon(), "made-up"))).status).toBe(422);
    expect((await appErrorOf(reportEmailChange(anon(), 42))).status).toBe(422);
  });
});

describe("the office changes someone's address", () => {
  it("a crew handler changes a worker's: no password, the same confirmation and notice", async () => {
    const handler = await ctxFor(db, (await createUser(db, { roles: [ROLE.crewHandler] })).id, {
      now,
    });
    const to = `office${n}@x.test`;
    const r = await updateProfile(handler, worker.id, { email: to });
    expect(r.message).toBe(
      `We sent a link to ${to} to confirm the new address. Until it is opened, they sign in with ${worker.email}.`,
    );
    expect(await emailOf(worker.id)).toBe(worker.email);
    const confirm = await lastMailTo(db, to, "email_change_confirm");
    expect(confirm!.text).toContain("The agency changed the e-mail address");
    const notice = await lastMailTo(db, worker.email, "email_change_notice");
    expect(notice!.text).toContain("The agency asked to change");
    await verifyEmail(anon(later(1)), tokenIn(confirm!.text, "/email/verify/"));
    expect(await emailOf(worker.id)).toBe(to);
    expect((await getProfile(handler, worker.id)).pending_email).toBeNull();
  });

  it("a worker cannot cancel another's change (404)", async () => {
    const other = await ctxFor(db, (await createUser(db, { roles: [ROLE.worker] })).id);
    expect((await appErrorOf(cancelEmailChange(other, worker.id))).status).toBe(404);
  });
});
