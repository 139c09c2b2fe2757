import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { schema, sideBySide } from "@/db";
import {
  activityLines,
  activitySubjectLink,
  type ActivityLine,
  type ActivityLink,
} from "@/lib/domain/activity";
import {
  activitySentence,
  activityTypeLabel,
  type ActivityPart,
} from "@/lib/domain/activity-words";
import { parseDate } from "@/lib/domain/format";
import { addDays, fromLocal } from "@/lib/domain/time";
import { requirePermission, requireUser, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { pageAndCount } from "../count-from-page";
import {
  CURSOR_START,
  cursorInput,
  decodeCursor,
  encodeCursor,
  cursorPageMeta,
  keysetWindow,
  newestFirstAfter,
  newestFirstKey,
} from "../cursor";
import { cappedPageMeta, countWindow, offsetOf, pageInput, type Page } from "../pagination";
import { flag, optionalId } from "../params";
import { profileAccess } from "../users/access";
import { parseInput } from "../validate";
import { viewerTimeZone } from "../viewer-zone";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const day = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .refine((v) => parseDate(v) !== null, "Use a real date as DD/MM/YYYY.")
    .optional(),
);

/** GET activity-log: perPage 20 (spec §9), filter[log_name], filter[causer_id], a day range. */
export const activityLogInput = pageInput(20).extend({
  /** `types=true` answers the list of log names instead of rows. */
  types: flag,
  filter: z
    .object({
      log_name: z.preprocess(blank, z.string().trim().max(100).optional()),
      causer_id: optionalId,
      from: day,
      to: day,
    })
    .optional()
    .default({}),
  /** Keyset pages (lib/services/cursor.ts), newest first. */
  cursor: cursorInput,
});

/** GET activities/{userId}: perPage 15 (spec §9). */
export const userActivitiesInput = pageInput(15).extend({
  /** Keyset pages (lib/services/cursor.ts), bound to the user whose tab it is. */
  cursor: cursorInput,
});

/** One row as the log and the profile tab show it: never the raw properties (secrets). */
export interface ActivityRow {
  id: number;
  log_name: string;
  /** The log name in words ("On-call", "Reported hours"). */
  log_label: string;
  description: string;
  /** What the causer did, naming the subject: "deactivated ", {link: Petra Planner}. */
  sentence: ActivityPart[];
  subject_type: string | null;
  subject_id: number | null;
  /** Where "on which record" leads, or null when the record has no page. */
  subject: ActivityLink | null;
  causer: { id: number; name: string } | null;
  created_at: string;
  /** What changed (before → after) and the facts the verb recorded. */
  changes: ActivityLine[];
}

export interface ActivityPage extends Page<ActivityRow> {
  /** The viewer's zone: the screens show `created_at` and the dates in `changes` in it. */
  time_zone: string;
}

const log = schema.activityLog;
/** GET activity-log by cursor: newest first (newestFirstKey), bound to the filters. */
const ACTIVITY_LIST = "activity-log";

/**
 * The record a subject lives under, looked up in the rows' own query (one statement a page,
 * never one per row): the job of an application, the owner of a document.
 */
const parentOfSubject = sql<number | null>`case ${log.subjectType}
  when 'applications' then (select s.job_id from applications a join shifts s on s.id = a.shift_id
    where a.id = ${log.subjectId})
  when 'documents' then (select d.user_id from documents d where d.id = ${log.subjectId})
  else null end`;

/**
 * What the record is called (the job's name, the person's, the document's type), in the same
 * statement, so a row reads "Summer gala" rather than "Job #38". Null when it is gone.
 */
const nameOfSubject = sql<string | null>`case ${log.subjectType}
  when 'jobs' then (select j.name from jobs j where j.id = ${log.subjectId})
  when 'users' then (select u.name from users u where u.id = ${log.subjectId})
  when 'applications' then (select j.name from applications a join shifts s on s.id = a.shift_id
    join jobs j on j.id = s.job_id where a.id = ${log.subjectId})
  when 'venues' then (select v.name from venues v where v.id = ${log.subjectId})
  when 'documents' then (select t.name from documents d
    join document_types t on t.id = d.document_type_id where d.id = ${log.subjectId})
  when 'document_types' then (select t.name from document_types t where t.id = ${log.subjectId})
  when 'job_templates' then (select t.name from job_templates t where t.id = ${log.subjectId})
  when 'dresscodes' then (select c.name from dress_codes c where c.id = ${log.subjectId})
  when 'companies' then (select c.name from companies c where c.id = ${log.subjectId})
  else null end`;

async function activityPage(
  ctx: Ctx,
  timeZone: string,
  where: SQL | undefined,
  page: number,
  perPage: number,
  /** The call's `cursor` and what a cursor is bound to (the log's filters, the tab's user). */
  byCursor?: { cursor: string | undefined; order: unknown },
): Promise<ActivityPage> {
  const key =
    byCursor?.cursor && byCursor.cursor !== CURSOR_START
      ? decodeCursor(ACTIVITY_LIST, byCursor.order, byCursor.cursor, newestFirstKey)
      : null;
  const after = key ? newestFirstAfter(log.createdAt, log.id, key) : undefined;
  // The page's ids first (an index walk of created_at), then their columns: the subject
  // subselects run for the page's rows only, never for the rows a deep page skips. After a
  // cursor the walk starts at its key.
  const pageIds = ctx.db
    .select({ id: log.id })
    .from(log)
    .where(and(where, after))
    .orderBy(desc(log.createdAt), desc(log.id))
    .limit(perPage)
    .offset(key ? 0 : offsetOf(page, perPage));
  const readPage = () =>
    ctx.db
      .select({
        id: log.id,
        logName: log.logName,
        description: log.description,
        subjectType: log.subjectType,
        subjectId: log.subjectId,
        properties: log.properties,
        createdAt: log.createdAt,
        createdAtKey: sql<string>`${log.createdAt}::text`,
        causerId: log.causerId,
        causerName: schema.users.name,
        parentId: parentOfSubject,
        subjectName: nameOfSubject,
      })
      .from(log)
      .leftJoin(schema.users, eq(schema.users.id, log.causerId))
      .where(inArray(log.id, pageIds))
      .orderBy(desc(log.createdAt), desc(log.id));
  // In the list's order: the walk then follows its index from the bound and stops at the limit.
  // Unordered, a bound half the log lies past was estimated to match half the rows and read by a
  // sequential scan until the limit was met (the cursor line at full scale, session 15).
  const countUpTo = async (bound: SQL | undefined, limit: number) => {
    const [{ total }] = await ctx.db.select({ total: count() }).from(
      ctx.db
        .select({ one: sql`1` })
        .from(log)
        .where(and(where, bound))
        .orderBy(desc(log.createdAt), desc(log.id))
        .limit(limit)
        .as("capped"),
    );
    return total;
  };
  // Counted ten pages past this one (countWindow), a floor beyond ("of 220+"): the log grows by
  // every change ever made, and at a million rows a count to COUNT_CAP walked 10,101 index
  // entries for a page of 20 (16 ms against 4 on the demo data). A deep page is counted from
  // its first row (pageAndCount).
  const window = countWindow(page, perPage);
  // After a cursor: counted from its key to a keyset window, beside the page.
  const { rows, counted } = key
    ? await sideBySide(ctx.db, () => countUpTo(after, keysetWindow(perPage) + 1), readPage).then(
        ([n, r]) => ({ rows: r, counted: n }),
      )
    : await pageAndCount(ctx.db, offsetOf(page, perPage), window, readPage, (first, limit) =>
        // Newest first: the first row and every row after it (created_at and id read in SQL,
        // at their full precision).
        countUpTo(
          first
            ? sql`(${log.createdAt}, ${log.id}) <= (select f.created_at, f.id from ${log} f where f.id = ${first.id})`
            : undefined,
          limit,
        ),
      );
  const items = rows.map((r): ActivityRow => {
    const subject = activitySubjectLink({
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      parentId: r.parentId === null ? null : Number(r.parentId),
      causerId: r.causerId,
      name: r.subjectName,
    });
    return {
      id: Number(r.id),
      log_name: r.logName,
      log_label: activityTypeLabel(r.logName),
      description: r.description,
      sentence: activitySentence({
        description: r.description,
        causerId: r.causerId,
        causerName: r.causerName,
        subjectType: r.subjectType,
        subjectId: r.subjectId,
        subjectName: r.subjectName,
        link: subject,
      }),
      subject_type: r.subjectType,
      subject_id: r.subjectId,
      subject,
      causer: r.causerId && r.causerName ? { id: r.causerId, name: r.causerName } : null,
      created_at: new Date(r.createdAt).toISOString(),
      changes: activityLines(r.properties, timeZone),
    };
  });
  const total = Number(counted);
  const meta = cursorPageMeta({
    rows,
    page,
    perPage,
    counted: total,
    keyset: Boolean(key),
    cursor: byCursor?.cursor,
    offsetMeta: cappedPageMeta(page, perPage, total, window),
    keyOf: (r) => [r.createdAtKey, Number(r.id)],
    encode: (k) => encodeCursor(ACTIVITY_LIST, byCursor?.order, k),
  });
  return { items, meta, time_zone: timeZone };
}

/** The instant a DD/MM/YYYY day starts in `timeZone` (the day after, for an end bound). */
function dayStart(value: string, timeZone: string, nextDay = false): Date {
  let d = parseDate(value)!;
  if (nextDay) d = addDays(d, 1);
  return fromLocal({ ...d, hour: 0, minute: 0 }, timeZone);
}

/**
 * GET activity-log [can_view_all_activities]: everyone's activity, newest first, 20 a page;
 * filter by log name, causer and a day range (days in the viewer's zone). Three queries a
 * page: the viewer's zone, then the count and the rows (with causer and subject links).
 */
export async function listActivityLog(ctx: Ctx, raw: unknown): Promise<ActivityPage> {
  requireUser(ctx);
  requirePermission(ctx, "can_view_all_activities");
  const input = parseInput(activityLogInput, raw ?? {});
  const f = input.filter;
  const timeZone = await viewerTimeZone(ctx);
  const from = f.from ? dayStart(f.from, timeZone) : undefined;
  const to = f.to ? dayStart(f.to, timeZone, true) : undefined;
  if (from && to && from >= to) {
    const message = "The end date must not be before the start date.";
    throw new ValidationError(message, { "filter.to": [message] });
  }
  const where = and(
    f.log_name ? eq(log.logName, f.log_name) : undefined,
    f.causer_id ? eq(log.causerId, f.causer_id) : undefined,
    from ? gte(log.createdAt, from) : undefined,
    to ? lt(log.createdAt, to) : undefined,
  );
  return activityPage(ctx, timeZone, where, input.page, input.perPage, {
    cursor: input.cursor,
    order: f,
  });
}

/** GET activity-log?types=true: the log names in use, A to Z (the filter's choices). */
export async function activityTypes(ctx: Ctx): Promise<string[]> {
  requireUser(ctx);
  requirePermission(ctx, "can_view_all_activities");
  const rows = await ctx.db
    .selectDistinct({ name: log.logName })
    .from(log)
    .orderBy(asc(log.logName));
  return rows.map((r) => r.name);
}

/**
 * GET activities/{userId} [view_user_activity]: one user's activities, 15 a page: what the
 * user did, and what was done to the user (subject users/{id}). Who may look is the profile
 * tab's rule (lib/domain/profile-tabs.ts); anyone else gets 404, never 403.
 */
export async function listUserActivities(
  ctx: Ctx,
  rawUserId: unknown,
  raw: unknown,
): Promise<ActivityPage> {
  const { subject } = await profileAccess(ctx, rawUserId, { tab: "user-activities" });
  const input = parseInput(userActivitiesInput, raw ?? {});
  const where = or(
    eq(log.causerId, subject.id),
    and(eq(log.subjectType, "users"), eq(log.subjectId, subject.id)),
  );
  return activityPage(ctx, await viewerTimeZone(ctx), where, input.page, input.perPage, {
    cursor: input.cursor,
    // A cursor of one user's tab is refused on another's (and on the activity log).
    order: { user_activities: subject.id },
  });
}
