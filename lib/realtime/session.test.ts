import { describe, expect, it } from "vitest";
import type { RealtimeEvent } from "./events";
import { formatSse, parseAfter, StreamSession } from "./session";

const msg = (id: number): RealtimeEvent => ({
  type: "new-message",
  chat_id: 1,
  message_id: id,
  sender_id: 9,
  at: "2026-11-27T10:00:00.000Z",
});
const read: RealtimeEvent = { type: "read", chat_id: 1, message_id: 3 };

/** The ids and event types a client would see, in order. */
function client(after: number | null = null) {
  const chunks: string[] = [];
  const session = new StreamSession((c) => chunks.push(c), after);
  const seen = () =>
    chunks.map((c) => {
      const id = /^id: (\d+)$/m.exec(c)?.[1] ?? null;
      const data = JSON.parse(/^data: (.*)$/m.exec(c)![1]) as RealtimeEvent;
      return [id, data.type === "new-message" ? data.message_id : data.type];
    });
  return { session, seen };
}

describe("StreamSession", () => {
  it("holds live events until the catch-up is sent, then sends each message once", () => {
    const { session, seen } = client(10);
    session.live(msg(13)); // committed while the catch-up query ran: in both
    session.live(read);
    session.catchUp([msg(11), msg(12), msg(13)]);
    session.live(msg(14));
    session.live(msg(14)); // heard twice
    expect(seen()).toEqual([
      ["11", 11],
      ["12", 12],
      ["13", 13],
      [null, "read"],
      ["14", 14],
    ]);
  });

  it("skips messages the client already has (id ≤ Last-Event-ID)", () => {
    const { session, seen } = client(20);
    session.catchUp([]);
    session.live(msg(19));
    session.live(msg(21));
    expect(seen()).toEqual([["21", 21]]);
  });

  it("never moves id: backwards when live events arrive out of order", () => {
    const { session, seen } = client();
    session.catchUp([]);
    session.live(msg(8));
    session.live(msg(7));
    expect(seen()).toEqual([
      ["8", 8],
      ["8", 7],
    ]);
    expect(session.lastId).toBe(8);
  });

  it("resends after a gap through the same filter", () => {
    const { session, seen } = client(1);
    session.catchUp([msg(2)]);
    session.resend([msg(2), msg(3)]);
    expect(seen()).toEqual([
      ["2", 2],
      ["3", 3],
    ]);
  });

  it("formats a read event without an id", () => {
    expect(formatSse(read, null)).toBe(`data: ${JSON.stringify(read)}\n\n`);
    expect(formatSse(msg(5), 5)).toBe(`id: 5\ndata: ${JSON.stringify(msg(5))}\n\n`);
  });
});

describe("parseAfter", () => {
  it("takes Last-Event-ID first, then ?after=, and only positive integers", () => {
    expect(parseAfter("42", "7")).toBe(42);
    expect(parseAfter(null, "7")).toBe(7);
    expect(parseAfter("", " 9 ")).toBe(9);
    for (const bad of ["0", "-1", "abc", "1.5", "9999999999999999", "1e3"])
      expect(parseAfter(bad, null)).toBeNull();
  });
});
