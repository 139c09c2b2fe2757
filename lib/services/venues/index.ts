import { escapeLike } from "../like";
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import type { Ctx } from "../context";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import {
  companyCondition,
  tabCondition,
  toVenueView,
  selectVenues,
  venueActor,
  venueIdOf,
  viewOrFail,
  visibleVenues,
  type VenueView,
} from "./access";
import { venuesListInput, type VenueStatus, type VenueTab } from "./schemas";

/**
 * Venues (spec §2 /venues, §3, §4, §7): where jobs take place. A client contact's venue is
 * private until the agency approves it (public, offered to every client) or declines it; a
 * public venue can be cloned into My venues. Reads here; writes in write.ts and review.ts.
 */
export type { VenueRights, VenueView } from "./access";
export { VENUE_ID_MESSAGE } from "./access";
export * from "./schemas";
export { createVenue, deleteVenue, updateVenue } from "./write";
export { approveVenue, cloneVenue, declineVenue } from "./review";

/** GET venues?tab=public|mine|all&filter[search]=&filter[status]=&filter[company_id]= (10 a page). */
export async function listVenues(ctx: Ctx, raw: unknown): Promise<Page<VenueView>> {
  const actor = venueActor(ctx);
  const input = parseInput(venuesListInput, raw ?? {});
  const { search, status, company_id, country_id } = input.filter;
  const like = search ? `%${escapeLike(search)}%` : null;
  const where = and(
    visibleVenues(actor),
    tabCondition(actor, input.tab),
    status ? eq(schema.venues.status, status) : undefined,
    companyCondition(actor, company_id),
    country_id ? eq(schema.venues.countryId, country_id) : undefined,
    like ? or(ilike(schema.venues.name, like), ilike(schema.venues.city, like)) : undefined,
  );
  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(schema.venues).where(where),
    () =>
      selectVenues(ctx.db, where)
        .orderBy(asc(schema.venues.name), asc(schema.venues.id))
        .limit(input.perPage)
        .offset(offsetOf(input.page, input.perPage)),
  );
  return {
    items: rows.map((r) => toVenueView(actor, r)),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** GET venues/{id}: a numeric id (422 "A valid branch id is required"), in the user's scope. */
export async function getVenue(ctx: Ctx, rawId: unknown): Promise<VenueView> {
  const actor = venueActor(ctx);
  return viewOrFail(ctx, actor, venueIdOf(rawId));
}

/**
 * The tab /venues opens on when none is asked for: the one holding work that waits (issue 9).
 * For agency staff that is All venues filtered to those awaiting approval; for a client
 * contact My venues, when one of its company's venues waits for the agency. null: nothing
 * waits, the Public tab. One bounded statement.
 */
export async function venuesStartTab(
  ctx: Ctx,
): Promise<{ tab: VenueTab; status?: VenueStatus } | null> {
  const actor = venueActor(ctx);
  const tab: VenueTab = actor.isClient ? "mine" : "all";
  const [waiting] = await ctx.db
    .select({ one: sql`1` })
    .from(schema.venues)
    .where(and(visibleVenues(actor), tabCondition(actor, tab), eq(schema.venues.status, "private")))
    .limit(1);
  if (!waiting) return null;
  return actor.isClient ? { tab } : { tab, status: "private" };
}
