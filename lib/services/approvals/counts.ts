import { and, count, eq, isNull, sql } from "drizzle-orm";
import { schema } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { approvalsWhere } from "../hours/filters";
import { isReviewOffice } from "./access";
import { pendingDocument } from "./documents";

export interface ApprovalCounts {
  /** Reported hours awaiting approval, in the viewer's scope (the Hours tab's default list). */
  hours: number;
  /** Pending documents; null when the viewer does not review documents (a client contact). */
  documents: number | null;
  /** Venues awaiting approval (private); null when the viewer does not review venues. */
  venues: number | null;
  /** Everything waiting for this viewer: the Approvals menu badge. */
  total: number;
}

const none = sql`(select 0)`;

/**
 * What waits in the approvals inbox, per kind and in total, in one statement (three scalar
 * subqueries): the tabs of /approvals and the menu badge. Reads only.
 */
export async function approvalCounts(ctx: Ctx): Promise<ApprovalCounts> {
  requirePermission(ctx, "approval_access");
  const actor = requireUser(ctx);
  const office = isReviewOffice(actor);
  const reviewsVenues = office && actor.permissions.has("venue_access");
  const hours = ctx.db
    .select({ n: count() })
    .from(schema.applications)
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(approvalsWhere(ctx, actor, { status: "awaiting" }));
  const documents = ctx.db
    .select({ n: count() })
    .from(schema.documents)
    .innerJoin(schema.users, eq(schema.users.id, schema.documents.userId))
    .where(pendingDocument);
  const venues = ctx.db
    .select({ n: count() })
    .from(schema.venues)
    .where(and(eq(schema.venues.status, "private"), isNull(schema.venues.deletedAt)));
  const result = (await ctx.db.execute(
    sql`select (${hours}) as hours,
               ${office ? sql`(${documents})` : none} as documents,
               ${reviewsVenues ? sql`(${venues})` : none} as venues`,
  )) as unknown as { rows: { hours: unknown; documents: unknown; venues: unknown }[] };
  const row = result.rows[0];
  const h = Number(row.hours);
  const docs = office ? Number(row.documents) : null;
  const v = reviewsVenues ? Number(row.venues) : null;
  return { hours: h, documents: docs, venues: v, total: h + (docs ?? 0) + (v ?? 0) };
}
