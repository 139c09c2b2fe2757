import { z } from "zod";
import {
  and,
  asc,
  count,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { schema } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idList, optionalId, searchText } from "../params";
import { parseInput } from "../validate";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { jobScope } from "../jobs/scope";
import { containsPattern } from "../like";
import { conflictMessage, findConflicts, viewerCompanyOf } from "./conflicts";
import { liveJobOfShift, liveShiftOfApplication } from "./on-live-shifts";
import { USERS_ID, worksShifts } from "../users/workers";
import { missingDocumentsOfUser } from "../documents/skill-documents";
import {
  markedUnavailableOn,
  shiftDays,
  unavailableDay,
  unavailableDaysOfUser,
} from "../user-calendar/unavailable-on";
import { documentsToday } from "../documents/today";

export const bookableUsersInput = pageInput(10).extend({
  skill: optionalId,
  /** Sorts workers with this skill (or a sub-skill) first without leaving the others out. */
  prefer_skill: optionalId,
  branches: idList,
  username: searchText,
  /** Shifts the booker is about to book on: each worker then carries its clashes with them. */
  shiftIds: idList,
});

export interface BookableUser {
  id: number;
  name: string;
  phone: string | null;
  skills: { id: number; name: string; level: string | null }[];
  /** The level in the searched skill. */
  level: string | null;
  has_skill: boolean | null;
  branches: { id: number; name: string }[];
  /** The worker's applications on the given shifts (any status). */
  applications: { id: number; shift_id: number; status: string }[];
  conflicts: { shift_id: number; kind: "overlap" | "rest"; message: string }[];
  /** Document types the searched skill needs that the worker holds no valid one of (a warning). */
  missing_documents: { id: number; name: string }[];
  /** Days of the given shifts the worker marked unavailable ("Unavailable — <note>"). */
  unavailable: { date: string; note: string | null; label: string }[];
}

const HOUR = 3_600_000;

/** Whether the worker (the outer `users` row) has a skill or one of its sub-skills. */
const hasSkill = (db: Ctx["db"], skillId: number): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(schema.userSkills)
      .innerJoin(schema.skills, eq(schema.skills.id, schema.userSkills.skillId))
      .where(
        and(
          eq(schema.userSkills.userId, schema.users.id),
          or(eq(schema.skills.id, skillId), eq(schema.skills.parentId, skillId)),
        ),
      ),
  );

type SkillOfUser = { id: number; parentId: number | null; name: string; level: string | null };
type AppOfUser = BookableUser["applications"][number];

/** The worker's (the outer `users` row's) skills with its level in each, as json. */
const skillsOfUser = sql<SkillOfUser[] | null>`(
  select json_agg(json_build_object('id', sk.id, 'parentId', sk.parent_id, 'name', sk.name, 'level', lv.name)
                  order by sk."order", sk.name)
  from ${schema.userSkills} us
  join ${schema.skills} sk on sk.id = us.skill_id
  left join ${schema.levels} lv on lv.id = us.level_id
  where us.user_id = ${USERS_ID})`;

/** The worker's branches, by name, as json. */
const branchesOfUser = sql<BookableUser["branches"] | null>`(
  select json_agg(json_build_object('id', b.id, 'name', b.name) order by b.name)
  from ${schema.userBranches} ub
  join ${schema.branches} b on b.id = ub.branch_id
  where ub.user_id = ${USERS_ID})`;

/** The worker's applications (any status) on the given shifts, as json. */
const applicationsOfUser = (shiftIds: number[]) => sql<AppOfUser[] | null>`(
  select json_agg(json_build_object('id', a.id, 'shift_id', a.shift_id, 'status', a.status) order by a.id)
  from ${schema.applications} a
  where a.assignee_id = ${USERS_ID} and ${inArray(sql`a.shift_id`, shiftIds)})`;

type Target = { shiftId: number; startsAt: Date; endsAt: Date; restHours: number };

/**
 * How free the worker is for the shifts being booked, as a sort key: 0 free, 1 too little rest
 * (a warning), 2 marked the shift's day unavailable, 3 booked elsewhere at the same time, 4
 * already holding a place on one of them. The same windows as `findConflicts`, in SQL, so the
 * order holds across pages.
 */
function availabilityRank(db: Ctx["db"], targets: Target[], days: string[]): SQL | null {
  if (!targets.length) return null;
  const ids = targets.map((t) => t.shiftId);
  const filledOfWorker = and(
    eq(schema.applications.assigneeId, schema.users.id),
    inArray(schema.applications.status, [...FILLED_STATUSES]),
  );
  const onTarget = exists(
    db
      .select({ one: sql`1` })
      .from(schema.applications)
      .where(and(filledOfWorker, inArray(schema.applications.shiftId, ids))),
  );
  const clash = (restMs: (t: Target) => number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(schema.applications)
        .innerJoin(schema.shifts, liveShiftOfApplication)
        .innerJoin(schema.jobs, liveJobOfShift)
        .where(
          and(
            filledOfWorker,
            ne(schema.jobs.status, "Cancelled"),
            notInArray(schema.shifts.id, ids),
            or(
              ...targets.map((t) =>
                and(
                  lt(schema.shifts.startsAt, new Date(t.endsAt.getTime() + restMs(t))),
                  gt(schema.shifts.endsAt, new Date(t.startsAt.getTime() - restMs(t))),
                ),
              ),
            ),
          ),
        ),
    );
  const unavailable = days.length ? markedUnavailableOn(db, days) : sql`false`;
  return sql`case when ${onTarget} then 4 when ${clash(() => 0)} then 3 when ${unavailable} then 2 when ${clash((t) => t.restHours * HOUR)} then 1 else 0 end`;
}

/**
 * GET bookable-users (spec §7): workers a booker may put on a shift, searched by skill (a
 * skill group matches its sub-skills), branches and name, a page at a time, each with its
 * skills, level, branches and any clash with the shifts being booked. Sorted by skill match
 * (`skill` or `prefer_skill`), then by how free they are for those shifts, then by name.
 */
export async function bookableUsers(ctx: Ctx, raw: unknown): Promise<Page<BookableUser>> {
  requirePermission(ctx, "jobs_book_workers", "can_request_worker");
  const actor = requireUser(ctx);
  const q = parseInput(bookableUsersInput, raw);

  const conds: SQL[] = [
    isNull(schema.users.deletedAt),
    eq(schema.users.status, "active"),
    eq(schema.users.approved, true),
    worksShifts,
  ];
  if (q.skill) {
    conds.push(hasSkill(ctx.db, q.skill));
  }
  if (q.branches?.length) {
    conds.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(schema.userBranches)
          .where(
            and(
              eq(schema.userBranches.userId, schema.users.id),
              inArray(schema.userBranches.branchId, q.branches),
            ),
          ),
      ),
    );
  }
  if (q.username) {
    conds.push(sql`lower(${schema.users.name}) like ${containsPattern(q.username.toLowerCase())}`);
  }
  // The shifts being booked, if the booker may see their jobs.
  const shifts = q.shiftIds?.length
    ? await ctx.db
        .select({
          shiftId: schema.shifts.id,
          startsAt: schema.shifts.startsAt,
          endsAt: schema.shifts.endsAt,
          restHours: schema.countries.restHours,
          timeZone: schema.countries.timeZone,
        })
        .from(schema.shifts)
        .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
        .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
        .where(and(inArray(schema.shifts.id, q.shiftIds), jobScope(actor)))
    : [];
  const shiftIds = shifts.map((s) => s.shiftId);

  const where = and(...conds);
  const sortSkill = q.skill ?? q.prefer_skill;
  const days = shiftDays(shifts);
  const rank = availabilityRank(ctx.db, shifts, days);
  const users = await ctx.db
    .select({
      id: schema.users.id,
      name: schema.users.name,
      phone: schema.users.phone,
      // The page's skills, branches, applications on the shifts, missing documents and days
      // off come with it: subselects that run for the page's rows only (behind ORDER BY and
      // LIMIT), not statements of their own.
      skills: skillsOfUser,
      branches: branchesOfUser,
      applications: shiftIds.length ? applicationsOfUser(shiftIds) : sql<AppOfUser[]>`null`,
      missingDocuments: sortSkill
        ? missingDocumentsOfUser(sortSkill, documentsToday(ctx.now))
        : sql<null>`null`,
      unavailable: days.length ? unavailableDaysOfUser(days) : sql<null>`null`,
      // The count of every match rides on the page (a window over the rows before LIMIT).
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(schema.users)
    .where(where)
    .orderBy(
      ...(sortSkill && !q.skill
        ? [sql`case when ${hasSkill(ctx.db, sortSkill)} then 0 else 1 end`]
        : []),
      ...(rank ? [asc(rank)] : []),
      asc(schema.users.name),
      asc(schema.users.id),
    )
    .limit(q.perPage)
    .offset(offsetOf(q.page, q.perPage));
  const ids = users.map((u) => u.id);
  if (!ids.length) {
    // Past the last page no row carries the count: only then is it a statement of its own.
    const total =
      q.page > 1
        ? Number((await ctx.db.select({ n: count() }).from(schema.users).where(where))[0].n)
        : 0;
    return { items: [], meta: pageMeta(q.page, q.perPage, total) };
  }

  // A client contact sees how to reach only the workers already on its own company's jobs.
  const viewerCompany = viewerCompanyOf(actor);
  const [conflicts, onOwnJobs] = await Promise.all([
    findConflicts(ctx.db, ids, shifts),
    viewerCompany !== undefined
      ? ctx.db
          .selectDistinct({ userId: schema.applications.assigneeId })
          .from(schema.applications)
          .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
          .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
          .where(
            and(
              inArray(schema.applications.assigneeId, ids),
              inArray(schema.applications.status, [...FILLED_STATUSES]),
              viewerCompany ? eq(schema.jobs.companyId, viewerCompany) : sql`false`,
            ),
          )
      : Promise.resolve([]),
  ]);
  const reachable = (userId: number) =>
    viewerCompany === undefined || onOwnJobs.some((o) => o.userId === userId);

  return {
    items: users.map((u) => {
      const mine = u.skills ?? [];
      const match = sortSkill
        ? mine.find((s) => s.id === sortSkill || s.parentId === sortSkill)
        : null;
      return {
        id: u.id,
        name: u.name,
        phone: reachable(u.id) ? u.phone : null,
        skills: mine.map((s) => ({ id: s.id, name: s.name, level: s.level })),
        level: match?.level ?? null,
        has_skill: sortSkill ? Boolean(match) : null,
        branches: u.branches ?? [],
        applications: u.applications ?? [],
        conflicts: conflicts
          .filter((c) => c.workerId === u.id)
          .map((c) => ({
            shift_id: c.targetShiftId,
            kind: c.kind,
            message: conflictMessage(
              c,
              u.name,
              shifts.find((s) => s.shiftId === c.targetShiftId)?.restHours ?? 11,
              viewerCompany,
            ),
          })),
        missing_documents: u.missingDocuments ?? [],
        unavailable: (u.unavailable ?? []).map(unavailableDay),
      };
    }),
    meta: pageMeta(q.page, q.perPage, users[0].total),
  };
}

export type BookableUsersQuery = z.input<typeof bookableUsersInput>;
