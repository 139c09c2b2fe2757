import { describe, expect, it } from "vitest";
import type { RealtimeEvent } from "./events";
import { MAX_STREAMS_PER_USER, RealtimeHub, parsePayload, type AblyPublisher } from "./hub";

const msg = (id: number): RealtimeEvent => ({
  type: "new-message",
  chat_id: 1,
  message_id: id,
  sender_id: 9,
  at: "2026-11-27T10:00:00.000Z",
});
const payload = (users: number[], event: RealtimeEvent, origin?: string) =>
  JSON.stringify({ users, event, origin });

describe("RealtimeHub", () => {
  it("hands an event to its recipients' streams only", () => {
    const hub = new RealtimeHub("a");
    const got: Record<string, number[]> = { one: [], oneAgain: [], two: [], three: [] };
    hub.subscribe(1, (e) => got.one.push((e as { message_id: number }).message_id));
    hub.subscribe(1, (e) => got.oneAgain.push((e as { message_id: number }).message_id));
    hub.subscribe(2, (e) => got.two.push((e as { message_id: number }).message_id));
    hub.subscribe(3, (e) => got.three.push((e as { message_id: number }).message_id));
    hub.deliver(payload([1, 2], msg(5)));
    expect(got).toEqual({ one: [5], oneAgain: [5], two: [5], three: [] });
  });

  it("stops calling a stream once unsubscribed and forgets an empty user", () => {
    const hub = new RealtimeHub("a");
    const got: RealtimeEvent[] = [];
    const off = hub.subscribe(1, (e) => got.push(e))!;
    off();
    hub.deliver(payload([1], msg(5)));
    expect(got).toEqual([]);
    expect(hub.streamCount()).toBe(0);
  });

  it(`refuses a user's stream past ${MAX_STREAMS_PER_USER}, not another user's`, () => {
    const hub = new RealtimeHub("a");
    const offs = Array.from({ length: MAX_STREAMS_PER_USER }, () => hub.subscribe(1, () => {}));
    expect(offs.every(Boolean)).toBe(true);
    expect(hub.subscribe(1, () => {})).toBeNull();
    expect(hub.subscribe(2, () => {})).not.toBeNull();
    offs[0]!();
    expect(hub.subscribe(1, () => {})).not.toBeNull();
  });

  it("ignores a payload that is not ours and survives a throwing subscriber", () => {
    const hub = new RealtimeHub("a");
    const got: RealtimeEvent[] = [];
    hub.subscribe(1, () => {
      throw new Error("boom");
    });
    hub.subscribe(1, (e) => got.push(e));
    hub.deliver("not json");
    hub.deliver(JSON.stringify({ users: 1, event: msg(1) }));
    expect(got).toEqual([]);
    const log = console.error;
    console.error = () => {};
    try {
      hub.deliver(payload([1], msg(2)));
    } finally {
      console.error = log;
    }
    expect(got).toEqual([msg(2)]);
    expect(parsePayload("null")).toBeNull();
  });

  it("publishes to Ably only on the instance that sent the event, once per recipient", async () => {
    const published: [string, string, RealtimeEvent][] = [];
    const ably: AblyPublisher = {
      publish: async (channel, name, data) => void published.push([channel, name, data]),
    };
    const origin = new RealtimeHub("origin", ably);
    const other = new RealtimeHub("other", ably);
    const raw = payload([4, 7], msg(11), "origin");
    other.deliver(raw);
    origin.deliver(raw);
    await Promise.resolve();
    expect(published).toEqual([
      ["private:user-4", "new-message", msg(11)],
      ["private:user-7", "new-message", msg(11)],
    ]);
  });

  it("calls every resync hook until it is removed", () => {
    const hub = new RealtimeHub("a");
    let n = 0;
    const off = hub.onResync(() => n++);
    hub.resync();
    off();
    hub.resync();
    expect(n).toBe(1);
  });
});
