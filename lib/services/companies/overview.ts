import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import type { Ctx } from "../context";
import { companyReader, loadCompany } from "./access";

export interface CompanyOverview {
  upcoming_jobs: {
    id: number;
    name: string;
    status: string;
    starts_at: string | null;
    ends_at: string | null;
  }[];
  /** Hours reported on the company's jobs this calendar month (in the company's country). */
  hours_this_month: number;
  time_zone: string;
}

/**
 * The client overview's figures: its next live jobs (not yet ended, soonest first, at most
 * five) and the hours reported this month on its jobs. Two statements after the scope check.
 */
export async function companyOverview(ctx: Ctx, rawId: unknown): Promise<CompanyOverview> {
  const actor = companyReader(ctx);
  const company = await loadCompany(ctx.db, actor, rawId);
  const [country] = await ctx.db
    .select({ tz: schema.countries.timeZone })
    .from(schema.countries)
    .where(eq(schema.countries.id, company.countryId));
  const tz = country?.tz ?? "UTC";
  const j = schema.jobs;
  const [jobs, [hours]] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          id: j.id,
          name: j.name,
          status: j.status,
          startsAt: j.startsAt,
          endsAt: j.endsAt,
        })
        .from(j)
        .where(and(eq(j.companyId, company.id), isNull(j.deletedAt), gte(j.endsAt, ctx.now)))
        .orderBy(asc(j.startsAt), asc(j.id))
        .limit(5),
    () =>
      ctx.db
        .select({
          seconds: sql<string>`coalesce(sum(extract(epoch from (rh.ends_at - rh.starts_at))), 0)`,
        })
        .from(sql`${schema.reportedHours} rh`)
        .innerJoin(schema.shiftSlots, sql`${schema.shiftSlots.id} = rh.shift_slot_id`)
        .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
        .innerJoin(j, eq(j.id, schema.shifts.jobId))
        .where(
          and(
            eq(j.companyId, company.id),
            isNull(j.deletedAt),
            sql`rh.starts_at >= (date_trunc('month', ${ctx.now}::timestamptz at time zone ${tz}) at time zone ${tz})`,
            sql`rh.starts_at < ((date_trunc('month', ${ctx.now}::timestamptz at time zone ${tz}) + interval '1 month') at time zone ${tz})`,
          ),
        ),
  );
  return {
    upcoming_jobs: jobs.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      starts_at: r.startsAt?.toISOString() ?? null,
      ends_at: r.endsAt?.toISOString() ?? null,
    })),
    hours_this_month: Math.round((Number(hours?.seconds ?? 0) / 3600) * 100) / 100,
    time_zone: tz,
  };
}
