import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { containsPattern } from "../like";
import { pageAndCount } from "../count-from-page";
import { COUNT_CAP, offsetOf } from "../pagination";
import { heldPermissionsSql, holdsAdminRoleSql } from "../users/manage";
import { documentFields } from "./view";

/**
 * The office's view of everyone's documents, one query for every screen and call that shows
 * it: the approvals inbox's Documents tab (pending ones) and GET documents without user_id (a
 * reviewer's list). A document counts while its owner is not archived.
 */
const d = schema.documents;
const dt = schema.documentTypes;
const u = schema.users;

export const ofLiveOwner = isNull(u.deletedAt);

/**
 * The same test asked of the document alone: its owner is not one of the archived users. They
 * are few, so PostgreSQL hashes their ids once (users_archived_idx) and each document costs a
 * hash probe, where the join to users probed users for every document a count or a deep page
 * passes (issue 27). NOT IN is safe: neither id is ever null.
 */
const ownerNotArchived = sql`${d.userId} not in (select ${u.id} from ${u} where ${u.deletedAt} is not null)`;

/** The owner's name, e-mail or the document type containing `search`. */
export const officeSearch = (search: string | undefined) =>
  search
    ? or(
        ilike(u.name, containsPattern(search)),
        ilike(u.email, containsPattern(search)),
        ilike(dt.name, containsPattern(search)),
      )
    : undefined;

export const officeDocumentFields = {
  ...documentFields,
  ownerName: u.name,
  ownerEmail: u.email,
  ownerApproved: u.approved,
  /** The owner's country's zone: "expired" is judged on its calendar day. */
  ownerTimeZone: schema.countries.timeZone,
  /** What the owner holds, for the rule of who may manage whom. */
  ownerIsAdmin: holdsAdminRoleSql(),
  ownerPermissions: heldPermissionsSql(),
  /** created_at at full precision (microseconds), for a keyset cursor. */
  createdAtKey: sql<string>`${d.createdAt}::text`,
};

/**
 * One page of the office's documents matching `where` (the documents' own columns) and `search`
 * (officeSearch), and how many match in all.
 */
export async function officeDocumentsPage(
  db: DbOrTx,
  where: SQL | undefined,
  search: string | undefined,
  orderBy: SQL[],
  page: number,
  perPage: number,
  /**
   * Count up to COUNT_CAP + 1 rows only (the reviewer's list of every document): see
   * cappedPageMeta. `fromRow(id)` is the documents at and after document `id` in `orderBy`'s
   * order: a deep page counts from its first row (pageAndCount).
   */
  capped?: { fromRow: (id: number) => SQL },
  /**
   * The rows after a cursor (lib/services/cursor.ts): the page is read from there without an
   * OFFSET and `total` counts from there, up to `window` + 1 rows.
   */
  keyset?: { after: SQL; window: number },
) {
  // The documents that match, as ids: owner and type are joined only for a search, so without
  // one the count and the page's pick walk a documents index alone.
  const matching = (also?: SQL) => {
    const ids = db.select({ id: d.id }).from(d).$dynamic();
    if (search) ids.innerJoin(u, eq(u.id, d.userId)).innerJoin(dt, eq(dt.id, d.documentTypeId));
    return ids.where(and(ownerNotArchived, where, officeSearch(search), also));
  };
  const readPage = () =>
    db
      .select(officeDocumentFields)
      .from(d)
      .innerJoin(u, eq(u.id, d.userId))
      .innerJoin(dt, eq(dt.id, d.documentTypeId))
      .leftJoin(schema.countries, eq(schema.countries.id, u.countryId))
      .where(
        // The page's ids first, then their columns: the owner's roles and permissions are
        // read for the page's rows only, never for the rows a deep page skips.
        inArray(
          d.id,
          matching(keyset?.after)
            .orderBy(...orderBy)
            .limit(perPage)
            .offset(keyset ? 0 : offsetOf(page, perPage)),
        ),
      )
      .orderBy(...orderBy);
  const countOf = async (ids: ReturnType<typeof matching>) =>
    Number((await db.select({ total: count() }).from(ids.as("matching")))[0].total);
  // A bounded count walks in the page's order, so it follows the page's index from its bound and
  // stops at the limit. Unordered, a cursor half the documents lie past was estimated to match
  // half the table and read by a sequential scan until the limit was met (session 15).
  const countUpTo = (also: SQL | undefined, limit: number) =>
    countOf(
      matching(also)
        .orderBy(...orderBy)
        .limit(limit),
    );
  if (keyset) {
    const [total, rows] = await sideBySide(
      db,
      () => countUpTo(keyset.after, keyset.window + 1),
      readPage,
    );
    return { rows, total };
  }
  if (!capped) {
    const [total, rows] = await sideBySide(db, () => countOf(matching()), readPage);
    return { rows, total };
  }
  const { rows, counted } = await pageAndCount(
    db,
    offsetOf(page, perPage),
    COUNT_CAP,
    readPage,
    (first, limit) => countUpTo(first ? capped.fromRow(first.id) : undefined, limit),
  );
  return { rows, total: counted };
}
