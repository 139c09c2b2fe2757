import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { schema } from "@/db";
import { describeSplit } from "@/lib/domain/pricing";
import {
  derivedQuoteStatus,
  quoteActions,
  quoteNumber,
  type QuoteStatus,
  type StoredQuoteStatus,
} from "@/lib/domain/quotes";
import { fromLocal } from "@/lib/domain/time";
import type { Ctx } from "../context";
import { containsPattern } from "../like";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { latestRevisionFor, loadQuote, localToday, quoteReader, quoteScope } from "./access";
import { listQuotesInput } from "./schemas";

/**
 * Reading quotes: GET job-quotes/fetch (the list) and GET job-quotes/{id} (one, in full).
 * The office with job_edit sees every quote; a client contact its own company's quotes that
 * were sent (never a Draft), read-only. Prices are the client's: no worker pay is stored on a
 * quote, so none can leak. A read never writes: "Expired" is derived from valid_until and
 * today in the branch's zone.
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
  const [[{ n: total }], rows] = await Promise.all([
    base().where(where),
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
  ]);
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

export interface QuoteLineView {
  id: number;
  position: number;
  date: string;
  start: string;
  end: string;
  /** The end is on the next day. */
  overnight: boolean;
  skill: { id: number; name: string };
  level: { id: number; name: string } | null;
  positions: number;
  break_minutes: number;
  minutes: { standard: number; weekend: number; night: number };
  /** "6 h standard, 2 h night". */
  split: string;
  /** Hourly client prices used (minor units); null: the skill had no client price. */
  prices: { standard: number; weekend: number | null; night: number | null } | null;
  amount: number;
  missing: boolean;
}

export interface QuoteView {
  id: number;
  number: string;
  year: number;
  sequence: number;
  revision: number;
  status: QuoteStatus;
  stored_status: StoredQuoteStatus;
  name: string;
  company: { id: number; name: string };
  branch: { id: number; name: string; time_zone: string };
  venue: { id: number; name: string } | null;
  address: string | null;
  currency: { code: string; symbol: string; minor_units: number };
  valid_until: string;
  discount: { kind: "percent" | "amount"; value: number } | null;
  vat_basis_points: number | null;
  notes: string | null;
  client_data: unknown;
  lines: QuoteLineView[];
  costs: {
    id: number;
    position: number;
    category: string;
    description: string | null;
    quantity: number;
    unit_amount: number;
    total: number;
  }[];
  totals: {
    lines: number;
    costs: number;
    subtotal: number;
    discount: number;
    vat: number;
    total: number;
  };
  revisions: {
    id: number;
    number: string;
    revision: number;
    status: QuoteStatus;
    created_at: string;
    current: boolean;
  }[];
  superseded: boolean;
  archived: boolean;
  job: { id: number; name: string; status: string } | null;
  sent_at: string | null;
  decided_at: string | null;
  decision_comment: string | null;
  created_at: string;
  updated_at: string;
  actions: ReturnType<typeof quoteActions> & { decide: boolean };
}

/** GET job-quotes/{id}: a quote with its lines, costs, totals, state, revisions and job. */
export async function getQuote(ctx: Ctx, id: unknown): Promise<QuoteView> {
  const reader = quoteReader(ctx);
  const q = await loadQuote(ctx, reader, id);
  const today = localToday(ctx.now, q.timeZone);
  const status = derivedQuoteStatus(q, today);
  const revs = aliasedTable(schema.quotes, "revs");
  const [lines, costs, extra, revisions, job] = await Promise.all([
    ctx.db
      .select({
        line: schema.quoteLines,
        skillName: schema.skills.name,
        levelName: schema.levels.name,
      })
      .from(schema.quoteLines)
      .innerJoin(schema.skills, eq(schema.skills.id, schema.quoteLines.skillId))
      .leftJoin(schema.levels, eq(schema.levels.id, schema.quoteLines.levelId))
      .where(eq(schema.quoteLines.quoteId, q.id))
      .orderBy(asc(schema.quoteLines.position), asc(schema.quoteLines.id)),
    ctx.db
      .select()
      .from(schema.quoteCosts)
      .where(eq(schema.quoteCosts.quoteId, q.id))
      .orderBy(asc(schema.quoteCosts.position), asc(schema.quoteCosts.id)),
    ctx.db
      .select({
        branchName: schema.branches.name,
        venueName: schema.venues.name,
        symbol: schema.currencies.symbol,
        minorUnits: schema.currencies.minorUnits,
      })
      .from(schema.branches)
      .innerJoin(schema.currencies, eq(schema.currencies.code, q.currencyCode))
      .leftJoin(schema.venues, eq(schema.venues.id, sql`${q.venueId ?? null}::int`))
      .where(eq(schema.branches.id, q.branchId)),
    ctx.db
      .select({
        id: revs.id,
        year: revs.year,
        sequence: revs.sequence,
        revision: revs.revision,
        status: revs.status,
        validUntil: revs.validUntil,
        createdAt: revs.createdAt,
      })
      .from(revs)
      .where(
        and(
          eq(revs.year, q.year),
          eq(revs.sequence, q.sequence),
          isNull(revs.deletedAt),
          reader.companyId === null ? undefined : ne(revs.status, "Draft"),
        ),
      )
      .orderBy(asc(revs.revision)),
    q.jobId
      ? ctx.db
          .select({ id: schema.jobs.id, name: schema.jobs.name, status: schema.jobs.status })
          .from(schema.jobs)
          .where(and(eq(schema.jobs.id, q.jobId), isNull(schema.jobs.deletedAt)))
      : Promise.resolve([]),
  ]);
  const [e] = extra;
  const costViews = costs.map((c) => ({
    id: c.id,
    position: c.position,
    category: c.category,
    description: c.description,
    quantity: c.quantity,
    unit_amount: c.unitAmount,
    total: c.quantity * c.unitAmount,
  }));
  const linesTotal = lines.reduce((a, l) => a + l.line.amount, 0);
  const costsTotal = costViews.reduce((a, c) => a + c.total, 0);
  return {
    id: q.id,
    number: quoteNumber(q),
    year: q.year,
    sequence: q.sequence,
    revision: q.revision,
    status,
    stored_status: q.status,
    name: q.name,
    company: { id: q.companyId, name: q.companyName },
    branch: { id: q.branchId, name: e?.branchName ?? "", time_zone: q.timeZone },
    venue: q.venueId && e?.venueName ? { id: q.venueId, name: e.venueName } : null,
    address: q.address,
    currency: {
      code: q.currencyCode.trim(),
      symbol: e?.symbol ?? q.currencyCode.trim(),
      minor_units: e?.minorUnits ?? 2,
    },
    valid_until: q.validUntil,
    discount:
      q.discountKind && q.discountValue !== null
        ? { kind: q.discountKind as "percent" | "amount", value: q.discountValue }
        : null,
    vat_basis_points: q.vatBasisPoints,
    notes: q.notes,
    client_data: q.clientData,
    lines: lines.map(({ line: l, skillName, levelName }) => {
      const minutes = {
        standard: l.standardMinutes,
        weekend: l.weekendMinutes,
        night: l.nightMinutes,
      };
      return {
        id: l.id,
        position: l.position,
        date: l.workDate,
        start: l.startTime,
        end: l.endTime,
        overnight: l.endTime <= l.startTime,
        skill: { id: l.skillId, name: skillName },
        level: l.levelId && levelName ? { id: l.levelId, name: levelName } : null,
        positions: l.positions,
        break_minutes: l.breakMinutes,
        minutes,
        split: describeSplit(minutes),
        prices:
          l.standardPrice === null
            ? null
            : { standard: l.standardPrice, weekend: l.weekendPrice, night: l.nightPrice },
        amount: l.amount,
        missing: l.standardPrice === null,
      };
    }),
    costs: costViews,
    totals: {
      lines: linesTotal,
      costs: costsTotal,
      subtotal: q.subtotalAmount,
      discount: q.discountAmount,
      vat: q.vatAmount,
      total: q.totalAmount,
    },
    revisions: revisions.map((r) => ({
      id: r.id,
      number: quoteNumber(r),
      revision: r.revision,
      status: derivedQuoteStatus(r, today),
      created_at: r.createdAt.toISOString(),
      current: r.id === q.id,
    })),
    superseded: q.supersededAt !== null,
    archived: q.archivedAt !== null,
    job: job[0] ?? null,
    sent_at: q.sentAt?.toISOString() ?? null,
    decided_at: q.decidedAt?.toISOString() ?? null,
    decision_comment: q.decisionComment,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
    actions: actionsFor(reader.companyId !== null, status, q),
  };
}

function actionsFor(
  client: boolean,
  status: QuoteStatus,
  q: { supersededAt: Date | null; jobId: number | null },
) {
  const a = quoteActions(status, q.jobId !== null);
  if (q.supersededAt)
    return {
      edit: false,
      editMakesRevision: false,
      send: false,
      decide: false,
      convert: false,
      delete: false,
    };
  if (client)
    return {
      edit: false,
      editMakesRevision: false,
      send: false,
      decide: a.decide,
      convert: false,
      delete: false,
    };
  return a;
}
