import { describe, expect, it } from "vitest";
import { makeCtx, loadActor } from "@/lib/services/context";
import { listChats, sendChatMessage, syncJobChatCrew, unreadCount } from "@/lib/services/chat";
import { SEED_MOMENTS, seededDemo } from "./demo.test-support";

/** The demo seed's live chat (issue 26): conversations with history and unread messages. */
describe("seedDemo's chats", () => {
  const [, now] = SEED_MOMENTS[0];
  const demo = seededDemo(now);
  const userId = async (email: string) =>
    (await demo.rows<{ id: number }>(`select id from users where email = $1`, [email]))[0].id;
  const ctxOf = async (email: string) => {
    const actor = await loadActor(demo.handle.db, await userId(email));
    return makeCtx(demo.handle.db, actor, { now });
  };

  it("gives worker@ and pm@ unread messages, and worker@ its next job's chat", async () => {
    expect((await unreadCount(await ctxOf("worker@crewdeck.test"))).count).toBeGreaterThan(0);
    expect((await unreadCount(await ctxOf("pm@crewdeck.test"))).count).toBeGreaterThan(0);
    const chats = (await listChats(await ctxOf("worker@crewdeck.test"), {})).items;
    expect(chats.map((c) => c.title)).toEqual(
      expect.arrayContaining(["Nordlys client conference", "Peter Mikkelsen", "Hanna Lund"]),
    );
    expect(chats.filter((c) => c.type === "job")).toHaveLength(2);
    for (const c of chats) expect(new Date(c.last_message_at!) <= now).toBe(true);
  });

  it("keys every private chat by its pair, so writing to the same person reuses it", async () => {
    const missing = await demo.rows(
      `select id from chats where type = 'private' and pair_key is null`,
    );
    expect(missing).toEqual([]);
    const before = await demo.rows(`select id from chats`);
    const sent = await sendChatMessage(await ctxOf("worker@crewdeck.test"), {
      body: "See you there",
      target_user: await userId("pm@crewdeck.test"),
    });
    expect(await demo.rows(`select id from chats`)).toHaveLength(before.length);
    const titles = (await listChats(await ctxOf("worker@crewdeck.test"), {})).items;
    expect(titles[0]).toMatchObject({ id: sent.data.chat_id, title: "Peter Mikkelsen" });
  });

  it("seats each job chat's booked crew as syncing would", async () => {
    const members = () =>
      demo.rows<{ chat_id: number; user_id: number }>(
        `select p.chat_id, p.user_id from chat_participants p join chats c on c.id = p.chat_id
          where c.type = 'job' order by 1, 2`,
      );
    const before = await members();
    const jobs = await demo.rows<{ job_id: number }>(`select job_id from chats where type = 'job'`);
    expect(jobs).toHaveLength(2);
    const late = await demo.rows(`select 1 from chat_participants where joined_at > $1`, [now]);
    expect(late).toEqual([]);
    for (const { job_id } of jobs) await syncJobChatCrew(demo.handle.db, job_id);
    expect(await members()).toEqual(before);
  });
});
