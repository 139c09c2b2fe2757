import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "@/db";
import { assertNameFree, nameTaken } from "./index";

/**
 * Names of lists whose in-use rows are archived on delete (levels, languages, equipment
 * categories): an archived row keeps its name under the unique index, yet no longer shows in
 * the list. So a name is free when no *live* row holds it (case-insensitive, under the
 * advisory lock of `assertNameFree`), and a create that meets an archived namesake restores
 * that row instead of clashing with the index (the holders keep pointing at one record).
 * Returns the archived namesake's id, or null.
 */
export async function claimArchivableName(
  tx: Tx,
  opts: {
    table: PgTable;
    id: AnyPgColumn;
    column: AnyPgColumn;
    archivedAt: AnyPgColumn;
    value: string;
    exceptId?: number;
    lockKey: string;
    message: string;
    field?: string;
  },
): Promise<number | null> {
  await assertNameFree(tx, {
    table: opts.table,
    id: opts.id,
    name: opts.column,
    value: opts.value,
    exceptId: opts.exceptId,
    scope: isNull(opts.archivedAt),
    lockKey: opts.lockKey,
    message: opts.message,
    field: opts.field,
  });
  const [archived] = await tx
    .select({ id: opts.id })
    .from(opts.table)
    .where(
      and(
        sql`lower(${opts.column}) = lower(${opts.value})`,
        isNotNull(opts.archivedAt),
        opts.exceptId ? ne(opts.id, opts.exceptId) : undefined,
      ),
    )
    .limit(1);
  const id = archived ? Number(archived.id) : null;
  // An edit cannot take an archived row's name: the unique index would refuse it.
  if (id !== null && opts.exceptId) throw nameTaken(opts.message, opts.field);
  return id;
}

/** Whether a row is live (not archived), for loads that must 404 on archived rows. */
export const live = (idCol: AnyPgColumn, archivedAt: AnyPgColumn, id: number) =>
  and(eq(idCol, id), isNull(archivedAt));
