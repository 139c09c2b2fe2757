/**
 * "Anna van der Berg" → "AB"; "cher" → "C"; empty → "?". Its own module: the shell draws
 * initials on every page and must not pull the Radix avatar into every first load.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = Array.from(words[0])[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}
