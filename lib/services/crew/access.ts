import { and, eq } from "drizzle-orm";
import { schema } from "@/db";
import type { Permission } from "@/lib/domain/permissions";
import { requirePermission, requireUser, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { jobScope } from "../jobs/scope";
import { loadShiftInScope } from "../shifts";
import { toId } from "../applications/access";

/**
 * Who may read a job's crew: job viewers who book, request or approve on it (the book tab
 * and the approvals screen). A worker holds none of these: 403.
 */
export const CREW_READERS: Permission[] = [
  "jobs_book_workers",
  "can_request_worker",
  "approval_access",
];

/** The book tab's own guard (spec §2: book [jobs_book_workers or can_request_worker]). */
export const BOOKERS: Permission[] = ["jobs_book_workers", "can_request_worker"];

function gate(ctx: Ctx, anyOf: Permission[]) {
  requirePermission(ctx, "job_view");
  requirePermission(ctx, ...anyOf);
  return requireUser(ctx);
}

/** The crew readers' guard on its own (the crew roster of several jobs, issue 25): 403 else. */
export const requireCrewReader = (ctx: Ctx) => gate(ctx, CREW_READERS);

/**
 * A live job in the user's scope with its company, venue and zone, or 404 (a client contact
 * asking for another company's job learns nothing). One query.
 */
export async function loadCrewJob(ctx: Ctx, jobId: unknown, anyOf: Permission[] = CREW_READERS) {
  const actor = gate(ctx, anyOf);
  const id = toId(jobId, "Job");
  const [row] = await ctx.db
    .select({
      id: schema.jobs.id,
      name: schema.jobs.name,
      status: schema.jobs.status,
      address: schema.jobs.address,
      city: schema.jobs.city,
      zip: schema.jobs.zip,
      companyName: schema.companies.name,
      timeZone: schema.countries.timeZone,
      venueName: schema.venues.name,
      venueAddress: schema.venues.address,
      venueCity: schema.venues.city,
      venueZip: schema.venues.zip,
    })
    .from(schema.jobs)
    .innerJoin(schema.companies, eq(schema.companies.id, schema.jobs.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .leftJoin(schema.venues, eq(schema.venues.id, schema.jobs.venueId))
    .where(and(eq(schema.jobs.id, id), jobScope(actor)))
    .limit(1);
  if (!row) throw new NotFoundError("Job not found.");
  return row;
}

export type CrewJob = Awaited<ReturnType<typeof loadCrewJob>>;

/** A live shift of a live job in the user's scope, with the job and its zone, or 404. */
export async function loadCrewShift(ctx: Ctx, shiftId: unknown) {
  gate(ctx, CREW_READERS);
  const { shift, jobId, jobName, jobStatus, timeZone } = await loadShiftInScope(
    ctx,
    toId(shiftId, "Shift"),
  );
  return {
    id: shift.id,
    startsAt: shift.startsAt,
    endsAt: shift.endsAt,
    jobId,
    jobName,
    jobStatus,
    timeZone,
  };
}
