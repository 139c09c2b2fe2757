/** The calendar day of an instant in a time zone ("2026-11-27"). */
export function chatDayKey(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));
}

/** The day separator's words: "Today", "Yesterday", else "Mon, 23 Nov 2026". */
export function chatDayLabel(iso: string, now: Date, timeZone?: string): string {
  const day = chatDayKey(iso, timeZone);
  if (day === chatDayKey(now.toISOString(), timeZone)) return "Today";
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  if (day === chatDayKey(yesterday.toISOString(), timeZone)) return "Yesterday";
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(iso));
}

/** A message's time ("14:05"). */
export const chatTime = (iso: string, timeZone?: string): string =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );

/** A conversation's last-message time in the list: the time today, else the short date. */
export function chatListTime(iso: string, now: Date, timeZone?: string): string {
  if (chatDayKey(iso, timeZone) === chatDayKey(now.toISOString(), timeZone))
    return chatTime(iso, timeZone);
  return new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short" }).format(
    new Date(iso),
  );
}

/** Messages in groups by day, in the order given (oldest first). */
export function groupByDay<T extends { created_at: string }>(
  messages: readonly T[],
  timeZone?: string,
): { day: string; first: string; items: T[] }[] {
  const groups: { day: string; first: string; items: T[] }[] = [];
  for (const m of messages) {
    const day = chatDayKey(m.created_at, timeZone);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(m);
    else groups.push({ day, first: m.created_at, items: [m] });
  }
  return groups;
}

/**
 * Merges messages into a conversation's list: by id, each once, oldest first. A live event,
 * a refresh after sending and an earlier page may all bring the same message.
 */
export function mergeMessages<T extends { id: number }>(
  current: readonly T[],
  more: readonly T[],
): T[] {
  const byId = new Map<number, T>();
  for (const m of current) byId.set(m.id, m);
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export { unreadText } from "./chat-unread";
