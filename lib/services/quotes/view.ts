import { aliasedTable, and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { describeSplit } from "@/lib/domain/pricing";
import {
  derivedQuoteStatus,
  quoteActions,
  quoteNumber,
  type QuoteStatus,
  type StoredQuoteStatus,
} from "@/lib/domain/quotes";
import type { Ctx } from "../context";
import { loadQuote, localToday, quoteReader } from "./access";

/**
 * GET job-quotes/{id}: one quote in full (lines, costs, totals, state, revisions, job). The
 * office with job_edit reads every quote; a client contact its own company's sent quotes,
 * read-only. Prices are the client's: no worker pay is stored on a quote, so none can leak. A
 * read never writes: "Expired" is derived from valid_until and today in the branch's zone.
 * The list: list.ts.
 */

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
  const [lines, costs, extra, revisions, job] = await sideBySide(
    ctx.db,
    () =>
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
    () =>
      ctx.db
        .select()
        .from(schema.quoteCosts)
        .where(eq(schema.quoteCosts.quoteId, q.id))
        .orderBy(asc(schema.quoteCosts.position), asc(schema.quoteCosts.id)),
    () =>
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
    () =>
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
    () =>
      q.jobId
        ? ctx.db
            .select({ id: schema.jobs.id, name: schema.jobs.name, status: schema.jobs.status })
            .from(schema.jobs)
            .where(and(eq(schema.jobs.id, q.jobId), isNull(schema.jobs.deletedAt)))
        : Promise.resolve([]),
  );
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
