import { sideBySide, type DbOrTx } from "@/db";

/**
 * A list's page and its count up to `cap` + 1 rows (COUNT_CAP, or countWindow), for lists that
 * read their page by OFFSET in one order (issue 27).
 *
 * When the page has rows, exactly `offset` rows come before it, so the count need only walk
 * from the page's first row on: `offset` plus at most `cap` + 1 − `offset` rows. Deep down that
 * is a few hundred index entries instead of the `offset` the page has already walked past (the
 * activity log at offset 10,000: 101 instead of 10,101; on PGlite, where one connection runs
 * the two one after the other, the deep page then costs one walk instead of two). It needs the
 * page first, so it is taken only where the count from the top would walk more than the page
 * skips (`offset` > `cap` + 1 − `offset`); nearer the top the two run side by side as before. A
 * page past the end has no first row: it counts from the top.
 *
 * `countFrom(first, limit)` counts up to `limit` rows of the list from the row `first` (in the
 * list's order, itself included; null: from the top). `withPage(rows)`, a read that needs the
 * page (its rows' figures), runs beside the count when the count follows the page, after both
 * otherwise.
 */
export async function pageAndCount<R, T = undefined>(
  db: DbOrTx,
  offset: number,
  cap: number,
  readPage: () => PromiseLike<R[]>,
  countFrom: (first: R | null, limit: number) => PromiseLike<number>,
  withPage: (rows: R[]) => PromiseLike<T> = async () => undefined as T,
): Promise<{ rows: R[]; counted: number; more: T }> {
  const fromTop = cap + 1;
  if (offset <= fromTop - offset) {
    const [counted, rows] = await sideBySide(db, () => countFrom(null, fromTop), readPage);
    return { rows, counted, more: await withPage(rows) };
  }
  const rows = await readPage();
  const [counted, more] = await sideBySide(
    db,
    async () =>
      rows.length
        ? offset + (await countFrom(rows[0], fromTop - offset))
        : countFrom(null, fromTop),
    () => withPage(rows),
  );
  return { rows, counted, more };
}
