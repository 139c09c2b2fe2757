"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { SendHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LengthCounter } from "@/components/ui/length-counter";
import { notify } from "@/components/ui/toaster";
import { CHAT_MESSAGE_MAX, tooLongMessage } from "@/lib/domain/text-limits";

/**
 * The message box: Enter sends, Shift+Enter starts a new line. Up to 2,000 characters, the
 * counter near the limit; the text stays until the server took it (a refusal is a toast).
 */
export function Composer({
  send,
  label = "Message",
  autoFocus,
}: {
  /** Sends the text; true when it was sent (the box empties). */
  send: (body: string) => Promise<boolean>;
  label?: string;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const over = text.length > CHAT_MESSAGE_MAX;

  const submit = async () => {
    if (sending) return;
    const body = text.trim();
    if (!body) return;
    if (over) return void notify.error(tooLongMessage("message", CHAT_MESSAGE_MAX));
    setSending(true);
    const sent = await send(body).finally(() => setSending(false));
    if (sent) setText("");
    // The box was disabled while sending: give the focus back for the next line.
    requestAnimationFrame(() => box.current?.focus());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void submit();
  };

  return (
    <form
      className="flex flex-col gap-1 border-t border-gray-200 bg-white p-2 sm:p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          id={id}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={sending}
          autoFocus={autoFocus}
          placeholder="Write a message"
          aria-describedby={`${id}-help`}
          aria-invalid={over || undefined}
          className="max-h-40 min-h-11 min-w-0 flex-1 resize-none rounded-control border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-500 focus:border-accent-600 focus:ring-2 focus:ring-accent-600/30 focus:outline-none disabled:bg-gray-50 sm:text-sm"
        />
        <Button type="submit" loading={sending} disabled={sending || !text.trim() || over}>
          <SendHorizontal aria-hidden />
          Send
        </Button>
      </div>
      <div className="flex items-center justify-between gap-2">
        <p id={`${id}-help`} className="hidden text-xs text-gray-600 sm:block">
          Enter sends, Shift+Enter starts a new line.
        </p>
        <LengthCounter length={text.length} max={CHAT_MESSAGE_MAX} className="ml-auto" />
      </div>
    </form>
  );
}
