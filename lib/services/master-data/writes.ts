import type { z } from "zod";
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "@/db";
import { done, upperFirst } from "@/lib/domain/done";
import type { Permission } from "@/lib/domain/permissions";
import { logActivity } from "../activity";
import { requirePermission, withTx, type Ctx, type TxCtx } from "../context";
import type { AppError } from "../errors";
import { parseInput } from "../validate";
import { claimArchivableName, deleteOrArchive } from "./archive";
import { assertNameFree, isForeignKeyViolation, mapUniqueViolation, type Usage } from "./index";

type Named = { id: number; name: string };

/** What a delete needs to know of its list. */
export interface MasterList<Row extends Named> {
  table: PgTable;
  id: AnyPgColumn;
  /** The live row, locked when `forUpdate`; a 404 in the list's words when there is none. */
  load: (db: DbOrTx, id: number, forUpdate: boolean) => Promise<Row>;
  /** The activity log's name, and its subject type when that differs ("help" logs categories). */
  logName: string;
  subjectType?: string;
  /** The thing in words, for the log lines: "level", "dress code". */
  noun: string;
}

/**
 * A list's delete of the row `id` (permission checked); resolves to what its answer adds, and
 * the removed row's name for the message.
 */
export type Removal<Row extends Named, Removed> = (
  ctx: Ctx,
  list: MasterList<Row>,
  id: number,
) => Promise<{ removed: Removed; name: string }>;

/**
 * The create, edit and delete of a named master list (levels, languages, equipment categories,
 * dress codes, document types, help categories) in one shape, so the rules of those writes live
 * once: the permission first, then the input, then in one transaction the name claimed under the
 * list's lock, the row written (or an archived namesake brought back), one activity row, and the
 * answer read in that transaction. Each list declares only what differs.
 */
export interface MasterListSpec<
  Row extends Named,
  Input,
  View extends { name: string },
  Removed,
> extends MasterList<Row> {
  /** The columns a write returns (the list's row). */
  fields: SelectedFields;
  permission: Permission;
  /** The 422 text of a taken name. The success messages name the row ("Level Senior created"). */
  messages: { duplicate: string };
  input: z.ZodType<Input>;
  /** A path id to the row's id (a 404 in the list's words when it is none). */
  idOf: (raw: unknown) => number;
  /**
   * Under the list's lock: a 422 when the name is taken; on a create, the id of an archived
   * namesake to bring back, else null (`archivableName`, `uniqueName`).
   */
  claim: (tx: Tx, input: Input, exceptId?: number) => Promise<number | null>;
  /** The columns the input sets. */
  values: (input: Input) => Record<string, unknown>;
  /** Checks of what the input names (roles, skills), after the claim. */
  check?: (tx: Tx, input: Input) => Promise<void>;
  /** Columns a created or restored row gets besides the input's: its place in the order. */
  placed?: (tx: Tx) => Promise<Record<string, unknown>>;
  /** Writes beside the row (a document type's roles and skills). */
  link?: (tx: Tx, id: number, input: Input) => Promise<void>;
  /** The answer for a row. */
  view: (db: DbOrTx, row: Row) => Promise<View>;
  /** What the log keeps of a row: an edit's `old` and `attributes`, a create's `attributes`. */
  logged: (view: View) => Record<string, unknown>;
  /** The create's log properties, where they are not `{ attributes: logged }`. */
  createdLog?: (view: View) => Record<string, unknown>;
  /** Turns a unique-index race that slipped past the claim into its 422 (default: the name's). */
  mapUnique?: <T>(run: () => Promise<T>) => Promise<T>;
  /** `archiveWhenUsed` or `refuseWhenUsed`. */
  remove: Removal<Row, Removed>;
}

export function masterListWrites<Row extends Named, Input, View extends { name: string }, Removed>(
  spec: MasterListSpec<Row, Input, View, Removed>,
) {
  const mapUnique =
    spec.mapUnique ??
    (<T>(run: () => Promise<T>) => mapUniqueViolation(run, spec.messages.duplicate));
  const log = (ctx: TxCtx, description: string, id: number, properties: Record<string, unknown>) =>
    logActivity(ctx, {
      logName: spec.logName,
      description,
      subjectType: spec.subjectType ?? spec.logName,
      subjectId: id,
      properties,
    });
  // "Dress code", as the messages start.
  const kind = upperFirst(spec.noun);
  const returning = <T>(q: { returning: (f: SelectedFields) => T }) =>
    q.returning(spec.fields) as unknown as Promise<Row[]>;

  async function create(ctx: Ctx, raw: unknown): Promise<View & { message: string }> {
    requirePermission(ctx, spec.permission);
    const input = parseInput(spec.input, raw ?? {});
    const view = await mapUnique(() =>
      withTx(ctx, async (ctx) => {
        const restoreId = await spec.claim(ctx.db, input);
        await spec.check?.(ctx.db, input);
        const values = {
          ...spec.values(input),
          ...(await spec.placed?.(ctx.db)),
          updatedAt: ctx.now,
        };
        const [row] = restoreId
          ? await returning(
              ctx.db
                .update(spec.table)
                .set({ ...values, archivedAt: null } as never)
                .where(eq(spec.id, restoreId)),
            )
          : await returning(
              ctx.db.insert(spec.table).values({ ...values, createdAt: ctx.now } as never),
            );
        await spec.link?.(ctx.db, row.id, input);
        const view = await spec.view(ctx.db, row);
        await log(
          ctx,
          `${restoreId ? "Restored" : "Created"} ${spec.noun} "${row.name}"`,
          row.id,
          spec.createdLog?.(view) ?? { attributes: spec.logged(view) },
        );
        return view;
      }),
    );
    return { ...view, message: done(kind, view.name, "created") };
  }

  async function update(
    ctx: Ctx,
    rawId: unknown,
    raw: unknown,
  ): Promise<View & { message: string }> {
    requirePermission(ctx, spec.permission);
    const id = spec.idOf(rawId);
    const input = parseInput(spec.input, raw ?? {});
    const view = await mapUnique(() =>
      withTx(ctx, async (ctx) => {
        // The old side is logged from the view too: a document type's roles and skills live
        // beside its row.
        const before = await spec.view(ctx.db, await spec.load(ctx.db, id, true));
        await spec.claim(ctx.db, input, id);
        await spec.check?.(ctx.db, input);
        const [row] = await returning(
          ctx.db
            .update(spec.table)
            .set({ ...spec.values(input), updatedAt: ctx.now } as never)
            .where(eq(spec.id, id)),
        );
        await spec.link?.(ctx.db, id, input);
        const view = await spec.view(ctx.db, row);
        await log(ctx, `Edited ${spec.noun} "${row.name}"`, id, {
          old: spec.logged(before),
          attributes: spec.logged(view),
        });
        return view;
      }),
    );
    return { ...view, message: done(kind, view.name, "edited") };
  }

  async function remove(
    ctx: Ctx,
    rawId: unknown,
  ): Promise<{ id: number } & Removed & { message: string }> {
    requirePermission(ctx, spec.permission);
    const id = spec.idOf(rawId);
    const { removed, name } = await spec.remove(ctx, spec, id);
    return { id, ...removed, message: done(kind, name, "deleted") };
  }

  return { create, update, remove };
}

/** The columns and the log of a list whose rows are a name and a description. */
export const nameAndDescription = (r: { name: string; description: string | null }) => ({
  name: r.name,
  description: r.description,
});

/** The claim of a list whose used rows are archived: see `claimArchivableName`. */
export const archivableName =
  (
    t: { table: PgTable; id: AnyPgColumn; name: AnyPgColumn; archivedAt: AnyPgColumn },
    lockKey: string,
    message: string,
  ) =>
  (tx: Tx, input: { name: string }, exceptId?: number) =>
    claimArchivableName(tx, {
      table: t.table,
      id: t.id,
      column: t.name,
      archivedAt: t.archivedAt,
      value: input.name,
      exceptId,
      lockKey,
      message,
    });

/** The claim of a list without an archive: the name is free among all rows. */
export const uniqueName =
  (t: { table: PgTable; id: AnyPgColumn; name: AnyPgColumn }, lockKey: string, message: string) =>
  async (tx: Tx, input: { name: string }, exceptId?: number): Promise<null> => {
    await assertNameFree(tx, {
      table: t.table,
      id: t.id,
      name: t.name,
      value: input.name,
      exceptId,
      lockKey,
      message,
    });
    return null;
  };

/**
 * A delete that removes an unused row and archives a used one (`deleteOrArchive`): the answer
 * says which happened (`archived`).
 */
export const archiveWhenUsed =
  <Row extends Named>(opts: {
    usage: (tx: Tx, row: Row) => Promise<Usage>;
    /** How the usage reads in the log line: "held by 3 workers", "3 documents keep it". */
    note: (usage: Usage) => string;
    properties: (row: Row, usage: Usage) => Record<string, unknown>;
  }): Removal<Row, { archived: boolean }> =>
  async (ctx, list, id) => {
    let name = "";
    const archived = await deleteOrArchive(ctx, {
      table: list.table,
      id: list.id,
      rowId: id,
      load: async (tx) => {
        const row = await list.load(tx, id, true);
        name = row.name;
        return row;
      },
      logName: list.logName,
      noun: list.noun,
      ...opts,
    });
    return { removed: { archived }, name };
  };

/**
 * A delete that refuses a used row (409 naming how much uses it, nothing removed). The load's
 * FOR UPDATE conflicts with the key-share lock a new holder takes on the row, so the count cannot
 * miss one being saved right now; a holder that appears anyway (a foreign-key violation) gets the
 * same 409.
 */
export const refuseWhenUsed =
  <Row extends Named>(opts: {
    count: (db: DbOrTx, id: number) => Promise<number>;
    inUse: (count: number) => AppError;
    properties: (row: Row) => Record<string, unknown>;
  }): Removal<Row, Record<never, never>> =>
  async (ctx, list, id) => {
    let name = "";
    try {
      await withTx(ctx, async (ctx) => {
        const row = await list.load(ctx.db, id, true);
        name = row.name;
        const used = await opts.count(ctx.db, id);
        if (used > 0) throw opts.inUse(used);
        await ctx.db.delete(list.table).where(eq(list.id, id));
        await logActivity(ctx, {
          logName: list.logName,
          description: `Deleted ${list.noun} "${row.name}"`,
          subjectType: list.subjectType ?? list.logName,
          subjectId: id,
          properties: opts.properties(row),
        });
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw opts.inUse((await opts.count(ctx.db, id)) || 1);
      throw err;
    }
    return { removed: {}, name };
  };
