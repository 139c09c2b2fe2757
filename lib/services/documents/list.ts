import { z } from "zod";
import { and, count, desc, eq, not, sql } from "drizzle-orm";
import { schema } from "@/db";
import { isReviewOffice } from "../approvals/access";
import { requireUser, type Ctx } from "../context";
import {
  CURSOR_START,
  cursorInput,
  decodeCursor,
  encodeCursor,
  cursorPageMeta,
  keysetWindow,
  newestFirstAfter,
  newestFirstKey,
} from "../cursor";
import { BadRequestError, ForbiddenError, NotFoundError } from "../errors";
import { cappedPageMeta, offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { optionalId } from "../params";
import { parseInput } from "../validate";
import { officeDocumentsPage } from "./office";
import { documentsToday } from "./today";
import {
  documentsAccess,
  selectDocuments,
  toDocumentView,
  warnFromSql,
  type DocumentView,
} from "./view";

const d = schema.documents;
const dt = schema.documentTypes;

/** Filters the list by state: the three review states, or what time made of them. */
export const DOCUMENT_FILTERS = ["pending", "approved", "declined", "expiring", "expired"] as const;

/** GET documents without user_id from someone who neither uploads documents nor reviews them. */
export const DOCUMENTS_LIST_FORBIDDEN =
  "You may not list documents: a worker lists its own, and the agency's reviewers (approval_access) everyone's.";

export const documentsListInput = pageInput(20).extend({
  user_id: optionalId,
  filter: z
    .object({
      status: z
        .preprocess(
          (v) => (v === "" || v === null ? undefined : v),
          z.enum(DOCUMENT_FILTERS, { error: "The selected status is invalid." }).optional(),
        )
        .optional(),
      /** A document type's id. */
      type: optionalId,
    })
    .default({ status: undefined, type: undefined }),
  /** The office's list only: keyset pages (lib/services/cursor.ts). */
  cursor: cursorInput,
});
type ListInput = z.output<typeof documentsListInput>;

/** A user's own documents are few: they page by number only. */
export const OWN_DOCUMENTS_CURSOR =
  "A user's documents page by page number only: cursor pages the office's list of documents.";

/** The office's list by cursor: newest first (newestFirstKey). */
const OFFICE_LIST = "documents";

function statusWhere(status: (typeof DOCUMENT_FILTERS)[number] | undefined, today: string) {
  const live = sql`(${d.expiresOn} IS NULL OR ${d.expiresOn} >= ${today})`;
  switch (status) {
    case undefined:
      return undefined;
    case "declined":
      return eq(d.status, "declined");
    case "expired":
      return and(not(eq(d.status, "declined")), sql`${d.expiresOn} < ${today}`);
    case "expiring":
      return and(eq(d.status, "approved"), live, sql`${warnFromSql} <= ${today}`);
    default:
      return and(eq(d.status, status), live);
  }
}

const filterWhere = (input: ListInput, today: string) =>
  and(
    statusWhere(input.filter.status, today),
    input.filter.type === undefined ? undefined : eq(d.documentTypeId, input.filter.type),
  );

/** A document on the office's list: the owner named, since the rows are many people's. */
export type OfficeDocumentView = DocumentView & {
  user: { id: number; name: string; email: string; approved: boolean };
};

/**
 * GET documents?user_id=&filter[status]=&filter[type]=, newest first, 20 a page.
 *
 * - With user_id: that user's documents, for whoever may see its documents tab (oneself, the
 *   office); anyone else 404, as for the profile.
 * - Without it, a reviewer of documents (approval_access, agency staff: the approvals inbox's
 *   Documents tab) gets the office's list, every live user's documents with their owner; a
 *   worker its own; anyone else (a client contact) 403 — the answer is about what the caller
 *   may do, never a 404 about itself.
 */
export async function listDocuments(
  ctx: Ctx,
  raw: unknown,
): Promise<Page<DocumentView | OfficeDocumentView>> {
  const actor = requireUser(ctx);
  const input = parseInput(documentsListInput, raw ?? {});
  const today = documentsToday(ctx.now);
  if (input.user_id === undefined && isReviewOffice(actor)) {
    const order = { status: input.filter.status ?? null, type: input.filter.type ?? null };
    const key =
      input.cursor && input.cursor !== CURSOR_START
        ? decodeCursor(OFFICE_LIST, order, input.cursor, newestFirstKey)
        : null;
    const { rows, total } = await officeDocumentsPage(
      ctx.db,
      filterWhere(input, today),
      undefined,
      [desc(d.createdAt), desc(d.id)],
      input.page,
      input.perPage,
      {
        // Newest first: the document and every older one (its created_at read in SQL, at full
        // precision).
        fromRow: (id) =>
          sql`(${d.createdAt}, ${d.id}) <= (select f.created_at, f.id from ${d} f where f.id = ${id})`,
      },
      key
        ? {
            after: newestFirstAfter(d.createdAt, d.id, key),
            window: keysetWindow(input.perPage),
          }
        : undefined,
    );
    const items = rows.map((r) => ({
      ...toDocumentView(r, today),
      user: { id: r.userId, name: r.ownerName, email: r.ownerEmail, approved: r.ownerApproved },
    }));
    const meta = cursorPageMeta({
      rows,
      page: input.page,
      perPage: input.perPage,
      counted: total,
      keyset: Boolean(key),
      cursor: input.cursor,
      offsetMeta: cappedPageMeta(input.page, input.perPage, total),
      keyOf: (r) => [r.createdAtKey, r.id],
      encode: (k) => encodeCursor(OFFICE_LIST, order, k),
    });
    return { items, meta };
  }
  if (input.cursor !== undefined) throw new BadRequestError(OWN_DOCUMENTS_CURSOR, "bad_cursor");
  const { subject } = await documentsAccess(ctx, input.user_id ?? actor.userId).catch(
    (err: unknown) => {
      // Oneself is always in scope: what is missing is a documents tab of one's own.
      if (input.user_id === undefined && err instanceof NotFoundError)
        throw new ForbiddenError(DOCUMENTS_LIST_FORBIDDEN);
      throw err;
    },
  );
  const where = and(eq(d.userId, subject.id), filterWhere(input, today));
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(d)
    .innerJoin(dt, eq(dt.id, d.documentTypeId))
    .where(where);
  const rows = await selectDocuments(ctx.db, where)
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: rows.map((r) => toDocumentView(r, today)),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}
