"use client";

import { useEffect, useState } from "react";
import type { ChatTextPart, chatTextParts } from "@/lib/domain/chat-links";

type Linkify = typeof chatTextParts;

/*
 * The link finder (linkifyjs, ~10 KB gzipped with its list of top-level domains) is fetched
 * after the page, once for every message: until it arrives a body is drawn as plain text,
 * then its links become clickable. The chat's first load stays within the worker's budget.
 */
let loading: Promise<Linkify> | null = null;
let loaded: Linkify | null = null;
const loadLinkify = () =>
  (loading ??= import("@/lib/domain/chat-links").then(
    (m) => (loaded = m.chatTextParts),
    (error: unknown) => {
      loading = null; // a failed fetch is tried again by the next message drawn
      throw error;
    },
  ));

function useLinkify(): Linkify | null {
  const [linkify, setLinkify] = useState<Linkify | null>(() => loaded);
  useEffect(() => {
    if (linkify) return;
    let live = true;
    loadLinkify().then(
      (f) => live && setLinkify(() => f),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [linkify]);
  return linkify;
}

/** A message body as text, its links clickable (opened in a new tab, never followed by bots). */
export function MessageText({ body }: { body: string }) {
  const linkify = useLinkify();
  const parts: ChatTextPart[] = linkify ? linkify(body) : [{ text: body }];
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {parts.map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
