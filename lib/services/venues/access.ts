import { and, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { idSchema } from "../params";
import type { VenueStatus, VenueTab } from "./schemas";

/**
 * Who sees and changes which venue. Everything needs venue_access. Agency staff (anyone
 * holding it who is not a client contact) see and change every live venue; a client contact
 * sees the public venues and its own company's, and changes only its own company's venues
 * that are not public (a public venue is shared by every client, so only staff edit it).
 */
export type VenueRow = typeof schema.venues.$inferSelect;

export interface VenueRights {
  edit: boolean;
  delete: boolean;
  approve: boolean;
  decline: boolean;
  clone: boolean;
}

export interface VenueView {
  id: number;
  name: string;
  entrance: string | null;
  country_id: number;
  country: { id: number; name: string };
  city: string | null;
  address: string | null;
  zip: string | null;
  province: string | null;
  notes: string | null;
  company_id: number | null;
  company: { id: number; name: string } | null;
  status: VenueStatus;
  /** Spec §3 "public": the venue is approved and offered to every client. */
  public: boolean;
  original_id: number | null;
  type: number;
  created_by: { id: number; name: string } | null;
  created_at: string;
  updated_at: string;
  /** What the viewer may do with it (the screen shows only these actions). */
  can: VenueRights;
}

export const VENUE_ID_MESSAGE = "A valid branch id is required"; // spec §5 wording, typo included

/** The venue id of a path: a positive whole number, or 422 with the spec's message. */
export function venueIdOf(raw: unknown): number {
  const parsed = idSchema.safeParse(typeof raw === "string" ? raw.trim() || undefined : raw);
  if (!parsed.success) throw new ValidationError(VENUE_ID_MESSAGE, { id: [VENUE_ID_MESSAGE] });
  return parsed.data;
}

/** venue_access, as a signed-in user. */
export function venueActor(ctx: Ctx): UserActor {
  requirePermission(ctx, "venue_access");
  return requireUser(ctx);
}

/** Approve and decline are the agency's review: client contacts may not do them. */
export function requireVenueStaff(ctx: Ctx): UserActor {
  const actor = venueActor(ctx);
  if (actor.isClient) throw new ForbiddenError("Only the agency can approve or decline venues.");
  return actor;
}

/** The live venues a user may see. */
export function visibleVenues(actor: UserActor): SQL {
  const live = isNull(schema.venues.deletedAt);
  if (!actor.isClient) return live;
  return and(
    live,
    actor.companyId
      ? or(eq(schema.venues.status, "public"), eq(schema.venues.companyId, actor.companyId))
      : eq(schema.venues.status, "public"),
  )!;
}

/**
 * filter[company_id]: a client contact's scope is its own company (spec: "its own company's
 * jobs"), so its filter on company is limited to it: naming another company matches nothing,
 * whatever public venues that company owns (which company owns a public venue is not a client
 * contact's to learn, toVenueView hides it too). The agency filters on any company.
 */
export function companyCondition(actor: UserActor, companyId: number | undefined): SQL | undefined {
  if (!companyId) return undefined;
  if (actor.isClient && companyId !== actor.companyId) return sql`false`;
  return eq(schema.venues.companyId, companyId);
}

export function tabCondition(actor: UserActor, tab: VenueTab): SQL | undefined {
  if (tab === "public") return eq(schema.venues.status, "public");
  if (tab === "all") return undefined;
  const notPublic = ne(schema.venues.status, "public");
  if (actor.isClient) {
    return actor.companyId
      ? and(eq(schema.venues.companyId, actor.companyId), notPublic)
      : sql`false`;
  }
  return and(eq(schema.venues.createdById, actor.userId), notPublic);
}

const ownedByClient = (actor: UserActor, v: Pick<VenueRow, "companyId">) =>
  actor.companyId != null && v.companyId === actor.companyId;

export function venueRights(actor: UserActor, v: Pick<VenueRow, "companyId" | "status">) {
  if (!actor.permissions.has("venue_access"))
    return { edit: false, delete: false, approve: false, decline: false, clone: false };
  if (!actor.isClient) {
    return {
      edit: true,
      delete: true,
      approve: v.status === "private",
      decline: v.status === "private",
      clone: v.status === "public",
    };
  }
  const mine = ownedByClient(actor, v) && v.status !== "public";
  return {
    edit: mine,
    delete: mine,
    approve: false,
    decline: false,
    clone: v.status === "public" && actor.companyId != null,
  };
}

/** 403 unless the user may change (edit or delete) this venue. */
export function assertMayChange(actor: UserActor, v: VenueRow): void {
  if (!venueRights(actor, v).edit)
    throw new ForbiddenError("You can only change your own company's venues that are not public.");
}

const creator = alias(schema.users, "venue_creator");

/** The venue with the names the views show; `where` already includes the scope. */
export function selectVenues(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      venue: schema.venues,
      countryName: schema.countries.name,
      companyName: schema.companies.name,
      creatorName: creator.name,
    })
    .from(schema.venues)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.venues.countryId))
    .leftJoin(schema.companies, eq(schema.companies.id, schema.venues.companyId))
    .leftJoin(creator, eq(creator.id, schema.venues.createdById))
    .where(where);
}

export type VenueSelectRow = Awaited<ReturnType<typeof selectVenues>>[number];

export function toVenueView(actor: UserActor, row: VenueSelectRow): VenueView {
  const v = row.venue;
  // A public venue another client added is offered to every client, but whose it was and who
  // wrote it are that client's business: a client contact sees neither (security matrix).
  const foreign = actor.isClient && (v.companyId === null || v.companyId !== actor.companyId);
  return {
    id: v.id,
    name: v.name,
    entrance: v.entrance,
    country_id: v.countryId,
    country: { id: v.countryId, name: row.countryName },
    city: v.city,
    address: v.address,
    zip: v.zip,
    province: v.province,
    notes: v.notes,
    company_id: foreign ? null : v.companyId,
    company: v.companyId && !foreign ? { id: v.companyId, name: row.companyName ?? "" } : null,
    status: v.status,
    public: v.status === "public",
    original_id: v.originalId,
    type: v.type,
    created_by:
      v.createdById && !foreign ? { id: v.createdById, name: row.creatorName ?? "" } : null,
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
    can: venueRights(actor, v),
  };
}

/** A venue the user may see, or 404 (another company's private venue does not exist for them). */
export async function loadVenue(ctx: Ctx, actor: UserActor, rawId: unknown): Promise<VenueRow> {
  const id = venueIdOf(rawId);
  const [row] = await ctx.db
    .select()
    .from(schema.venues)
    .where(and(eq(schema.venues.id, id), visibleVenues(actor)))
    .limit(1);
  if (!row) throw new NotFoundError("Venue not found.");
  return row;
}

/** The view of one venue the user may see (after a write, read through the same scope). */
export async function venueView(
  db: DbOrTx,
  actor: UserActor,
  id: number,
): Promise<VenueView | null> {
  const [row] = await selectVenues(db, and(eq(schema.venues.id, id), visibleVenues(actor))).limit(
    1,
  );
  return row ? toVenueView(actor, row) : null;
}

export async function viewOrFail(ctx: Ctx, actor: UserActor, id: number): Promise<VenueView> {
  const view = await venueView(ctx.db, actor, id);
  if (!view) throw new NotFoundError("Venue not found.");
  return view;
}
