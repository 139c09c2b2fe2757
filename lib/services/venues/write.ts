import { done } from "@/lib/domain/done";
import { and, count, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { withTx, type Ctx, type UserActor } from "../context";
import { ForbiddenError, ValidationError, type FieldErrors } from "../errors";
import { logActivity } from "../activity";
import { parseInput } from "../validate";
import { assertMayChange, loadVenue, venueActor, viewOrFail, type VenueView } from "./access";
import { createVenueInput, updateVenueInput } from "./schemas";

export type VenueResult = VenueView & { message: string };

/** A client contact acts for its company; without one it has no venues of its own. */
export function clientCompany(actor: UserActor): number {
  if (actor.companyId == null)
    throw new ForbiddenError("Your account is not linked to a company, so it has no venues.");
  return actor.companyId;
}

/**
 * The country and owner company a payload names: they must exist (422 on the field). A
 * country must be operational unless it is the one the venue already has.
 */
async function checkReferences(
  ctx: Ctx,
  refs: { countryId?: number; currentCountryId?: number; companyId?: number | null },
) {
  const errors: FieldErrors = {};
  if (refs.countryId !== undefined && refs.countryId !== refs.currentCountryId) {
    const [country] = await ctx.db
      .select({ operational: schema.countries.operational })
      .from(schema.countries)
      .where(eq(schema.countries.id, refs.countryId));
    if (!country) errors.country_id = ["The selected country does not exist."];
    else if (!country.operational) errors.country_id = ["The selected country is not operational."];
  }
  if (refs.companyId != null) {
    const [company] = await ctx.db
      .select({ id: schema.companies.id })
      .from(schema.companies)
      .where(and(eq(schema.companies.id, refs.companyId), isNull(schema.companies.deletedAt)));
    if (!company) errors.company_id = ["The selected company does not exist."];
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first[0], errors);
}

/**
 * POST venues. A client contact's venue belongs to its own company and waits for approval
 * (status private), whatever company_id or public the payload carries. Staff create agency
 * venues (no company) or venues of any company, private unless they publish at once.
 */
export async function createVenue(ctx: Ctx, raw: unknown): Promise<VenueResult> {
  const actor = venueActor(ctx);
  const forcedCompany = actor.isClient ? clientCompany(actor) : undefined;
  const input = parseInput(createVenueInput, raw);
  const companyId = forcedCompany ?? input.company_id ?? null;
  await checkReferences(ctx, {
    countryId: input.country_id,
    companyId: actor.isClient ? null : companyId,
  });
  const status = !actor.isClient && input.public ? "public" : "private";
  const id = await withTx(ctx, async (ctx) => {
    const [row] = await ctx.db
      .insert(schema.venues)
      .values({
        name: input.name,
        entrance: input.entrance ?? null,
        countryId: input.country_id,
        city: input.city ?? null,
        address: input.address ?? null,
        zip: input.zip ?? null,
        province: input.province ?? null,
        notes: input.notes ?? null,
        companyId,
        status,
        type: input.type ?? 1,
        createdById: actor.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: schema.venues.id });
    await logActivity(ctx, {
      logName: "venues",
      description: `Created venue ${input.name}`,
      subjectType: "venues",
      subjectId: row.id,
      properties: { status, companyId },
    });
    return row.id;
  });
  const view = await viewOrFail(ctx, actor, id);
  return { ...view, message: done("Venue", view.name, "created") };
}

/**
 * PUT venues/{id}: staff any venue, a client contact its own company's venues that are not
 * public. Only staff move a venue to another company (or to the agency with null). When a
 * client contact edits a declined venue it goes back to private, i.e. is submitted for
 * approval again: editing is how a client answers a decline.
 */
export async function updateVenue(ctx: Ctx, rawId: unknown, raw: unknown): Promise<VenueResult> {
  const actor = venueActor(ctx);
  const venue = await loadVenue(ctx, actor, rawId);
  assertMayChange(actor, venue);
  const input = parseInput(updateVenueInput, raw ?? {});
  const companyId = actor.isClient ? undefined : input.company_id;
  await checkReferences(ctx, {
    countryId: input.country_id,
    currentCountryId: venue.countryId,
    companyId: companyId !== venue.companyId ? companyId : undefined,
  });
  const resubmit = actor.isClient && venue.status === "declined";
  const changes = {
    name: input.name,
    entrance: input.entrance,
    countryId: input.country_id,
    city: input.city,
    address: input.address,
    zip: input.zip,
    province: input.province,
    notes: input.notes,
    companyId,
    type: input.type,
    ...(resubmit ? { status: "private" as const } : {}),
  };
  const changed = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  await withTx(ctx, async (ctx) => {
    await ctx.db
      .update(schema.venues)
      .set({ ...changes, updatedAt: ctx.now })
      .where(eq(schema.venues.id, venue.id));
    await logActivity(ctx, {
      logName: "venues",
      description: `Edited venue ${input.name ?? venue.name}${resubmit ? " (submitted again for approval)" : ""}`,
      subjectType: "venues",
      subjectId: venue.id,
      properties: { changed },
    });
  });
  const view = await viewOrFail(ctx, actor, venue.id);
  return { ...view, message: done("Venue", view.name, "updated") };
}

/**
 * DELETE venues/{id}: archived (deleted_at) when a job, live or archived, or a clone refers
 * to it, so that history keeps its venue (DESIGN.md §5); removed otherwise. An archived
 * venue is gone from every list and picker.
 */
export async function deleteVenue(ctx: Ctx, rawId: unknown) {
  const actor = venueActor(ctx);
  const venue = await loadVenue(ctx, actor, rawId);
  assertMayChange(actor, venue);
  return withTx(ctx, async (ctx) => {
    const [jobs] = await ctx.db
      .select({ n: count() })
      .from(schema.jobs)
      .where(eq(schema.jobs.venueId, venue.id));
    const [clones] = await ctx.db
      .select({ n: count() })
      .from(schema.venues)
      .where(eq(schema.venues.originalId, venue.id));
    const archived = Number(jobs.n) + Number(clones.n) > 0;
    if (archived) {
      await ctx.db
        .update(schema.venues)
        .set({ deletedAt: ctx.now, updatedAt: ctx.now })
        .where(eq(schema.venues.id, venue.id));
    } else {
      await ctx.db.delete(schema.venues).where(eq(schema.venues.id, venue.id));
    }
    await logActivity(ctx, {
      logName: "venues",
      description: `${archived ? "Archived" : "Deleted"} venue ${venue.name}`,
      subjectType: "venues",
      subjectId: venue.id,
      properties: { archived, jobs: Number(jobs.n), clones: Number(clones.n) },
    });
    return { id: venue.id, archived, message: done("Venue", venue.name, "deleted") };
  });
}
