/**
 * The screen tells the menu badge the new unread total after it marks a conversation read,
 * so the badge is right at once, with or without the realtime connection.
 */
const EVENT = "crewdeck:chat-unread";

export function announceUnread(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(EVENT, { detail: count }));
}

export function onUnread(listener: (count: number) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<number>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
