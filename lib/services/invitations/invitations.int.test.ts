import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { schema, type Db, type DbHandle } from "@/db";
import { env } from "@/lib/env";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { testDatabase } from "@/lib/testing/db";
import { createCountryAndCompany, createUser, ctxFor } from "@/lib/testing/fixtures";
import { appErrorOf } from "@/lib/testing/app-error";
import { makeCtx } from "@/lib/services/context";
import { INVITES_PER_DAY, sendInviteMail } from ".";

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
const friend = (tag: string) => `friend.${tag}.${++seq}@invite.test`;

/** Rows the invitation verb writes; a refused call must leave all three untouched. */
async function written() {
  const [[inv], [mail], [log]] = await Promise.all([
    db.select({ n: count() }).from(schema.invitations),
    db.select({ n: count() }).from(schema.mailOutbox),
    db
      .select({ n: count() })
      .from(schema.activityLog)
      .where(eq(schema.activityLog.logName, "invitations")),
  ]);
  return { invitations: Number(inv.n), mails: Number(mail.n), activity: Number(log.n) };
}

describe("sendInviteMail", () => {
  it("records the invitation, queues the mail with the sign-up link and logs it", async () => {
    const worker = await createUser(db, { name: "Wanda Worker", roles: [ROLE.worker] });
    const ctx = await ctxFor(db, worker.id);
    const address = friend("happy");
    const res = await sendInviteMail(ctx, { email: `  ${address.toUpperCase()} ` });

    expect(res).toEqual({
      id: expect.any(Number),
      email: address,
      message: "Invite send successfully",
    });

    const [invitation] = await db
      .select()
      .from(schema.invitations)
      .where(eq(schema.invitations.id, res.id));
    expect(invitation).toMatchObject({
      email: address,
      invitedById: worker.id,
      acceptedUserId: null,
    });

    const mails = await db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.to, address));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "invite_friend", status: "queued" });
    expect(mails[0].subject).toContain("Wanda Worker");
    expect(mails[0].text).toContain(`${env.APP_URL}/sign-up?invitedBy=${worker.id}`);
    expect(mails[0].text).toContain(encodeURIComponent(address));

    const logs = await db
      .select()
      .from(schema.activityLog)
      .where(eq(schema.activityLog.subjectId, res.id));
    expect(logs.filter((l) => l.subjectType === "invitations")).toEqual([
      expect.objectContaining({ logName: "invitations", causerId: worker.id }),
    ]);
  });

  it.each([
    ["an invalid address", { email: "not-an-email" }],
    ["an empty address", { email: "" }],
    ["blank spaces", { email: "   " }],
    ["no address at all", {}],
    ["a number", { email: 42 }],
    ["a huge address", { email: `${"a".repeat(300)}@invite.test` }],
  ])("rejects %s with 422 on the email field and writes nothing", async (_label, input) => {
    const worker = await createUser(db, { roles: [ROLE.worker] });
    const before = await written();
    const err = await appErrorOf(sendInviteMail(await ctxFor(db, worker.id), input));
    expect(err.status).toBe(422);
    expect(err.errors?.email?.length).toBeGreaterThan(0);
    expect(await written()).toEqual(before);
  });

  it("rejects an address that already has an account (any spelling) with 422 already_registered", async () => {
    const existing = await createUser(db, { email: friend("member") });
    const worker = await createUser(db, { roles: [ROLE.worker] });
    const before = await written();
    const err = await appErrorOf(
      sendInviteMail(await ctxFor(db, worker.id), { email: existing.email.toUpperCase() }),
    );
    expect(err.status).toBe(422);
    expect(err.type).toBe("already_registered");
    expect(err.errors?.email?.length).toBeGreaterThan(0);
    expect(await written()).toEqual(before);
  });

  const allowed: [RoleTitle, boolean][] = [
    [ROLE.admin, true],
    [ROLE.projectManager, true],
    [ROLE.crewHandler, true],
    [ROLE.worker, true],
    [ROLE.client, false],
  ];
  it.each(allowed)("%s may invite: %s", async (role, may) => {
    const { company } = await createCountryAndCompany(db, `Invite Co ${role}`);
    const user = await createUser(db, {
      roles: [role],
      companyId: role === ROLE.client ? company.id : null,
    });
    const ctx = await ctxFor(db, user.id);
    const address = friend(role.replace(/\s/g, ""));
    if (may) {
      expect((await sendInviteMail(ctx, { email: address })).message).toBe(
        "Invite send successfully",
      );
    } else {
      const before = await written();
      const err = await appErrorOf(sendInviteMail(ctx, { email: address }));
      expect(err.status).toBe(403);
      expect(await written()).toEqual(before);
    }
  });

  it("answers 401 to a caller who is not signed in", async () => {
    const err = await appErrorOf(sendInviteMail(makeCtx(db, null), { email: friend("anon") }));
    expect(err.status).toBe(401);
  });

  it(`allows ${INVITES_PER_DAY} invitations a day, the next is 429, and a day later it works again`, async () => {
    const worker = await createUser(db, { roles: [ROLE.worker] });
    const t0 = new Date();
    for (let i = 0; i < INVITES_PER_DAY; i++) {
      const ctx = await ctxFor(db, worker.id, { now: new Date(t0.getTime() + i * 60_000) });
      await sendInviteMail(ctx, { email: friend("daily") });
    }
    const before = await written();
    const late = await ctxFor(db, worker.id, { now: new Date(t0.getTime() + 3_600_000) });
    const err = await appErrorOf(sendInviteMail(late, { email: friend("daily") }));
    expect(err.status).toBe(429);
    expect(await written()).toEqual(before);

    // The limit is per inviter: a colleague can still invite.
    const other = await createUser(db, { roles: [ROLE.worker] });
    await sendInviteMail(await ctxFor(db, other.id, { now: late.now }), {
      email: friend("daily-other"),
    });

    const nextDay = await ctxFor(db, worker.id, { now: new Date(t0.getTime() + 25 * 3_600_000) });
    expect((await sendInviteMail(nextDay, { email: friend("daily") })).message).toBe(
      "Invite send successfully",
    );
  });
});
