"use client";

import { useEffect, useRef, useState } from "react";
import type { ActionResult } from "@/lib/http/action";
import type { QuotePreview } from "@/lib/services/quotes/preview";
import { previewKeyOf, type QuoteFormValues } from "./quote-form-values";

const PREVIEW_MS = 400;

export type QuotePreviewState =
  | { kind: "idle" }
  | { kind: "loading"; last: QuotePreview | null; map: number[] }
  | { kind: "ready"; data: QuotePreview; map: number[] }
  | { kind: "error"; message: string };

/** The total on show and which form line each priced line is. */
export type QuotePreviewShown = { data: QuotePreview; map: number[] } | null;

/**
 * The live total: the lines that are filled in, priced by the server, debounced. The key
 * holds the input and which form line each priced line is.
 */
export function useQuotePreview(
  values: QuoteFormValues,
  digits: number,
  ask: (input: unknown) => Promise<ActionResult<QuotePreview>>,
) {
  const previewKey = previewKeyOf(values, digits);
  const [preview, setPreview] = useState<QuotePreviewState>({ kind: "idle" });
  const asked = useRef(0);
  useEffect(() => {
    if (!previewKey) return;
    const n = ++asked.current;
    const { input, map } = JSON.parse(previewKey) as { input: unknown; map: number[] };
    const timer = setTimeout(() => {
      setPreview((s) => ({
        kind: "loading",
        last: s.kind === "ready" ? s.data : s.kind === "loading" ? s.last : null,
        map,
      }));
      ask(input).then((r) => {
        if (n !== asked.current) return;
        setPreview(
          r.ok ? { kind: "ready", data: r.data, map } : { kind: "error", message: r.message },
        );
      });
    }, PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [previewKey, ask]);
  const shown: QuotePreviewShown = !previewKey
    ? null
    : preview.kind === "ready"
      ? { data: preview.data, map: preview.map }
      : preview.kind === "loading" && preview.last
        ? { data: preview.last, map: preview.map }
        : null;
  const lineResult = (index: number) => {
    if (!shown) return null;
    const at = shown.map.indexOf(index);
    return at >= 0 ? (shown.data.lines[at] ?? null) : null;
  };
  const missingText = (skillId: string) =>
    shown?.data.missing.find((m) => String(m.skill_id) === skillId)?.message ?? null;
  return { previewKey, preview, shown, lineResult, missingText };
}
