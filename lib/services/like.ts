/**
 * Escapes LIKE's wildcards so a search for "50%" or "a_b" finds just that text. A NUL
 * character (a pasted or hand-edited `%00`) is dropped: PostgreSQL text cannot hold it, and
 * the query would fail instead of searching.
 */
export const escapeLike = (s: string) =>
  s.replace(/\u0000/g, "").replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pattern of a "contains" search. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;
