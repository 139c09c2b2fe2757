"use client";

import { useEffect, useId, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Spinner } from "@/components/ui/spinner";
import { notify } from "@/components/ui/toaster";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/form-field";
import type { OnCallCandidate } from "@/lib/services/on-call";
import { addOnCallAction } from "./actions";
import { SEARCH_MAX } from "@/lib/domain/text-limits";

const DEBOUNCE_MS = 250;

/**
 * "Add a worker": a combobox (WAI-ARIA 1.2 pattern) over GET on-call/search-users. Typing
 * searches workers not yet on call; arrow keys move through the options, Enter adds the
 * active one, Escape closes the list. The page refreshes with the new row and a toast.
 */
export function AddWorker() {
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [options, setOptions] = useState<OnCallCandidate[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const input = useRef<HTMLInputElement>(null);
  const asked = useRef(0);

  useEffect(() => {
    if (!open) return;
    const ticket = ++asked.current;
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const res = await fetch(
          `/api/v2/on-call/search-users?userName=${encodeURIComponent(text.trim())}`,
          { headers: { accept: "application/json" } },
        );
        const body = (await res.json()) as { data?: OnCallCandidate[]; message?: string };
        if (ticket !== asked.current) return;
        if (!res.ok) throw new Error(body.message ?? "The search failed.");
        setOptions(body.data ?? []);
        setError(null);
        setActive(-1);
      } catch (err) {
        if (ticket !== asked.current) return;
        setOptions([]);
        setError(err instanceof Error ? err.message : "The search failed.");
      } finally {
        if (ticket === asked.current) setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, open]);

  const pick = (worker: OnCallCandidate) =>
    start(async () => {
      const r = await addOnCallAction(worker.id);
      if (!r.ok) {
        notify.error(r.message);
        return;
      }
      notify.success(r.data.message);
      setText("");
      setOpen(false);
      setOptions([]);
      router.refresh();
      input.current?.focus();
    });

  const optionId = (i: number) => `${id}-option-${i}`;
  const expanded = open && (options.length > 0 || loading || error !== null || text !== "");

  return (
    <div className="relative w-full sm:max-w-md">
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-gray-900">
        Add a worker
      </label>
      <div className="relative">
        <Input
          ref={input}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-busy={pending || undefined}
          autoComplete="off"
          placeholder="Search by name, e-mail or phone"
          maxLength={SEARCH_MAX}
          value={text}
          disabled={pending}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              setOpen(true);
              setActive((i) => (options.length ? (i + 1) % options.length : -1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
            } else if (e.key === "Enter") {
              e.preventDefault();
              if (active >= 0 && options[active]) pick(options[active]);
            } else if (e.key === "Escape") {
              setOpen(false);
              setActive(-1);
            }
          }}
        />
        {(loading || pending) && (
          <span className="absolute top-1/2 right-3 -translate-y-1/2">
            <Spinner size="sm" label={pending ? "Adding" : "Searching"} />
          </span>
        )}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Workers not on call"
        className={cn(
          "absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-card border border-gray-200 bg-white py-1 shadow-lg",
          !expanded && "hidden",
        )}
      >
        {options.map((o, i) => (
          <li
            key={o.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={cn(
              "flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm",
              i === active ? "bg-accent-50 text-accent-900" : "hover:bg-gray-50",
            )}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(o)}
          >
            <span className="font-medium">{o.name}</span>
            <span className="text-gray-600">{o.phone ?? o.email}</span>
          </li>
        ))}
        {!loading && options.length === 0 && (
          <li
            role="option"
            aria-selected={false}
            aria-disabled
            className="px-3 py-2 text-sm text-gray-600"
          >
            {error ?? "No worker found who is not already on call."}
          </li>
        )}
      </ul>
    </div>
  );
}
