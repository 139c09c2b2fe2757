import { or, sql, type Column } from "drizzle-orm";
import { anyOf, precompiled, schema, type DbOrTx } from "@/db";

/** What the client and worker rate lookups share (./lookup.ts says how rates are chosen). */

export interface Bands {
  /** The rate row that was chosen. */
  id: number;
  /** The skill the row prices: the asked skill, or its parent when the sub-skill has none. */
  skillId: number;
  source: "job" | "card" | "parent-job" | "parent-card";
  currencyCode: string;
  standard: number;
  weekend: number | null;
  night: number | null;
  nightStart: string | null;
  nightEnd: string | null;
}

/** Each skill's parent (null for a top-level skill). One query. */
export async function parentsOf(
  db: DbOrTx,
  skillIds: number[],
): Promise<Map<number, number | null>> {
  if (!skillIds.length) return new Map();
  const rows = await parentRows(db, { ids: skillIds });
  return new Map(rows.map((r) => [r.id, r.parentId]));
}
// Both rate lookups of every booking ask: precompiled (db/precompiled.ts).
const parentRows = precompiled<{ ids: number[] }, ReturnType<typeof parentsQuery>>(
  "rates_skill_parents",
  (db) => parentsQuery(db),
);
function parentsQuery(db: DbOrTx) {
  return db
    .select({ id: schema.skills.id, parentId: schema.skills.parentId })
    .from(schema.skills)
    .where(anyOf(schema.skills.id, "ids"));
}

export const trim = (code: string) => code.trim();

/**
 * The asked skills (`skillIds`) and their parents, in SQL: a lookup reads its rows beside the
 * parents, not after.
 */
export const skillOrParent = (column: Column) =>
  or(
    anyOf(column, "skillIds"),
    sql`${column} in (select ${schema.skills.parentId} from ${schema.skills}
                      where ${schema.skills.id} = any(${sql.placeholder("skillIds")}))`,
  );
