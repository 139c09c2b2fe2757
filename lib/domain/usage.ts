/**
 * Where a record is used, in words, for the delete dialogs and the 409 of deleting something
 * in use: "3 jobs and 2 workers". Pure, so the services and the screens say it the same way.
 */
export interface Usage {
  count: number;
  /** Plural-aware words for where it is used, e.g. "3 jobs and 2 workers". */
  label: string;
}

/** "1 job", "3 jobs". */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Joins the non-zero parts: usageOf([[2, "job"], [0, "shift"], [1, "worker"]]) → "2 jobs and 1 worker". */
export function usageOf(parts: [number, string, string?][]): Usage {
  const used = parts.filter(([n]) => n > 0);
  const words = used.map(([n, one, many]) => countOf(n, one, many));
  const label =
    words.length <= 1
      ? (words[0] ?? "")
      : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
  return { count: used.reduce((s, [n]) => s + n, 0), label };
}

/** Who holds a level: its workers and the rates priced for it. */
export const levelUsage = (l: { workers_count?: number; rates_count?: number }): Usage =>
  usageOf([
    [l.workers_count ?? 0, "worker"],
    [l.rates_count ?? 0, "rate"],
  ]);
