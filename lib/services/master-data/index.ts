import { z } from "zod";
import { and, asc, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "@/db";
import { COMMENT_MAX, LABEL_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { ConflictError, ValidationError } from "../errors";

/**
 * The pieces every master-data list (spec §7 "Master data": levels, branches, skills,
 * countries, languages, equipment categories, dress codes, document types, help categories,
 * roles, permissions) is made of, so each verb stays a few lines and one rule lives once:
 * the name and text fields, case-insensitive unique names under a lock, in-use deletes
 * (archive or 409 naming where it is used), and saving weights (the order) from a list of ids.
 */

/** A required, trimmed name. `label` words the messages ("The title field is required."). */
export function nameField(max = LABEL_MAX, label = "name") {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? `The ${label} field is required.`
            : `The ${label} must be a string.`,
      })
      .min(1, `The ${label} field is required.`)
      .max(max, tooLongMessage(label, max)),
  );
}

/** Optional text: blank, absent or null is stored as null. */
export function optionalText(max = COMMENT_MAX, label = "description") {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? null : v),
    z
      .string({ error: `The ${label} must be a string.` })
      .max(max, tooLongMessage(label, max))
      .nullable(),
  );
}

const isPgCode = (err: unknown, code: string) => {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e as { code?: unknown })?.code === code;
};
export const isUniqueViolation = (err: unknown) => isPgCode(err, "23505");
export const isForeignKeyViolation = (err: unknown) => isPgCode(err, "23503");

/** The 422 of a name that is taken, on the `name` field (or the one given). */
export const nameTaken = (message: string, field = "name") =>
  new ValidationError(message, { [field]: [message] });

/**
 * Names are unique regardless of case. Unique indexes are case-sensitive, so the check runs
 * inside the write's transaction under a transaction-scoped advisory lock keyed by `lockKey`:
 * two concurrent writes of "Black tie" and "black tie" cannot both pass it. `scope` narrows
 * the uniqueness (sub-skills are unique per parent).
 */
export async function assertNameFree(
  tx: Tx | DbOrTx,
  opts: {
    table: PgTable;
    id: AnyPgColumn;
    name: AnyPgColumn;
    value: string;
    exceptId?: number;
    scope?: SQL;
    lockKey: string;
    message: string;
    field?: string;
  },
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${opts.lockKey}))`);
  const [clash] = await tx
    .select({ id: opts.id })
    .from(opts.table)
    .where(
      and(
        sql`lower(${opts.name}) = lower(${opts.value})`,
        opts.exceptId ? ne(opts.id, opts.exceptId) : undefined,
        opts.scope,
      ),
    )
    .limit(1);
  if (clash) throw nameTaken(opts.message, opts.field);
}

/** Turns a unique-index race that slipped past `assertNameFree` into the same 422. */
export async function mapUniqueViolation<T>(
  run: () => Promise<T>,
  message: string,
  field = "name",
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(message, field);
    throw err;
  }
}

// Pure wording of where a record is used; lives in lib/domain so screens share it.
export { countOf, usageOf, type Usage } from "@/lib/domain/usage";
import type { Usage } from "@/lib/domain/usage";

/** The 409 of deleting something in use, naming where: "This level is used by 3 workers…". */
export const inUseError = (what: string, usage: Usage, hint: string, type = "in_use") =>
  new ConflictError(`This ${what} is used by ${usage.label} and cannot be deleted. ${hint}`, type);

/** Input of the save-weights calls: the ids in their new order, first first. */
export const weightsInput = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(2_147_483_647), {
      error: "The ids field must be a list of ids.",
    })
    .min(1, "The ids field is required.")
    .max(500, "At most 500 ids can be ordered at once.")
    .refine((ids) => new Set(ids).size === ids.length, "Each id may appear only once."),
});
export type WeightsInput = z.output<typeof weightsInput>;

/**
 * Saves an order: the row at position i gets weight i + 1. All rows are locked in id order
 * first (one lock order, DESIGN.md §3) and must exist within `scope` (e.g. one parent's
 * sub-skills), else 422 and nothing changes. Returns the ids in their saved order.
 */
export async function saveWeights(
  tx: Tx,
  opts: {
    table: PgTable;
    id: AnyPgColumn;
    weight: AnyPgColumn;
    ids: number[];
    scope?: SQL;
    message?: string;
  },
): Promise<number[]> {
  const found = await tx
    .select({ id: opts.id })
    .from(opts.table)
    .where(and(inArray(opts.id, opts.ids), opts.scope))
    .orderBy(asc(opts.id))
    .for("update");
  if (found.length !== opts.ids.length) {
    const message = opts.message ?? "Some of these items do not exist or cannot be ordered here.";
    throw new ValidationError(message, { ids: [message] });
  }
  const cases = sql.join(
    opts.ids.map((id, i) => sql`when ${id} then ${i + 1}::integer`),
    sql` `,
  );
  // One statement; the weight column is named by its database name, so any table fits.
  await tx.execute(
    sql`update ${opts.table} set ${sql.identifier(opts.weight.name)} = case ${opts.id} ${cases} end where ${inArray(opts.id, opts.ids)}`,
  );
  return opts.ids;
}

export const WEIGHTS_SAVED = "Weights set successfully";
