"use client";

import { useEffect, useState } from "react";
import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { FormField, Input } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/components/ui/toaster";
import type { ChatPerson, ChatSummary } from "@/lib/services/chat/types";
import { findChatPeople, sendMessage } from "./actions";
import { Composer } from "./composer";

const SEARCH_DELAY_MS = 300;

/**
 * "New message": find someone by name (as you type), then write the first message; a person
 * one already has a conversation with opens that conversation instead.
 */
export function NewMessage({
  open,
  onOpenChange,
  chats,
  onOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chats: readonly ChatSummary[];
  /** Open this conversation (just started, or the one there was). */
  onOpen: (chatId: number) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="New message" description="Find a person by name.">
        {/* Fresh each time it opens. */}
        {open && <NewMessageBody chats={chats} onOpen={onOpen} />}
      </DialogContent>
    </Dialog>
  );
}

function NewMessageBody({
  chats,
  onOpen,
}: {
  chats: readonly ChatSummary[];
  onOpen: (chatId: number) => void;
}) {
  const [query, setQuery] = useState("");
  const [people, setPeople] = useState<ChatPerson[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [to, setTo] = useState<ChatPerson | null>(null);

  useEffect(() => {
    const name = query.trim();
    if (name.length < 2) return;
    let stale = false;
    const timer = setTimeout(async () => {
      setSearching(true);
      const r = await findChatPeople(name);
      if (stale) return;
      setSearching(false);
      if (!r.ok) return void notify.error(r.message);
      setPeople(r.data);
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [query]);

  const choose = (person: ChatPerson) => {
    const existing = chats.find((c) => c.type === "private" && c.other_user?.id === person.id);
    if (existing) return onOpen(existing.id);
    setTo(person);
  };

  if (to)
    return (
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" onClick={() => setTo(null)}>
            <ArrowLeft aria-hidden /> Back
          </Button>
          <p className="min-w-0 truncate text-sm text-gray-900">
            To <span className="font-semibold">{to.name}</span>
          </p>
        </div>
        <div className="-mx-4 sm:-mx-6">
          <Composer
            label={`Message to ${to.name}`}
            autoFocus
            send={async (body) => {
              const r = await sendMessage({ body, target_user: to.id });
              if (!r.ok) {
                notify.error(r.message);
                return false;
              }
              onOpen(r.data.data.chat_id);
              return true;
            }}
          />
        </div>
      </div>
    );

  const shown = query.trim().length >= 2 ? people : null;
  return (
    <div className="flex flex-col gap-3">
      <FormField label="Name">
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          placeholder="Type at least 2 letters"
          autoFocus
        />
      </FormField>
      <div aria-live="polite" className="min-h-10">
        {searching ? (
          <Spinner />
        ) : shown && shown.length === 0 ? (
          <p className="text-sm text-gray-600">Nobody found by that name.</p>
        ) : shown ? (
          <ul aria-label="People" className="flex max-h-72 flex-col overflow-y-auto">
            {shown.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => choose(p)}
                  className="flex min-h-11 w-full flex-col items-start rounded-control px-3 py-2 text-left hover:bg-gray-100"
                >
                  <span className="text-sm font-medium text-gray-900">{p.name}</span>
                  {p.role && <span className="text-xs text-gray-600">{p.role}</span>}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
