import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { derivedQuoteStatus, quoteNumber, type QuoteStatus } from "@/lib/domain/quotes";
import { fromLocal } from "@/lib/domain/time";
import type { Ctx } from "../context";
import { containsPattern } from "../like";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { latestRevisionFor, localToday, quoteReader, quoteScope } from "./access";
import { listQuotesInput } from "./schemas";

/**
 * GET job-quotes/fetch: the list of quotes (the latest revision of each). The office with
 * job_edit sees every quote; a client contact its own company's quotes that were sent (never a
 * Draft). A read never writes: "Expired" is derived from valid_until and today in the branch's
 * zone. One quote in full: view.ts.
 */

export interface QuoteListItem {
  id: number;
  number: string;
  revision: number;
  name: string;
  status: QuoteStatus;
  company: { id: number; name: string };
  branch: { id: number; name: string };
  currency: string;
  total: number;
  valid_until: string;
  created_at: string;
  sent_at: string | null;
  archived: boolean;
  job_id: number | null;
}

/** SQL: the quote's number as text ("Q-2027-0001-R2"), for the search. */
const numberSql = sql`('Q-' || ${schema.quotes.year} || '-' || lpad(${schema.quotes.sequence}::text, 4, '0')
  || case when ${schema.quotes.revision} > 1 then '-R' || ${schema.quotes.revision} else '' end)`;

/** SQL: today's date in the zone of the quote's branch country (the list joins countries). */
const todaySql = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz at time zone ${schema.countries.timeZone})::date`;

function statusCondition(status: QuoteStatus, now: Date): SQL {
  const q = schema.quotes;
  const open = inArray(q.status, ["Draft", "Sent"]);
  const expired = and(open, sql`${q.validUntil} < ${todaySql(now)}`)!;
  if (status === "Expired") return expired;
  if (status === "Draft" || status === "Sent")
    return and(eq(q.status, status), sql`${q.validUntil} >= ${todaySql(now)}`)!;
  return eq(q.status, status);
}

/** GET job-quotes/fetch: the latest revision of each quote, newest first, 10 a page. */
export async function listQuotes(ctx: Ctx, raw: unknown): Promise<Page<QuoteListItem>> {
  const reader = quoteReader(ctx);
  const { page, perPage, filter } = parseInput(listQuotesInput, raw ?? {});
  const q = schema.quotes;
  const where = and(
    quoteScope(reader),
    latestRevisionFor(reader),
    filter.archived ? isNotNull(q.archivedAt) : isNull(q.archivedAt),
    filter.company_id ? eq(q.companyId, filter.company_id) : undefined,
    filter.status ? statusCondition(filter.status, ctx.now) : undefined,
    filter.from ? gte(q.createdAt, fromLocal(dayStart(filter.from), "UTC")) : undefined,
    filter.to ? lt(q.createdAt, fromLocal(dayStart(filter.to, 1), "UTC")) : undefined,
    filter.search
      ? or(
          ilike(numberSql, containsPattern(filter.search)),
          ilike(q.name, containsPattern(filter.search)),
          ilike(schema.companies.name, containsPattern(filter.search)),
        )
      : undefined,
  );
  const base = () =>
    ctx.db
      .select({ n: count() })
      .from(q)
      .innerJoin(schema.companies, eq(schema.companies.id, q.companyId))
      .innerJoin(schema.branches, eq(schema.branches.id, q.branchId))
      .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId));
  const [[{ n: total }], rows] = await sideBySide(
    ctx.db,
    () => base().where(where),
    () =>
      ctx.db
        .select({
          quote: q,
          companyName: schema.companies.name,
          branchName: schema.branches.name,
          timeZone: schema.countries.timeZone,
        })
        .from(q)
        .innerJoin(schema.companies, eq(schema.companies.id, q.companyId))
        .innerJoin(schema.branches, eq(schema.branches.id, q.branchId))
        .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
        .where(where)
        .orderBy(desc(q.createdAt), desc(q.id))
        .limit(perPage)
        .offset(offsetOf(page, perPage)),
  );
  return {
    items: rows.map(({ quote, companyName, branchName, timeZone }) => ({
      id: quote.id,
      number: quoteNumber(quote),
      revision: quote.revision,
      name: quote.name,
      status: derivedQuoteStatus(quote, localToday(ctx.now, timeZone)),
      company: { id: quote.companyId, name: companyName },
      branch: { id: quote.branchId, name: branchName },
      currency: quote.currencyCode.trim(),
      total: quote.totalAmount,
      valid_until: quote.validUntil,
      created_at: quote.createdAt.toISOString(),
      sent_at: quote.sentAt?.toISOString() ?? null,
      archived: quote.archivedAt !== null,
      job_id: quote.jobId,
    })),
    meta: pageMeta(page, perPage, Number(total)),
  };
}

/** Local midnight of a "YYYY-MM-DD" (+ days) as a UTC wall clock: created dates are UTC days. */
function dayStart(date: string, plusDays = 0) {
  const [year, month, day] = date.split("-").map(Number);
  const t = new Date(Date.UTC(year, month - 1, day + plusDays));
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth() + 1,
    day: t.getUTCDate(),
    hour: 0,
    minute: 0,
  };
}
