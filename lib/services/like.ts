/** Escapes LIKE's wildcards so a search for "50%" or "a_b" finds just that text. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pattern of a "contains" search. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;
