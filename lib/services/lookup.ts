import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * One column of the row of `table` whose id is `id`, as a scalar subquery (null when there is
 * none): how a list page reads the names around its rows. Joined instead, PostgreSQL plans the
 * page's table with every lookup table at once on each call, weighing every index of each as a
 * candidate path — the jobs list's six tables cost 4.4 ms of planning at scale for 0.9 ms of
 * execution (session 15, pg_stat_statements); looked up, 0.44 ms. A page holds 10–20 rows, each
 * lookup a primary-key probe. `id` must not be a bare column name the looked-up table also has:
 * inside the subquery it would be read as that table's (qualify it, see `qualified`).
 */
export function lookup<T>(table: string, column: string, id: SQLWrapper): SQL<T> {
  return sql<T>`(select l.${sql.identifier(column)} from ${sql.identifier(table)} l where l.id = ${id})`;
}

/** `"table"."column"`: Drizzle leaves the columns of a one-table select unqualified. */
export const qualified = (table: string, column: string): SQL =>
  sql`${sql.identifier(table)}.${sql.identifier(column)}`;
