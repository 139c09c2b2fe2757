import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { postgresHandle, schema, type DbHandle } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { env } from "@/lib/env";
import { makeCtx } from "@/lib/services/context";
import { sendChatMessage } from "@/lib/services/chat";
import { MESSAGES_PER_MINUTE } from "@/lib/services/chat/schemas";
import { INVITES_PER_DAY, sendInviteMail } from "@/lib/services/invitations";
import { appErrorOf } from "@/lib/testing/app-error";
import { testDatabase } from "@/lib/testing/db";
import { createUser, ctxFor, TEST_PASSWORD } from "@/lib/testing/fixtures";
import { API_CALLS_PER_MINUTE, resolveTokenActor } from "./actor";
import { login } from "./login";
import { LIMITS } from "./rate-limit";

/**
 * Issue 27, "Two app instances": two DbHandles (two pools, as two app processes have) on one
 * PostgreSQL. A token issued through one resolves on the other, and every rate limit counts the
 * calls of both: half the attempts through A and half through B, at once, are refused exactly
 * where all of them through one instance would be. PostgreSQL only (the CI pass with
 * DATABASE_URL): PGlite is one process's database.
 */
describe.runIf(env.DATABASE_URL)("two app instances: sessions and rate limits", () => {
  let a: DbHandle;
  let b: DbHandle;
  let seq = 0;
  const email = (tag: string) => `${tag}.${++seq}.${Date.now()}@two.test`;

  beforeAll(async () => {
    a = await testDatabase();
    if (a.notifications.kind !== "postgres") throw new Error("PostgreSQL expected");
    b = postgresHandle(a.notifications.url, 4);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Each call's outcome: "ok", or the refusal's HTTP status. */
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      async (err) => String((await appErrorOf(Promise.reject(err))).status),
    );
  const tally = (outcomes: string[]) =>
    Object.fromEntries(
      [...new Set(outcomes)].sort().map((o) => [o, outcomes.filter((x) => x === o).length]),
    );

  it("a bearer token issued through A resolves on B, and its per-minute limit counts both", async () => {
    const user = await createUser(a.db, { email: email("token"), roles: [ROLE.projectManager] });
    const res = await login(makeCtx(a.db, null), { email: user.email, password: TEST_PASSWORD });
    const token = res.token.access_token;
    const onB = await resolveTokenActor(b.db, token, new Date());
    expect(onB).toMatchObject({ status: "ok", actor: { userId: user.id } });

    // Two calls left in this minute's window; four at once, two through each instance.
    await a.db
      .update(schema.apiTokens)
      .set({ callsInWindow: API_CALLS_PER_MINUTE - 2, callWindowStartedAt: new Date() })
      .where(eq(schema.apiTokens.userId, user.id));
    const now = new Date();
    const calls = await Promise.all(
      [a, b, a, b].map((h) => resolveTokenActor(h.db, token, now).then((r) => r.status)),
    );
    expect(tally(calls)).toEqual({ limited: 2, ok: 2 });
  });

  it(`sign-in: ${LIMITS.perAccount} failures per account, counted through both instances`, async () => {
    const user = await createUser(a.db, { email: email("login"), roles: [ROLE.worker] });
    const wrong = { email: user.email, password: "not the password" };
    const now = new Date();
    // Three wrong passwords through A and three through B at once: the sixth is refused.
    const outcomes = await Promise.all(
      [a, b, a, b, a, b].map((h, i) =>
        outcome(login(makeCtx(h.db, null, { now, ip: `198.51.100.${i + 1}` }), wrong)),
      ),
    );
    expect(tally(outcomes)).toEqual({ "401": LIMITS.perAccount, "429": 1 });
    // The right password now, through either instance: still refused for the window.
    for (const h of [a, b])
      expect(
        await outcome(
          login(makeCtx(h.db, null, { now, ip: "198.51.100.99" }), {
            email: user.email,
            password: TEST_PASSWORD,
          }),
        ),
      ).toBe("429");
  });

  it(`chat: ${MESSAGES_PER_MINUTE} messages a minute per sender, counted through both instances`, async () => {
    const sender = await createUser(a.db, { roles: [ROLE.projectManager], name: "Two Sender" });
    const other = await createUser(a.db, { roles: [ROLE.projectManager], name: "Two Reader" });
    const now = new Date();
    const first = await sendChatMessage(await ctxFor(a.db, sender.id, { now }), {
      body: "Hello",
      target_user: other.id,
    });
    const chatId = first.data.chat_id;
    const [ctxA, ctxB] = [
      await ctxFor(a.db, sender.id, { now }),
      await ctxFor(b.db, sender.id, { now }),
    ];
    // One sent; MESSAGES_PER_MINUTE more at once, half through each instance: one too many.
    const outcomes = await Promise.all(
      Array.from({ length: MESSAGES_PER_MINUTE }, (_, i) =>
        outcome(sendChatMessage(i % 2 ? ctxB : ctxA, { body: `m${i}`, chat_id: chatId })),
      ),
    );
    expect(tally(outcomes)).toEqual({ "429": 1, ok: MESSAGES_PER_MINUTE - 1 });
    const [{ n }] = await a.db
      .select({ n: count() })
      .from(schema.chatMessages)
      .where(eq(schema.chatMessages.senderId, sender.id));
    expect(Number(n)).toBe(MESSAGES_PER_MINUTE);
  });

  it(`invitations: ${INVITES_PER_DAY} a day per inviter, counted through both instances`, async () => {
    const worker = await createUser(a.db, { roles: [ROLE.worker] });
    const now = new Date();
    const [ctxA, ctxB] = [
      await ctxFor(a.db, worker.id, { now }),
      await ctxFor(b.db, worker.id, { now }),
    ];
    const extra = 4;
    const outcomes = await Promise.all(
      Array.from({ length: INVITES_PER_DAY + extra }, (_, i) =>
        outcome(sendInviteMail(i % 2 ? ctxB : ctxA, { email: email(`friend${i}`) })),
      ),
    );
    expect(tally(outcomes)).toEqual({ "429": extra, ok: INVITES_PER_DAY });
    const [{ n }] = await a.db
      .select({ n: count() })
      .from(schema.invitations)
      .where(eq(schema.invitations.invitedById, worker.id));
    expect(Number(n)).toBe(INVITES_PER_DAY);
  });
});
