import { toastName } from "@/lib/domain/done";
import { z } from "zod";
import { parseId } from "../params";
import { and, asc, count, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { schema } from "@/db";
import { parseDate } from "@/lib/domain/format";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { fromLocal, isoInZone } from "@/lib/domain/time";
import { ROLE } from "@/lib/domain/permissions";
import { requirePermission, requireUser, type Ctx, withTx } from "../context";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, optionalId } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { filledOfSlot } from "../jobs/list";
import { jobScope } from "../jobs/scope";

/** A live shift whose job the user may see, with the job's zone, or 404. */
export async function loadShiftInScope(ctx: Ctx, shiftId: number) {
  const actor = requireUser(ctx);
  const [row] = await ctx.db
    .select({
      shift: schema.shifts,
      jobName: schema.jobs.name,
      jobId: schema.jobs.id,
      jobStatus: schema.jobs.status,
      timeZone: schema.countries.timeZone,
    })
    .from(schema.shifts)
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(and(eq(schema.shifts.id, shiftId), isNull(schema.shifts.deletedAt), jobScope(actor)))
    .limit(1);
  if (!row) throw new NotFoundError("Shift not found.");
  return row;
}

export const crewBossInput = z.object({ shift_id: idSchema, user_id: idSchema });

/**
 * POST shifts/add-crew-boss: a crew boss leads the crew on site, so it is one of the people
 * booked on that shift (or agency staff). They may then keep the job's notes (spec §6).
 */
export async function addCrewBoss(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "job_edit", "jobs_book_workers");
  const input = parseInput(crewBossInput, raw);
  const { shift, jobName, jobId } = await loadShiftInScope(ctx, input.shift_id);
  const [user] = await ctx.db
    .select({ id: schema.users.id, name: schema.users.name, status: schema.users.status })
    .from(schema.users)
    .where(and(eq(schema.users.id, input.user_id), isNull(schema.users.deletedAt)));
  if (!user || user.status !== "active")
    throw new ValidationError("The selected person does not exist or is not active.", {
      user_id: ["The selected person does not exist or is not active."],
    });
  const [booked] = await ctx.db
    .select({ id: schema.applications.id })
    .from(schema.applications)
    .where(
      and(
        eq(schema.applications.shiftId, shift.id),
        eq(schema.applications.assigneeId, user.id),
        inArray(schema.applications.status, [...FILLED_STATUSES]),
      ),
    )
    .limit(1);
  const [staff] = booked
    ? [true]
    : await ctx.db
        .select({ id: schema.userRoles.userId })
        .from(schema.userRoles)
        .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
        .where(
          and(
            eq(schema.userRoles.userId, user.id),
            inArray(schema.roles.title, [ROLE.admin, ROLE.projectManager, ROLE.crewHandler]),
          ),
        )
        .limit(1);
  if (!booked && !staff) {
    throw new ConflictError(
      `${user.name} is not booked on this shift. Book them first, then make them crew boss.`,
      "not_booked",
    );
  }
  await withTx(ctx, async (ctx) => {
    await ctx.db
      .insert(schema.shiftCrewBosses)
      .values({ shiftId: shift.id, userId: user.id })
      .onConflictDoNothing();
    await logActivity(ctx, {
      logName: "jobs",
      description: `Made ${user.name} crew boss on ${jobName}`,
      subjectType: "jobs",
      subjectId: jobId,
      properties: { shiftId: shift.id, userId: user.id },
    });
  });
  return {
    shift_id: shift.id,
    user: { id: user.id, name: user.name },
    message: `${toastName(user.name)} made crew boss on ${toastName(jobName)}`,
  };
}

/** POST shifts/remove-crew-boss. */
export async function removeCrewBoss(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "job_edit", "jobs_book_workers");
  const input = parseInput(crewBossInput, raw);
  const { shift, jobName, jobId } = await loadShiftInScope(ctx, input.shift_id);
  const name = await withTx(ctx, async (ctx) => {
    const removed = await ctx.db
      .delete(schema.shiftCrewBosses)
      .where(
        and(
          eq(schema.shiftCrewBosses.shiftId, shift.id),
          eq(schema.shiftCrewBosses.userId, input.user_id),
        ),
      )
      .returning({ userId: schema.shiftCrewBosses.userId });
    if (!removed.length) throw new NotFoundError("This person is not crew boss on the shift.");
    await logActivity(ctx, {
      logName: "jobs",
      description: `Removed a crew boss on ${jobName}`,
      subjectType: "jobs",
      subjectId: jobId,
      properties: { shiftId: shift.id, userId: input.user_id },
    });
    const [user] = await ctx.db
      .select({ name: schema.users.name })
      .from(schema.users)
      .where(eq(schema.users.id, input.user_id));
    return user?.name ?? null;
  });
  return {
    shift_id: shift.id,
    user_id: input.user_id,
    message: name
      ? `${toastName(name)} is no longer crew boss on ${toastName(jobName)}`
      : `Crew boss removed from ${toastName(jobName)}`,
  };
}

/** The people booked on a shift: who can be made crew boss. */
export async function bookedCrew(ctx: Ctx, shiftId: unknown) {
  requirePermission(ctx, "job_view");
  const { shift } = await loadShiftInScope(ctx, idSchema.parse(shiftId));
  return ctx.db
    .selectDistinct({ id: schema.users.id, name: schema.users.name })
    .from(schema.applications)
    .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .where(
      and(
        eq(schema.applications.shiftId, shift.id),
        inArray(schema.applications.status, [...FILLED_STATUSES]),
      ),
    )
    .orderBy(asc(schema.users.name));
}

const localDate = z
  .string()
  .refine((v) => parseDate(v) !== null, "must be a date as DD/MM/YYYY")
  .optional();

export const shiftsListInput = pageInput(10).extend({
  filter: z
    .object({
      job_id: optionalId,
      company_id: optionalId,
      skill_id: optionalId,
      from: localDate,
      to: localDate,
    })
    .optional()
    .default({}),
});

export interface ShiftListItem {
  id: number;
  job: { id: number; name: string; status: string };
  company: { id: number; name: string };
  start: string;
  end: string;
  positions: number;
  filled: number;
}

/**
 * GET shifts: live shifts of jobs in scope, soonest first; from/to are calendar days in
 * the job's zone (to inclusive), checked against UTC bounds widened by a day, then exactly.
 */
export async function listShifts(ctx: Ctx, raw: unknown): Promise<Page<ShiftListItem>> {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  const input = parseInput(shiftsListInput, raw);
  const f = input.filter;
  const from = f.from ? fromLocal({ ...parseDate(f.from)!, hour: 0, minute: 0 }, "UTC") : undefined;
  const to = f.to ? fromLocal({ ...parseDate(f.to)!, hour: 0, minute: 0 }, "UTC") : undefined;
  const localDay = sql`(${schema.shifts.startsAt} at time zone ${schema.countries.timeZone})::date`;
  const where = and(
    jobScope(actor),
    isNull(schema.shifts.deletedAt),
    f.job_id ? eq(schema.shifts.jobId, f.job_id) : undefined,
    f.company_id ? eq(schema.jobs.companyId, f.company_id) : undefined,
    f.skill_id
      ? sql`exists (select 1 from ${schema.shiftSlots} where ${schema.shiftSlots.shiftId} = ${schema.shifts.id} and ${schema.shiftSlots.skillId} = ${f.skill_id} and ${schema.shiftSlots.deletedAt} is null)`
      : undefined,
    from ? gte(schema.shifts.startsAt, new Date(from.getTime() - 86_400_000)) : undefined,
    to ? lt(schema.shifts.startsAt, new Date(to.getTime() + 2 * 86_400_000)) : undefined,
    from ? sql`${localDay} >= ${from.toISOString().slice(0, 10)}::date` : undefined,
    to ? sql`${localDay} <= ${to.toISOString().slice(0, 10)}::date` : undefined,
  );
  const base = ctx.db
    .select({ n: count() })
    .from(schema.shifts)
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(where);
  const [{ n }] = await base;
  const rows = await ctx.db
    .select({
      id: schema.shifts.id,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      jobId: schema.jobs.id,
      jobName: schema.jobs.name,
      jobStatus: schema.jobs.status,
      companyId: schema.companies.id,
      companyName: schema.companies.name,
      timeZone: schema.countries.timeZone,
      positions: sql<number>`(select coalesce(sum(${schema.shiftSlots.positions}), 0)::int from ${schema.shiftSlots} where ${schema.shiftSlots.shiftId} = ${schema.shifts.id} and ${schema.shiftSlots.deletedAt} is null)`,
      filled: sql<number>`(select count(*)::int from ${schema.applications} where ${schema.applications.shiftId} = ${schema.shifts.id} and ${inArray(schema.applications.status, [...FILLED_STATUSES])})`,
    })
    .from(schema.shifts)
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.companies, eq(schema.companies.id, schema.jobs.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(where)
    .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: rows.map((r) => ({
      id: r.id,
      job: { id: r.jobId, name: r.jobName, status: r.jobStatus },
      company: { id: r.companyId, name: r.companyName },
      start: isoInZone(r.startsAt, r.timeZone),
      end: isoInZone(r.endsAt, r.timeZone),
      positions: Number(r.positions),
      filled: Number(r.filled),
    })),
    meta: pageMeta(input.page, input.perPage, Number(n)),
  };
}

/** GET shift-slots/{id}: a slot with its skill, shift, and the applications on it. */
export async function getShiftSlot(ctx: Ctx, slotId: unknown) {
  requirePermission(ctx, "job_view");
  const actor = requireUser(ctx);
  const id = parseId(slotId, "Shift slot");
  const [row] = await ctx.db
    .select({
      slot: schema.shiftSlots,
      skillName: schema.skills.name,
      shift: schema.shifts,
      jobId: schema.jobs.id,
      jobName: schema.jobs.name,
      timeZone: schema.countries.timeZone,
      filled: sql<number>`least(${filledOfSlot}, ${schema.shiftSlots.positions})`,
    })
    .from(schema.shiftSlots)
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.shiftSlots.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(
      and(
        eq(schema.shiftSlots.id, id),
        isNull(schema.shiftSlots.deletedAt),
        isNull(schema.shifts.deletedAt),
        jobScope(actor),
      ),
    );
  if (!row) throw new NotFoundError("Shift slot not found.");
  const applications = await ctx.db
    .select({
      id: schema.applications.id,
      status: schema.applications.status,
      assigneeId: schema.users.id,
      assigneeName: schema.users.name,
    })
    .from(schema.applications)
    .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .where(eq(schema.applications.shiftSlotId, id))
    .orderBy(asc(schema.users.name));
  return {
    id: row.slot.id,
    shift_id: row.shift.id,
    skill_id: row.slot.skillId,
    skill: { id: row.slot.skillId, name: row.skillName },
    positions: row.slot.positions,
    filled: Number(row.filled),
    shift: {
      id: row.shift.id,
      start: isoInZone(row.shift.startsAt, row.timeZone),
      end: isoInZone(row.shift.endsAt, row.timeZone),
    },
    job: { id: row.jobId, name: row.jobName },
    applications: applications.map((a) => ({
      id: a.id,
      status: a.status,
      assignee: { id: a.assigneeId, name: a.assigneeName },
    })),
  };
}
