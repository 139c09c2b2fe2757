import { z } from "zod";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { NotFoundError } from "./errors";

/**
 * Schemas for values that arrive as query-string text as often as JSON: ids, optional ids,
 * flags. One definition, so "1", 1, "true" and true mean the same everywhere.
 */
export const MAX_INT = 2_147_483_647;

export const idSchema = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .positive("must be a positive id")
  .max(MAX_INT, "is out of range");

/**
 * The id of a path (`/jobs/{id}`) or of a call naming one record: a positive 32-bit integer
 * written plainly ("12", or the number 12), else the record cannot exist and it is a 404
 * ("{what} not found."), never a database error about an out-of-range value.
 */
export function parseId(value: unknown, what = "Record"): number {
  if (!isId(value)) throw new NotFoundError(`${what} not found.`);
  return Number(value);
}

/** Whether a path or body value is an id: a positive 32-bit integer, as a number or digits. */
export function isId(value: unknown): value is number | string {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_INT;
}

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const optionalId = z.preprocess(blankToUndefined, idSchema.optional());

/** "1", "true", true → true; "0", "false", false, "" → false. */
export const flag = z.preprocess((v) => {
  if (typeof v === "boolean") return v;
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") return ["1", "true", "yes", "on"].includes(v.toLowerCase());
  return v;
}, z.boolean().optional());

/** A list of ids from `1,2,3`, `[1,2]` or repeated `x[]=1&x[]=2`. */
export const idList = z.preprocess((v) => {
  if (v === undefined || v === null || v === "") return undefined;
  if (Array.isArray(v)) return v;
  if (typeof v === "string")
    return v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return [v];
}, z.array(idSchema).max(500).optional());

export const searchText = z.preprocess(
  blankToUndefined,
  z.string().trim().max(SEARCH_MAX).optional(),
);

/**
 * A switch that must be written plainly: "1"/"true"/1/true → true, "0"/"false"/0/false →
 * false, blank → unset; anything else is a 422 ("must be 1 or 0") rather than read as false.
 */
export const strictFlag = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return undefined;
    if (v === true || v === 1 || v === "1" || v === "true") return true;
    if (v === false || v === 0 || v === "0" || v === "false") return false;
    return v;
  },
  z.boolean({ error: "must be 1 or 0" }).optional(),
);

/** One field of a body or query not yet validated (undefined unless `raw` is an object). */
export function fieldOf(raw: unknown, name: string): unknown {
  return raw !== null && typeof raw === "object" && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)[name]
    : undefined;
}
