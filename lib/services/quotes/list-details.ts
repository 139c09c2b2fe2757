import { and, eq, inArray, max, min, sql } from "drizzle-orm";
import { schema } from "@/db";
import type { Ctx } from "../context";
import { quoteReader, quoteScope } from "./access";

/**
 * What the quote list shows beside GET job-quotes/fetch's items: each quote's dates of work
 * (first and last line date) and its venue. One query for a whole page, in the reader's scope
 * (a client contact gets nothing of another company's quotes, whatever ids it passes).
 */
export interface QuoteListDetails {
  first_date: string | null;
  last_date: string | null;
  venue: string | null;
  address: string | null;
}

export async function quoteListDetails(
  ctx: Ctx,
  ids: number[],
): Promise<Map<number, QuoteListDetails>> {
  const reader = quoteReader(ctx);
  const out = new Map<number, QuoteListDetails>();
  if (!ids.length) return out;
  const q = schema.quotes;
  const rows = await ctx.db
    .select({
      id: q.id,
      first: min(schema.quoteLines.workDate),
      last: max(schema.quoteLines.workDate),
      venue: sql<string | null>`max(${schema.venues.name})`,
      address: q.address,
    })
    .from(q)
    .leftJoin(schema.quoteLines, eq(schema.quoteLines.quoteId, q.id))
    .leftJoin(schema.venues, eq(schema.venues.id, q.venueId))
    .where(and(inArray(q.id, ids), quoteScope(reader)))
    .groupBy(q.id);
  for (const r of rows)
    out.set(r.id, {
      first_date: r.first ?? null,
      last_date: r.last ?? null,
      venue: r.venue ?? null,
      address: r.address,
    });
  return out;
}
