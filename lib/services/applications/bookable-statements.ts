/**
 * The statements of the bookable workers list (GET bookable-users, the booking dialog's search):
 * one page statement per shape of filters (precompiled), and its count. The verb is bookable.ts.
 */
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
  not,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import { anyOf, precompiled, precompiledByShape, schema, type DbOrTx } from "@/db";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { liveJobOfShift, liveShiftOfApplication } from "./on-live-shifts";
import { USERS_ID, worksShiftsProbe } from "../users/workers";
import { missingDocumentsOfUser } from "../documents/skill-documents";
import { markedUnavailableOn, unavailableDaysOfUser } from "../user-calendar/unavailable-on";

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

/** The skill (with its sub-skills) of `skillId`, as `user_skills` rows of the outer worker. */
const skillRowsOfUser = (skillId: Placeholder) =>
  sql`select 1 from ${schema.userSkills} us join ${schema.skills} sk on sk.id = us.skill_id
    where us.user_id = ${USERS_ID} and (sk.id = ${skillId} or sk.parent_id = ${skillId})`;

/**
 * Whether the worker (the outer `users` row) has a skill or one of its sub-skills. For a skill
 * many hold, probed per worker as the list walks the live users by name (`offset 0` keeps
 * PostgreSQL from turning it into a join, as `worksShiftsProbe`): as joins, at scale PostgreSQL
 * hashed every live worker with its roles and the skill's holders and sorted them (the booking
 * dialog's page: seq scan of users, 33–45 ms in psql) instead of walking ~140 users by name (~7
 * ms). For a rare one (`skillJoin`, see `WALK_FROM_HOLDERS`) a join, read from its holders:
 * walked, a skill of 50 holders read every live user (55,000 buffers against 2,800).
 */
const hasSkill = (skillId: Placeholder, join: boolean): SQL =>
  join
    ? sql`exists (${skillRowsOfUser(skillId)})`
    : sql`exists (select 1 from ${schema.userSkills} us where us.user_id = ${USERS_ID}
        and us.skill_id = any(array(${skillAndSubSkills(skillId)})) offset 0)`;

/**
 * The skill and its sub-skills, for a probe: as `= any(array(…))` read once per statement (an
 * InitPlan), so each user probed is one look at user_skills' key, where the join read the
 * skills table for every user (the count of a skill's matches at scale probes ~800 users:
 * 4.5 → 2.4 ms in psql).
 */
const skillAndSubSkills = (skillId: Placeholder) =>
  sql`select sk.id from ${schema.skills} sk where sk.id = ${skillId} or sk.parent_id = ${skillId}`;

/**
 * From how many holders (a skill with its sub-skills, any user) the list walks the users by name
 * probing each for the skill; below, it reads the holders. At scale (25,000 workers) 300 holders
 * cost about the same either way, 50 seven times more walked.
 */
export const WALK_FROM_HOLDERS = 500;

/**
 * The same threshold when shifts are being booked (the booking dialog): read from its holders,
 * every holder's clashes are probed before the page is sorted by name (~0.1 ms each: 366 holders
 * at PGlite's tenth scale cost 43 ms), where a walk probes the page's ten or so. Walked, a skill
 * of H holders among N workers reads about 10·N/H users (a skill probe each, ~0.005 ms): the two
 * meet near H² = N/2, ~110 holders at 25,000 workers.
 */
export const WALK_FROM_HOLDERS_ON_SHIFTS = 100;

/** How many users hold the skill `skill` or a sub-skill of it, up to the placeholder `cap`. */
export const skillHoldersUpTo = precompiled("bookable_skill_holders", (db) =>
  db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(schema.userSkills)
      .innerJoin(schema.skills, eq(schema.skills.id, schema.userSkills.skillId))
      .where(
        or(
          eq(schema.skills.id, sql.placeholder("skill")),
          eq(schema.skills.parentId, sql.placeholder("skill")),
        ),
      )
      .limit(sql.placeholder("cap"))
      .as("holders"),
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

/** The worker's applications (any status) on the given shifts (`shiftIds`), as json. */
const applicationsOfUser = sql<AppOfUser[] | null>`(
  select json_agg(json_build_object('id', a.id, 'shift_id', a.shift_id, 'status', a.status) order by a.id)
  from ${schema.applications} a
  where a.assignee_id = ${USERS_ID} and a.shift_id = any(${sql.placeholder("shiftIds")}))`;

type Target = { shiftId: number; startsAt: Date; endsAt: Date; restHours: number };

/** Each target's clash windows, as the values of `availabilityRank`'s placeholders. */
export function clashWindows(targets: Target[]): Record<string, Date> {
  const out: Record<string, Date> = {};
  targets.forEach((t, i) => {
    const rest = t.restHours * HOUR;
    out[`overlapEnd${i}`] = t.endsAt;
    out[`overlapStart${i}`] = t.startsAt;
    out[`restEnd${i}`] = new Date(t.endsAt.getTime() + rest);
    out[`restStart${i}`] = new Date(t.startsAt.getTime() - rest);
  });
  return out;
}

/**
 * How free the worker is for the shifts being booked, as a sort key: 0 free, 1 too little rest
 * (a warning), 2 marked the shift's day unavailable, 3 booked elsewhere at the same time, 4
 * already holding a place on one of them. The same windows as `findConflicts`, in SQL, so the
 * order holds across pages. `targets` shifts, their ids in `shiftIds` and their windows in
 * `clashWindows`' placeholders; `withDays`: their days in `days`.
 */
function availabilityRank(
  db: DbOrTx,
  targets: number,
  withDays: boolean,
): { rank: SQL; free: SQL } | null {
  if (!targets) return null;
  const ids = sql.placeholder("shiftIds");
  const filledOfWorker = and(
    eq(schema.applications.assigneeId, schema.users.id),
    inArray(schema.applications.status, [...FILLED_STATUSES]),
  );
  const onTarget = exists(
    db
      .select({ one: sql`1` })
      .from(schema.applications)
      .where(and(filledOfWorker, sql`${schema.applications.shiftId} = any(${ids})`)),
  );
  const clash = (kind: "overlap" | "rest") =>
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
            sql`${schema.shifts.id} <> all(${ids})`,
            or(
              ...Array.from({ length: targets }, (_, i) =>
                and(
                  lt(schema.shifts.startsAt, sql.placeholder(`${kind}End${i}`)),
                  gt(schema.shifts.endsAt, sql.placeholder(`${kind}Start${i}`)),
                ),
              ),
            ),
          ),
        ),
    );
  const unavailable = withDays ? markedUnavailableOn(db, sql.placeholder("days")) : sql`false`;
  return {
    rank: sql`case when ${onTarget} then 4 when ${clash("overlap")} then 3 when ${unavailable} then 2 when ${clash("rest")} then 1 else 0 end`,
    // Rank 0, written as what PostgreSQL can estimate (NOT EXISTS: anti-joins), where `rank =
    // 0` got the 0.5 % of an unknown expression and the plan probed every match: every rest
    // window holds its overlap window, so no rest clash means no overlap either.
    free: and(not(onTarget), not(clash("rest")), withDays ? not(unavailable) : undefined)!,
  };
}

/** What decides the text of the page statement (which filters, sorts and subselects it has). */
export interface PageShape {
  skill: boolean;
  /** Sorted by `prefer_skill` (no `skill` filter). */
  preferSkill: boolean;
  /** The skill (filter or sort) is rare: joined from its holders, not probed (`hasSkill`). */
  skillJoin: boolean;
  branches: boolean;
  username: boolean;
  /** How many shifts are being booked (their clash windows). */
  targets: number;
  days: boolean;
}

/**
 * One band of the list's order: the workers with (false) or without (true) the preferred
 * skill, and free (false) or not (true) for the shifts being booked; null where the list does
 * not sort by it. The list's order is its bands one after the other, each by name (the busy
 * band by how busy, then name). Read band by band, a page walks the live users by name and
 * stops at its LIMIT: sorted as one, every match had its skill and its clashes probed before
 * the first row came (25,000 workers at scale: 1–1.5 s for the booking dialog's search).
 */
export interface Band {
  skillMiss: boolean | null;
  busy: boolean | null;
}

/** The bands of a shape, in the list's order. */
export function bandsOf(shape: PageShape): Band[] {
  const skill = shape.preferSkill ? [false, true] : [null];
  const busy = shape.targets ? [false, true] : [null];
  return skill.flatMap((skillMiss) => busy.map((b) => ({ skillMiss, busy: b })));
}

export type BandShape = PageShape & { band: Band };

/**
 * A band's page, with the count of all matches (`withTotal`) when it may hold the page's first
 * row: the count is read once a call, and a later band's statement neither plans nor runs it.
 */
export type PageBandShape = BandShape & { withTotal: boolean };

/**
 * The workers the filters match, in the list's order, a page of them with their subselects
 * and the count. Each shape is built once per process (building this statement cost Drizzle
 * more CPU than the rest of the call), still planned with each call's values (the pool's
 * plan_cache_mode=force_custom_plan): a name pattern or a rare skill changes the best plan.
 */
export const pageOf = precompiledByShape<
  PageBandShape,
  Record<string, unknown>,
  ReturnType<typeof pageQuery>
>("bookable_users_page", (db, shape) => pageQuery(db, shape));

/** The count of the matches on its own (a page past the last one), up to the `cap`. */
export const countOf = precompiledByShape<
  Pick<PageShape, "skill" | "skillJoin" | "branches" | "username">,
  Record<string, unknown>,
  ReturnType<typeof countQuery>
>("bookable_users_count", (db, shape) => countQuery(db, shape));
function countQuery(
  db: DbOrTx,
  shape: Pick<PageShape, "skill" | "skillJoin" | "branches" | "username">,
) {
  return db.select({ n: count() }).from(matchesUpTo(db, shape).as("capped"));
}

/**
 * How many of a band's workers there are, up to the placeholder `bandCap` (the offset a page
 * asked of a band that came back empty: the next band then starts that much sooner).
 */
export const bandCountOf = precompiledByShape<
  BandShape,
  Record<string, unknown>,
  ReturnType<typeof bandCountQuery>
>("bookable_users_band_count", (db, shape) => bandCountQuery(db, shape));
function bandCountQuery(db: DbOrTx, shape: BandShape) {
  return db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(schema.users)
      .where(and(bookableWhere(db, shape), bandWhere(db, shape)))
      .limit(sql.placeholder("bandCap"))
      .as("band"),
  );
}

/** The band's own condition (see Band). */
function bandWhere(db: DbOrTx, shape: BandShape): SQL | undefined {
  const { skillMiss, busy } = shape.band;
  const rank = availabilityRank(db, shape.targets, shape.days);
  const skilled = shape.preferSkill
    ? hasSkill(sql.placeholder("sortSkill"), shape.skillJoin)
    : null;
  return and(
    skilled && skillMiss !== null ? (skillMiss ? not(skilled) : skilled) : undefined,
    rank && busy !== null ? (busy ? not(rank.free) : rank.free) : undefined,
  );
}

/**
 * The matches, up to the placeholder `cap` of them (what the count counts: countWindow + 1).
 * Counted to the end, every active worker was a role probe, and the page read and sorted all
 * of them before its LIMIT (8,000 workers at scale: the whole users table).
 */
function matchesUpTo(
  db: DbOrTx,
  shape: Pick<PageShape, "skill" | "skillJoin" | "branches" | "username">,
) {
  return db
    .select({ one: sql`1` })
    .from(schema.users)
    .where(bookableWhere(db, shape))
    .limit(sql.placeholder("cap"));
}

/** Who may be booked at all, with the filters of the shape (placeholders for their values). */
function bookableWhere(
  db: DbOrTx,
  shape: Pick<PageShape, "skill" | "skillJoin" | "branches" | "username">,
): SQL {
  return and(
    isNull(schema.users.deletedAt),
    eq(schema.users.status, "active"),
    eq(schema.users.approved, true),
    // Probed per user, whether the users are walked by name or read from a rare skill's holders:
    // joined, the role's four tables joined the page's own (the search's bands on the demo seed
    // planned 3.3–5.2 ms each), and PostgreSQL hashed every worker's role to check a few holders.
    worksShiftsProbe,
    shape.skill ? hasSkill(sql.placeholder("skill"), shape.skillJoin) : undefined,
    shape.branches
      ? exists(
          db
            .select({ one: sql`1` })
            .from(schema.userBranches)
            .where(
              and(
                eq(schema.userBranches.userId, schema.users.id),
                anyOf(schema.userBranches.branchId, "branches"),
              ),
            ),
        )
      : undefined,
    shape.username
      ? sql`lower(${schema.users.name}) like ${sql.placeholder("pattern")}`
      : undefined,
  )!;
}

function pageQuery(db: DbOrTx, shape: PageBandShape) {
  const sorted = shape.skill || shape.preferSkill;
  // Only the busy band sorts by how busy (free ones all rank 0); the skill is the band's.
  const rank = shape.band.busy ? availabilityRank(db, shape.targets, shape.days)?.rank : null;
  return db
    .select({
      id: schema.users.id,
      name: schema.users.name,
      phone: schema.users.phone,
      // The page's skills, branches, applications on the shifts, missing documents and days
      // off come with it: subselects that run for the page's rows only (behind ORDER BY and
      // LIMIT), not statements of their own.
      skills: skillsOfUser,
      branches: branchesOfUser,
      applications: shape.targets ? applicationsOfUser : sql<AppOfUser[]>`null`,
      missingDocuments: sorted
        ? missingDocumentsOfUser(sql.placeholder("sortSkill"), sql.placeholder("today"))
        : sql<null>`null`,
      unavailable: shape.days ? unavailableDaysOfUser(sql.placeholder("days")) : sql<null>`null`,
      // The count rides on the page: a subquery run once, so the page itself stops at its
      // LIMIT (walking the live users by name) instead of reading every match to count it.
      total: shape.withTotal
        ? sql<number>`(select count(*) from ${matchesUpTo(db, shape)} capped)`.mapWith(Number)
        : sql<null>`null`,
    })
    .from(schema.users)
    .where(and(bookableWhere(db, shape), bandWhere(db, shape)))
    .orderBy(...(rank ? [asc(rank)] : []), asc(schema.users.name), asc(schema.users.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
}

/**
 * GET bookable-users (spec §7): workers a booker may put on a shift, searched by skill (a
 * skill group matches its sub-skills), branches and name, a page at a time, each with its
 * skills, level, branches and any clash with the shifts being booked. Sorted by skill match
 * (`skill` or `prefer_skill`), then by how free they are for those shifts, then by name.
 */
