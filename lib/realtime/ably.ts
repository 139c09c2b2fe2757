import "server-only";
import { env } from "@/lib/env";
import type { AblyPublisher } from "./hub";
import { userChannel, type RealtimeEvent } from "./events";

/** The bits of Ably's REST client we call (Ably.Rest, or a fake in tests). */
export interface AblyRestLike {
  channels: { get: (name: string) => { publish: (name: string, data: unknown) => Promise<void> } };
  auth: {
    createTokenRequest: (params: { clientId: string; capability: string }) => Promise<unknown>;
  };
}

const holder = globalThis as unknown as {
  __crewdeckAbly?: { key: string | null; rest: Promise<AblyRestLike> | null };
};

/** Tests switch Ably on with a fake client (no network here), or off again with null. */
export function setAblyForTests(config: { key: string; rest: AblyRestLike } | null): void {
  holder.__crewdeckAbly = config
    ? { key: config.key, rest: Promise.resolve(config.rest) }
    : { key: null, rest: null };
}

function ablyKey(): string | null {
  return holder.__crewdeckAbly ? holder.__crewdeckAbly.key : (env.ABLY_API_KEY ?? null);
}

/** Whether the realtime port runs on Ably (ABLY_API_KEY set) rather than our own SSE. */
export const ablyEnabled = (): boolean => ablyKey() !== null;

/** The REST client, loaded only when a key is set (the package stays out of other processes). */
function ablyRest(): Promise<AblyRestLike> {
  const key = ablyKey();
  if (!key) throw new Error("Ably is not configured");
  holder.__crewdeckAbly ??= { key, rest: null };
  holder.__crewdeckAbly.rest ??= import("ably").then(
    ({ Rest }) => new Rest({ key }) as unknown as AblyRestLike,
  );
  return holder.__crewdeckAbly.rest;
}

/** Publishes to Ably over REST: the message name is the event type. */
export function ablyPublisher(): AblyPublisher | null {
  if (!ablyEnabled()) return null;
  return {
    publish: async (channel: string, name: string, data: RealtimeEvent) => {
      const rest = await ablyRest();
      await rest.channels.get(channel).publish(name, data);
    },
  };
}

/**
 * A token request for this user's browser: it may only subscribe to its own private channel,
 * as itself (clientId = user id). Signed here with the key; the key never leaves the server.
 */
export async function ablyTokenRequest(userId: number): Promise<unknown> {
  const rest = await ablyRest();
  return rest.auth.createTokenRequest({
    clientId: String(userId),
    capability: JSON.stringify({ [userChannel(userId)]: ["subscribe"] }),
  });
}
