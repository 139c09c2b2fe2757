import type { RealtimeEvent } from "./events";
import { userChannel } from "./events";

/** What publishRealtime NOTIFYs: the recipients, the event, and the instance that sent it. */
export interface RealtimePayload {
  users: number[];
  event: RealtimeEvent;
  /** The publishing instance (realtimeInstanceId): it alone hands the event to Ably. */
  origin?: string;
}

/** The part of Ably's REST client the hub uses (a fake one in tests: no network here). */
export interface AblyPublisher {
  publish: (channel: string, name: string, data: RealtimeEvent) => Promise<void>;
}

export type Subscriber = (event: RealtimeEvent) => void;

/** Live streams one user may hold on one instance (tabs, devices). */
export const MAX_STREAMS_PER_USER = 5;

export function parsePayload(raw: string): RealtimePayload | null {
  try {
    const p = JSON.parse(raw) as RealtimePayload;
    if (!p || !Array.isArray(p.users) || typeof p.event?.type !== "string") return null;
    return p;
  } catch {
    return null;
  }
}

/**
 * One instance's fan-out: userId → the callbacks of that user's open streams. The listener
 * (one LISTEN per instance) hands every NOTIFY to deliver(); each event reaches its
 * recipients' streams and nobody else's. With Ably configured, the instance that published the
 * event (it hears its own NOTIFY, after commit) also publishes it to Ably, so each event
 * reaches Ably once however many instances run.
 */
export class RealtimeHub {
  private readonly subscribers = new Map<number, Set<Subscriber>>();
  private readonly resyncers = new Set<() => void>();

  constructor(
    readonly instanceId: string,
    private readonly ably: AblyPublisher | null = null,
    private readonly maxStreamsPerUser = MAX_STREAMS_PER_USER,
  ) {}

  /** Adds a stream of this user; null when the user already holds the most allowed. */
  subscribe(userId: number, fn: Subscriber): (() => void) | null {
    let set = this.subscribers.get(userId);
    if (!set) this.subscribers.set(userId, (set = new Set()));
    if (set.size >= this.maxStreamsPerUser) return null;
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.subscribers.get(userId) === set) this.subscribers.delete(userId);
    };
  }

  /** Streams open on this instance (all users, or one). */
  streamCount(userId?: number): number {
    if (userId !== undefined) return this.subscribers.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /** Called after the listener lost its connection and got it back: streams catch up. */
  onResync(fn: () => void): () => void {
    this.resyncers.add(fn);
    return () => this.resyncers.delete(fn);
  }

  resync(): void {
    for (const fn of [...this.resyncers]) fn();
  }

  deliver(raw: string): void {
    const payload = parsePayload(raw);
    if (!payload) return;
    for (const userId of payload.users) {
      for (const fn of [...(this.subscribers.get(userId) ?? [])]) {
        try {
          fn(payload.event);
        } catch (err) {
          console.error("[realtime] subscriber failed", err);
        }
      }
    }
    if (this.ably && payload.origin === this.instanceId) void this.publishToAbly(payload);
  }

  private async publishToAbly(payload: RealtimePayload): Promise<void> {
    await Promise.all(
      payload.users.map((userId) =>
        this.ably!.publish(userChannel(userId), payload.event.type, payload.event).catch(
          (err: Error) => console.error("[realtime] Ably publish failed", err.message),
        ),
      ),
    );
  }
}
