/**
 * Deterministic "random" SQL expressions for the scale seed: every value is a hash of the seed,
 * a tag naming the decision and the row's number, computed by the server inside
 * `INSERT … SELECT … FROM generate_series(…)`, so the same seed gives the same rows on
 * PostgreSQL and on PGlite (both are PostgreSQL; `hashint8extended` is in either).
 */
export class SqlRandom {
  constructor(private readonly seed: number) {}

  /** A float in [0, 1) from the row number expression `n` and the decision's tag. */
  r(tag: number, n: string): string {
    const salt = BigInt(this.seed) * 1000n + BigInt(tag);
    return `((hashint8extended((${n})::bigint, ${salt}::bigint) & 2147483647)::float8 / 2147483648.0)`;
  }

  /** An integer in [0, count), `count` a number or an SQL expression. */
  pick(tag: number, n: string, count: number | string): string {
    return `floor(${this.r(tag, n)} * (${count}))::int`;
  }

  /** An integer in [min, max], both included. */
  int(tag: number, n: string, min: number, max: number): string {
    return `(${min} + ${this.pick(tag, n, max - min + 1)})`;
  }
}

/** An SQL string literal. */
export const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** An SQL text[] literal. */
export const textArray = (items: readonly string[]): string =>
  `array[${items.map(lit).join(", ")}]::text[]`;

/** An SQL int[] literal. */
export const intArray = (items: readonly number[]): string =>
  items.length
    ? `array[${items.map((n) => String(Math.trunc(n))).join(", ")}]::int[]`
    : "array[]::int[]";
