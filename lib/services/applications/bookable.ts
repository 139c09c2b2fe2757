import { z } from "zod";
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { cappedPageMeta, countWindow, offsetOf, pageInput, type Page } from "../pagination";
import { idList, optionalId, searchText } from "../params";
import { parseInput } from "../validate";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { jobScope } from "../jobs/scope";
import { containsPattern } from "../like";
import { conflictMessage, findConflicts, viewerCompanyOf } from "./conflicts";
import { shiftDays, unavailableDay } from "../user-calendar/unavailable-on";
import { documentsToday } from "../documents/today";
import {
  bandCountOf,
  bandsOf,
  clashWindows,
  countOf,
  pageOf,
  skillHoldersUpTo,
  WALK_FROM_HOLDERS,
  WALK_FROM_HOLDERS_ON_SHIFTS,
  type BookableUser,
  type PageShape,
} from "./bookable-statements";

export type { BookableUser } from "./bookable-statements";

export const bookableUsersInput = pageInput(10).extend({
  skill: optionalId,
  /** Sorts workers with this skill (or a sub-skill) first without leaving the others out. */
  prefer_skill: optionalId,
  branches: idList,
  username: searchText,
  /** Shifts the booker is about to book on: each worker then carries its clashes with them. */
  shiftIds: idList,
});

/**
 * `walkFrom`: from how many holders a skill is walked by name instead of read from its holders;
 * by default WALK_FROM_HOLDERS, or WALK_FROM_HOLDERS_ON_SHIFTS when shifts are being booked (a
 * test reads the list both ways).
 */
export async function bookableUsers(
  ctx: Ctx,
  raw: unknown,
  walkFrom?: number,
): Promise<Page<BookableUser>> {
  requirePermission(ctx, "jobs_book_workers", "can_request_worker");
  const actor = requireUser(ctx);
  const q = parseInput(bookableUsersInput, raw);

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
  const walkFromHolders =
    walkFrom ?? (shifts.length ? WALK_FROM_HOLDERS_ON_SHIFTS : WALK_FROM_HOLDERS);

  const sortSkill = q.skill ?? q.prefer_skill;
  // A rare skill is read from its holders, a common one probed as the users are walked by name.
  const holders =
    sortSkill && walkFromHolders > 0
      ? Number((await skillHoldersUpTo(ctx.db, { skill: sortSkill, cap: walkFromHolders }))[0].n)
      : walkFromHolders;
  const days = shiftDays(shifts);
  const shape: PageShape = {
    skill: Boolean(q.skill),
    preferSkill: Boolean(sortSkill && !q.skill),
    skillJoin: Boolean(sortSkill) && holders < walkFromHolders,
    branches: Boolean(q.branches?.length),
    username: Boolean(q.username),
    targets: shifts.length,
    days: days.length > 0,
  };
  const filters = {
    skill: q.skill,
    branches: q.branches,
    pattern: q.username ? containsPattern(q.username.toLowerCase()) : undefined,
  };
  // Counted ten pages past this one, a floor beyond (total_capped: the pager says "110+").
  const window = countWindow(q.page, q.perPage);
  const values = {
    ...filters,
    sortSkill,
    today: documentsToday(ctx.now),
    shiftIds,
    days,
    ...clashWindows(shifts),
    cap: window + 1,
  };
  // The page from the order's bands in turn (see Band): most pages come from the first.
  const users: Awaited<ReturnType<ReturnType<typeof pageOf>>> = [];
  // Who may clash with the shifts: a free band's workers hold no place in any clash window
  // (its condition is findConflicts' windows in SQL), so theirs are not read again.
  const mayClash: number[] = [];
  let offset = offsetOf(q.page, q.perPage);
  const bands = bandsOf(shape);
  for (const [i, band] of bands.entries()) {
    // Only a band that may hold the page's first row counts the matches (users[0].total).
    const got = await pageOf({ ...shape, band, withTotal: users.length === 0 })(ctx.db, {
      ...values,
      limit: q.perPage - users.length,
      offset,
    });
    users.push(...got);
    if (band.busy !== false) mayClash.push(...got.map((u) => u.id));
    if (users.length === q.perPage || i === bands.length - 1) break;
    // This band ended on this page, or before it: the next starts where it ended.
    offset =
      got.length || !offset
        ? 0
        : offset -
          Number(
            (await bandCountOf({ ...shape, band })(ctx.db, { ...values, bandCap: offset }))[0].n,
          );
  }
  const ids = users.map((u) => u.id);
  if (!ids.length) {
    // Past the last page no row carries the count: only then is it a statement of its own.
    const total =
      q.page > 1
        ? Number(
            (
              await countOf({
                skill: shape.skill,
                skillJoin: shape.skillJoin,
                branches: shape.branches,
                username: shape.username,
              })(ctx.db, { ...filters, cap: window + 1 })
            )[0].n,
          )
        : 0;
    return { items: [], meta: cappedPageMeta(q.page, q.perPage, total, window) };
  }

  // A client contact sees how to reach only the workers already on its own company's jobs.
  const viewerCompany = viewerCompanyOf(actor);
  const [conflicts, onOwnJobs] = await sideBySide(
    ctx.db,
    () => findConflicts(ctx.db, mayClash, shifts),
    () =>
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
  );
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
    meta: cappedPageMeta(q.page, q.perPage, users[0].total ?? 0, window),
  };
}

export type BookableUsersQuery = z.input<typeof bookableUsersInput>;
