"use client";

import { useId, useState } from "react";

/**
 * What the date and time inputs share: the text as typed beside the value it stands for,
 * a value changed from outside replacing the text, applying a typed entry (or naming the
 * problem under the field), and the ids tying the field to its error.
 */
export function useTypedEntry<T>({
  value,
  onValueChange,
  id,
  describedBy,
  display,
  parse,
  encode,
  errorText,
}: {
  value: string;
  onValueChange: (value: string) => void;
  id: string | undefined;
  describedBy: string | undefined;
  /** The text shown for a value ("" for none). */
  display: (value: string) => string;
  /** A typed entry read, or null when it is not one. */
  parse: (typed: string) => T | null;
  /** An entry as the value the form gets, and as the text shown once applied. */
  encode: (entry: T) => { value: string; text: string };
  errorText: string;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-entry-error`;
  const [text, setText] = useState(display(value));
  const [seen, setSeen] = useState(value);
  const [error, setError] = useState<string | null>(null);

  // A value changed from outside (another field, a reset) replaces what is shown.
  if (value !== seen) {
    setSeen(value);
    setText(display(value));
    setError(null);
  }

  const emit = (next: string) => {
    setError(null);
    if (next !== value) onValueChange(next);
  };

  /** Applies an entry: shows it as the field writes it and hands the form its value. */
  const apply = (entry: T) => {
    const out = encode(entry);
    setText(out.text);
    emit(out.value);
  };

  /** Reads what was typed: applies it, or names the problem. */
  const commit = () => {
    const typed = text.trim();
    if (typed === "") return emit("");
    const entry = parse(typed);
    if (entry === null) return setError(errorText);
    apply(entry);
  };

  return {
    inputId,
    errorId,
    text,
    setText,
    error,
    clearError: () => setError(null),
    emit,
    apply,
    commit,
    describedBy: [describedBy, error ? errorId : undefined].filter(Boolean).join(" ") || undefined,
  };
}
