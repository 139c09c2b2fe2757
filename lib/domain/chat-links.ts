/*
 * Kept apart from chat-view.ts: linkifyjs (~10 KB gzipped, its list of top-level domains) is
 * fetched by the chat after the page (app/(app)/live-chat/message-text.tsx), not with it.
 */
import { find } from "linkifyjs";

/** A piece of a message: plain text, or a link the screen draws as <a>. */
export type ChatTextPart = { text: string; href?: undefined } | { text: string; href: string };

/**
 * A message body cut into text and links (linkifyjs finds URLs, e-mail addresses and bare
 * domains). Only http(s) and mailto links become links; anything else stays text. The parts
 * are drawn as React text, never as HTML.
 */
export function chatTextParts(body: string): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  let at = 0;
  for (const link of find(body)) {
    if (!/^(https?:|mailto:)/i.test(link.href)) continue;
    if (link.start > at) parts.push({ text: body.slice(at, link.start) });
    parts.push({ text: body.slice(link.start, link.end), href: link.href });
    at = link.end;
  }
  if (at < body.length) parts.push({ text: body.slice(at) });
  return parts;
}
