import { done } from "@/lib/domain/done";
import { and, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { withTx, type Ctx, type UserActor } from "../context";
import { ConflictError } from "../errors";
import { logActivity } from "../activity";
import { loadVenue, requireVenueStaff, venueActor, viewOrFail, type VenueRow } from "./access";
import { clientCompany, type VenueResult } from "./write";

/**
 * The venue life cycle of spec §4: private (awaiting approval), then approved (public) or
 * declined by the agency; a public venue can be cloned into My venues.
 */

const STATUS_WORD = { private: "awaiting approval", public: "public", declined: "declined" };

/**
 * Moves a private venue to public or declined. The update is conditional on the status, so
 * two reviewers at once cannot both succeed: the second gets the 409.
 */
async function review(
  ctx: Ctx,
  rawId: unknown,
  to: "public" | "declined",
): Promise<{ venue: VenueRow; actor: UserActor }> {
  const actor = requireVenueStaff(ctx);
  const venue = await loadVenue(ctx, actor, rawId);
  const verb = to === "public" ? "approved" : "declined";
  const refuse = (status: VenueRow["status"]) =>
    new ConflictError(
      `Only a venue awaiting approval can be ${verb}; this venue is ${STATUS_WORD[status]}.`,
      "venue_not_pending",
    );
  if (venue.status !== "private") throw refuse(venue.status);
  await withTx(ctx, async (ctx) => {
    const updated = await ctx.db
      .update(schema.venues)
      .set({ status: to, updatedAt: ctx.now })
      .where(and(eq(schema.venues.id, venue.id), eq(schema.venues.status, "private")))
      .returning({ id: schema.venues.id });
    if (!updated.length) {
      const [now] = await ctx.db
        .select({ status: schema.venues.status })
        .from(schema.venues)
        .where(eq(schema.venues.id, venue.id));
      throw refuse(now?.status ?? to);
    }
    await logActivity(ctx, {
      logName: "venues",
      description: `${to === "public" ? "Approved" : "Declined"} venue ${venue.name}`,
      subjectType: "venues",
      subjectId: venue.id,
      properties: { from: "private", to },
    });
  });
  return { venue, actor };
}

/** POST venues/{id}/make-public: staff approve a private venue; every client may then use it. */
export async function approveVenue(ctx: Ctx, rawId: unknown): Promise<VenueResult> {
  const { venue, actor } = await review(ctx, rawId, "public");
  const view = await viewOrFail(ctx, actor, venue.id);
  return { ...view, message: done("Venue", view.name, "approved") };
}

/** POST venues/{id}/decline: staff decline a private venue (its owner may edit and resubmit). */
export async function declineVenue(ctx: Ctx, rawId: unknown): Promise<VenueResult> {
  const { venue, actor } = await review(ctx, rawId, "declined");
  const view = await viewOrFail(ctx, actor, venue.id);
  return { ...view, message: done("Venue", view.name, "declined") };
}

/**
 * POST venues/{id}/clone: copies a public venue into My venues: private, owned by the client
 * contact's company (or by the agency, created by the staff member, for staff), pointing at
 * the original. One live copy per owner: cloning the same venue again is a 409, since a
 * second identical copy would only clutter the job form's picker.
 */
export async function cloneVenue(ctx: Ctx, rawId: unknown): Promise<VenueResult> {
  const actor = venueActor(ctx);
  const companyId = actor.isClient ? clientCompany(actor) : null;
  const source = await loadVenue(ctx, actor, rawId);
  if (source.status !== "public")
    throw new ConflictError(
      "Only a public venue can be cloned into My venues.",
      "venue_not_public",
    );
  const sameOwner =
    companyId != null
      ? eq(schema.venues.companyId, companyId)
      : and(isNull(schema.venues.companyId), eq(schema.venues.createdById, actor.userId));
  const id = await withTx(ctx, async (ctx) => {
    const [existing] = await ctx.db
      .select({ id: schema.venues.id })
      .from(schema.venues)
      .where(
        and(eq(schema.venues.originalId, source.id), isNull(schema.venues.deletedAt), sameOwner),
      )
      .limit(1);
    if (existing)
      throw new ConflictError("This venue is already in My venues.", "venue_already_cloned");
    const [row] = await ctx.db
      .insert(schema.venues)
      .values({
        name: source.name,
        entrance: source.entrance,
        countryId: source.countryId,
        city: source.city,
        address: source.address,
        zip: source.zip,
        province: source.province,
        notes: source.notes,
        companyId,
        status: "private",
        originalId: source.id,
        type: source.type,
        createdById: actor.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: schema.venues.id });
    await logActivity(ctx, {
      logName: "venues",
      description: `Cloned venue ${source.name} into My venues`,
      subjectType: "venues",
      subjectId: row.id,
      properties: { originalId: source.id, companyId },
    });
    return row.id;
  });
  const view = await viewOrFail(ctx, actor, id);
  return { ...view, message: `${done("Venue", view.name, "added")} to My venues` };
}
