import { count, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { schema, type DbOrTx } from "@/db";
import { usageOf, type Usage } from "../master-data";

/**
 * Where countries are used: jobs, branches, venues, companies and users point at one (archived
 * rows count too: their history still names the country). One grouped count per table.
 */
const USERS: [PgTable, PgColumn, string, string?][] = [
  [schema.jobs, schema.jobs.countryId, "job"],
  [schema.branches, schema.branches.countryId, "branch", "branches"],
  [schema.venues, schema.venues.countryId, "venue"],
  [schema.companies, schema.companies.countryId, "company", "companies"],
  [schema.users, schema.users.countryId, "user"],
];

export async function countryUsage(db: DbOrTx, ids: number[]): Promise<Map<number, Usage>> {
  if (ids.length === 0) return new Map();
  // One after another: inside a transaction they share one connection anyway.
  const counts: Map<number, number>[] = [];
  for (const [table, column] of USERS) {
    const rows = await db
      .select({ id: column, n: count() })
      .from(table)
      .where(inArray(column, ids))
      .groupBy(column);
    counts.push(new Map(rows.map((r) => [Number(r.id), Number(r.n)])));
  }
  return new Map(
    ids.map((id) => [
      id,
      usageOf(USERS.map(([, , one, many], i) => [counts[i].get(id) ?? 0, one, many])),
    ]),
  );
}
