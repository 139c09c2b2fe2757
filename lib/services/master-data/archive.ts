import { and, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "@/db";
import { logActivity } from "../activity";
import { withTx, type Ctx } from "../context";
import { assertNameFree, isForeignKeyViolation, nameTaken, type Usage } from "./index";

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

/**
 * The delete of a list whose rows are archived while in use (levels, languages, equipment
 * categories), in one place: in one transaction, lock and load the live row (`load`, 404 when
 * none), count where it is used under that lock (`usage`), then remove it when unused or set
 * `archivedAt` when used, with one activity row. A holder that appeared anyway (a
 * foreign-key violation at the delete) archives it instead. Returns whether it was archived.
 */
export async function deleteOrArchive<R extends { name: string }>(
  ctx: Ctx,
  opts: {
    table: PgTable;
    id: AnyPgColumn;
    rowId: number;
    load: (tx: Tx) => Promise<R>;
    usage: (tx: Tx, row: R) => Promise<Usage>;
    /** The activity log's name and subject type, e.g. "levels". */
    logName: string;
    /** The thing in words, for the log line: "level". */
    noun: string;
    /** How the usage reads in the log line: "held by 3 workers", "3 documents keep it". */
    note: (usage: Usage) => string;
    properties: (row: R, usage: Usage) => Record<string, unknown>;
  },
): Promise<boolean> {
  const remove = (forceArchive: boolean) =>
    withTx(ctx, async (ctx) => {
      // The load's FOR UPDATE waits for a row being saved with this one (its key-share lock),
      // so the usage counted below sees every holder committed before the decision.
      const row = await opts.load(ctx.db);
      const usage = await opts.usage(ctx.db, row);
      const archived = forceArchive || usage.count > 0;
      if (archived)
        await ctx.db
          .update(opts.table)
          .set({ archivedAt: ctx.now, updatedAt: ctx.now } as never)
          .where(eq(opts.id, opts.rowId));
      else await ctx.db.delete(opts.table).where(eq(opts.id, opts.rowId));
      await logActivity(ctx, {
        logName: opts.logName,
        description: archived
          ? `Archived ${opts.noun} "${row.name}"${usage.label ? ` (${opts.note(usage)})` : ""}`
          : `Deleted ${opts.noun} "${row.name}"`,
        subjectType: opts.logName,
        subjectId: opts.rowId,
        properties: { ...opts.properties(row, usage), archived },
      });
      return archived;
    });
  try {
    return await remove(false);
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    return remove(true);
  }
}
