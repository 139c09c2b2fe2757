/**
 * The length counter of a text field (lib/domain/text-limits.ts holds the limits themselves).
 * Apart from the limits so the form field, which every form draws, brings only this.
 */

/** A field shows its counter from this share of its limit on. */
export const COUNTER_FROM = 0.8;

/** 20000 → "20,000": limits and counts read the same in messages and counters. */
export const formatCount = (n: number): string => n.toLocaleString("en-US");

/**
 * The counter a field shows near its limit, e.g. "19,200 / 20,000"; null below
 * COUNTER_FROM of the limit (a counter on every field would be noise).
 */
export function lengthCounter(length: number, max: number): string | null {
  if (!(max > 0) || length < max * COUNTER_FROM) return null;
  return `${formatCount(length)} / ${formatCount(max)}`;
}
