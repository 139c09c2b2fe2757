import type { ScaleContext } from "./context";
import { BASE_TABLES, bulkEnv, type Bases, type ScaleSizes } from "./bulk";
import { peopleStatements } from "./people";
import { clientStatements } from "./clients";
import { workStatements } from "./work";
import { moneyStatements } from "./money";
import { historyStatements } from "./history";

/**
 * The bulk's statements, in order: each an `INSERT … SELECT … FROM generate_series` (or an
 * UPDATE) computed on the server from hashes of the seed and row numbers. Ids are set
 * explicitly (`overriding system value`) from the demo's highest id plus arithmetic of the row
 * numbers, so related rows find each other without a round trip and every run gives the same
 * ids; the identity sequences are moved past them at the end.
 */
export function bulkStatements(
  ctx: ScaleContext,
  sizes: ScaleSizes,
  b: Bases,
  opts: { seed: number; now: Date; passwordHash: string },
): [string, string][] {
  const e = bulkEnv(ctx, sizes, b, opts);
  const out: [string, string][] = [];
  const add = (label: string, text: string) => out.push([label, text]);
  // In this order: each area's rows refer to the areas before it.
  peopleStatements(e, add);
  clientStatements(e, add);
  workStatements(e, add);
  moneyStatements(e, add);
  historyStatements(e, add);
  for (const table of Object.values(BASE_TABLES))
    add(
      `sequence ${table}`,
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select max(id) from ${table})))`,
    );
  return out;
}
