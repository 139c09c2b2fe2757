import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  or,
  sql,
  type SQLWrapper,
  type Subquery,
} from "drizzle-orm";
import { z } from "zod";
import { schema, sideBySide } from "@/db";
import { decimalHours } from "@/lib/domain/earnings";
import { lineMinutes, totalsByCurrency, wholeMonthOf } from "@/lib/domain/salary";
import { requirePermission, type Ctx } from "../context";
import { containsPattern } from "../like";
import { pageAndCount } from "../count-from-page";
import { CURSOR_START, decodeCursor, encodeCursor, cursorPageMeta, keysetWindow } from "../cursor";
import { cappedPageMeta, countWindow, offsetOf, type Page } from "../pagination";
import { parseInput } from "../validate";
import { salaryOverviewInput } from "./schemas";
import { inPeriod, place, withLabels } from "./read";

const sl = schema.salaryLines;
const smw = schema.salaryMonthWorkers;
const u = schema.users;

/**
 * The salary overview's deepest offset (by name) that probes the period's lines per user walked;
 * further down one hash of the period's workers is cheaper (EXPLAIN ANALYZE at full scale: a
 * probe ~3 µs a user, about two users walked per worker; the hash ~3 ms).
 */
const NEAR_THE_TOP = 300;

/**
 * The overview by cursor (lib/services/cursor.ts): by name the last row's lower(name) and id;
 * by hours its minutes first.
 */
const OVERVIEW_LIST = "salary-overview";
const nameKey = z.tuple([z.string().max(300), z.number().int().positive()]);
const hoursKey = z.tuple([
  z.number().int().min(0),
  z.string().max(300),
  z.number().int().positive(),
]);

/** A worker's lines of the period in one currency, added up. */
interface CurrencySums {
  currencyCode: string;
  amount: number;
  standardMinutes: number;
  weekendMinutes: number;
  nightMinutes: number;
  lines: number;
  drafts: number;
}

export interface SalaryOverviewRow {
  user_id: number;
  name: string;
  minutes: number;
  hours: number;
  lines: number;
  /** Gross per currency (never added across currencies). */
  gross: { currency_code: string; amount: number; minutes: number; hours: number; label: string }[];
  /** "draft" while any line of the period is unpaid, "paid" once all are. */
  status: "draft" | "paid";
}

/**
 * GET salary [salary_access]: the workers with salary lines in the period (the run's or
 * jobs/salaries' lines over approved hours), with hours, gross per currency and status;
 * filter[from], filter[to] (required), filter[branch_id], filter[country_id], filter[search]
 * (name or e-mail); sort name (case-insensitive, ties by id) | hours (then by name); a leading
 * "-" for descending; 10 a page; `cursor` for keyset pages (lib/services/cursor.ts), every sort.
 * Two queries whatever the page holds: the count, the page's workers with their figures.
 */
export async function salaryOverview(ctx: Ctx, raw: unknown): Promise<Page<SalaryOverviewRow>> {
  requirePermission(ctx, "salary_access");
  const input = parseInput(salaryOverviewInput, raw ?? {});
  const f = input.filter;
  const lines = and(inPeriod(f.from, f.to), place(f));
  const matches = f.search
    ? or(ilike(u.name, containsPattern(f.search)), ilike(u.email, containsPattern(f.search)))
    : undefined;
  // The period's lines of the workers the search matches (users is checked per worker only
  // with a search).
  const workerLines = and(
    lines,
    matches
      ? sql`exists (select 1 from ${u} where ${u.id} = ${sl.userId} and ${matches})`
      : undefined,
  );
  // The workers of the period with their minutes (the hours sort).
  const perWorker = () =>
    ctx.db
      .select({
        userId: sql<number>`${sl.userId}`.as("worker_id"),
        minutes:
          sql<number>`sum(${sl.standardMinutes} + ${sl.weekendMinutes} + ${sl.nightMinutes})`.as(
            "worker_minutes",
          ),
      })
      .from(sl)
      .where(workerLines)
      .groupBy(sl.userId)
      .as("per_worker");
  const descending = input.sort.startsWith("-");
  const dir = descending ? desc : asc;
  const byHours = input.sort.replace("-", "") === "hours";
  // The cursor is bound to the sort and every filter: from another, 400.
  const order = { sort: input.sort, ...f };
  const key =
    input.cursor && input.cursor !== CURSOR_START
      ? byHours
        ? decodeCursor(OVERVIEW_LIST, order, input.cursor, hoursKey)
        : decodeCursor(OVERVIEW_LIST, order, input.cursor, nameKey)
      : null;
  // After a cursor the page is read from its key, without an OFFSET.
  const offset = key ? 0 : offsetOf(input.page, input.perPage);
  // The rows after (name key, id) in the page's order: the name either way, ties by id
  // ascending. Descending is written as a bound on the name and a filter, so the index walk
  // starts at the key.
  const afterName = (name: SQLWrapper, id: SQLWrapper) => {
    if (!key) return undefined;
    const [k, last] = key.slice(-2) as [string, number];
    return descending
      ? sql`${name} <= ${k} and (${name} < ${k} or ${id} > ${last})`
      : sql`(${name}, ${id}) > (${k}, ${last})`;
  };
  const nameOf = sql<string>`lower(${u.name})`;
  // The page's sort key, for its next cursor (the name paths have no minutes in their key).
  const nameKeyOf = sql<string>`lower(${u.name})`.as("name_key");
  const noMinutes = sql<number>`0`.as("key_minutes");
  // A whole month by name with neither place nor search (the screen's "last month" and "this
  // month"): its workers are the month's rows of salary_month_workers, walked index-only in
  // (month, lower(name), id) order to the page and counted from the same index, whatever the
  // offset. Any other period, a place or a search reads the lines as below.
  const month =
    !byHours && !f.search && !f.branch_id && !f.country_id ? wholeMonthOf(f.from, f.to) : null;
  const pageOf = (limit = input.perPage) => {
    if (month) {
      return ctx.db
        .select({ user_id: u.id, name: u.name, name_key: nameKeyOf, minutes: noMinutes })
        .from(u)
        .where(
          inArray(
            u.id,
            ctx.db
              .select({ userId: smw.userId })
              .from(smw)
              .where(and(eq(smw.month, month), afterName(smw.nameKey, smw.userId)))
              .orderBy(dir(smw.nameKey), asc(smw.userId))
              .limit(limit)
              .offset(offset),
          ),
        )
        .orderBy(dir(sql`lower(${u.name})`), asc(u.id));
    }
    if (byHours) {
      const w = perWorker();
      const after = key
        ? descending
          ? sql`${w.minutes} <= ${key[0]} and (${w.minutes} < ${key[0]} or (${nameOf}, ${u.id}) > (${key[1]}, ${key[2]}))`
          : sql`(${w.minutes}, ${nameOf}, ${u.id}) > (${key[0]}, ${key[1]}, ${key[2]})`
        : undefined;
      return ctx.db
        .select({
          user_id: w.userId,
          name: u.name,
          name_key: nameKeyOf,
          minutes: sql<number>`${w.minutes}`.mapWith(Number).as("key_minutes"),
        })
        .from(w)
        .innerJoin(u, eq(u.id, w.userId))
        .where(after)
        .orderBy(dir(w.minutes), asc(sql`lower(${u.name})`), asc(u.id))
        .limit(limit)
        .offset(offset);
    }
    // By name (case-insensitive, ties by id, as the user list): users are walked in the order
    // of users_name_lower_idx (index-only) and each is asked whether it has a line of the
    // period. Near the top the question is a probe of the worker/date index per user: page 1
    // reads a few dozen. Past NEAR_THE_TOP it is one hash of the period's workers, built once
    // (~3 ms for a month at scale) and looked up per user: a deep page (offset 10,000: ~22,000
    // users passed) costs 5 ms instead of a probe per user or hashing and sorting every user
    // (25 ms, issue 27). `… in (…) is true` keeps PostgreSQL from turning the test into a
    // join, which loses the index's order. (An index on (name, id) would do the same for
    // case-sensitive order, but PostgreSQL then walks it for bookable-users too: 3× slower.)
    // After a cursor the walk starts at its key: a page's worth of probes, as near the top.
    const hasLine =
      key || offset <= NEAR_THE_TOP
        ? sql`exists (select 1 from ${sl} where ${sl.userId} = ${u.id} and ${lines})`
        : sql`(${u.id} in (select ${sl.userId} from ${sl} where ${lines})) is true`;
    return ctx.db
      .select({ user_id: u.id, name: u.name, name_key: nameKeyOf, minutes: noMinutes })
      .from(u)
      .where(and(hasLine, matches, afterName(nameOf, u.id)))
      .orderBy(dir(sql`lower(${u.name})`), asc(u.id))
      .limit(limit)
      .offset(offset);
  };
  // The workers are counted ten pages past this one only (countWindow), a floor beyond
  // (total_capped: the pager says "110+"): a month at scale has ~11,000 workers, and grouping
  // every line of the period by worker cost more than the page. Up to the window, the distinct
  // workers are read in worker order from the worker/date index and the scan stops there.
  const window = countWindow(input.page, input.perPage);
  const counted = ctx.db
    .selectDistinct({ userId: sl.userId })
    .from(sl)
    .where(workerLines)
    .limit(window + 1)
    .as("counted");
  // The page's figures ride on the page's own statement: each row's lines of the period per
  // currency, read for the page's rows alone (an outer select over the page: a column of the
  // page itself would be worked out for every row a deep page skips). A read of their own, they
  // were a third statement, after the page, on every call.
  const withSums = (limit = input.perPage) => {
    const page = pageOf(limit).as("page");
    return ctx.db
      .select({
        user_id: page.user_id,
        name: page.name,
        name_key: page.name_key,
        minutes: page.minutes,
        // Nested in a sql of its own: drizzle writes a single-table select's own columns bare,
        // and bare, "user_id" = "id" here would read the lines' own ids.
        sums: sql<CurrencySums[] | string | null>`${sql`(select json_agg(json_build_object(
          'currencyCode', t.currency_code, 'amount', t.amount, 'standardMinutes', t.standard,
          'weekendMinutes', t.weekend, 'nightMinutes', t.night, 'lines', t.lines, 'drafts', t.drafts))
          from (
            select ${sl.currencyCode} as currency_code, sum(${sl.amount})::bigint as amount,
              sum(${sl.standardMinutes})::int as standard, sum(${sl.weekendMinutes})::int as weekend,
              sum(${sl.nightMinutes})::int as night, count(*)::int as lines,
              (count(*) filter (where ${sl.status} = 'draft'))::int as drafts
            from ${sl} where ${sl.userId} = ${page.user_id} and ${lines}
            group by ${sl.currencyCode}
          ) t)`}`,
      })
      .from(page)
      .orderBy(
        byHours ? dir(page.minutes) : dir(page.name_key),
        ...(byHours ? [asc(page.name_key)] : []),
        asc(page.user_id),
      );
  };
  const countOf = (sub: Subquery) =>
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(sub)
      .then(([{ total }]) => total);
  // The month's rows at and after the worker `id` in the page's order (name, ties by id).
  const fromWorker = (id: number) => {
    const key = sql`(select k.name_key from ${smw} k where k.month = ${month} and k.user_id = ${id})`;
    return input.sort.startsWith("-")
      ? sql`${smw.nameKey} <= ${key} and (${smw.nameKey} < ${key} or ${smw.userId} >= ${id})`
      : sql`(${smw.nameKey}, ${smw.userId}) >= (${key}, ${id})`;
  };
  // After a cursor: the count from its key to a keyset window, beside the page.
  const countAfterKey = () =>
    countOf(
      month
        ? ctx.db
            .select({ userId: smw.userId })
            .from(smw)
            .where(and(eq(smw.month, month), afterName(smw.nameKey, smw.userId)))
            // In the page's order: the count follows the month's index from the key and stops.
            .orderBy(smw.nameKey, smw.userId)
            .limit(keysetWindow(input.perPage) + 1)
            .as("counted")
        : pageOf(keysetWindow(input.perPage) + 1).as("counted"),
    );
  const { rows: page, counted: total } = key
    ? await sideBySide(ctx.db, countAfterKey, () => withSums()).then(([counted, rows]) => ({
        rows,
        counted,
      }))
    : month
      ? // A deep page of the month counts from its first worker (pageAndCount).
        await pageAndCount(ctx.db, offset, window, withSums, (first, limit) =>
          countOf(
            ctx.db
              .select({ userId: smw.userId })
              .from(smw)
              .where(and(eq(smw.month, month), first ? fromWorker(first.user_id) : undefined))
              .limit(limit)
              .as("counted"),
          ),
        )
      : await sideBySide(
          ctx.db,
          () => countOf(counted),
          () => withSums(),
        ).then(([counted, rows]) => ({ rows, counted }));

  return {
    items: page.map((p) => {
      const own = (
        typeof p.sums === "string" ? JSON.parse(p.sums) : (p.sums ?? [])
      ) as CurrencySums[];
      const minutes = own.reduce((n, s) => n + lineMinutes(s), 0);
      return {
        user_id: p.user_id,
        name: p.name,
        minutes,
        hours: decimalHours(minutes),
        lines: own.reduce((n, s) => n + s.lines, 0),
        gross: totalsByCurrency(own).map(withLabels),
        status: own.some((s) => s.drafts > 0) ? "draft" : "paid",
      };
    }),
    meta: cursorPageMeta({
      rows: page,
      page: input.page,
      perPage: input.perPage,
      counted: total,
      keyset: Boolean(key),
      cursor: input.cursor,
      offsetMeta: cappedPageMeta(input.page, input.perPage, total, window),
      keyOf: (p) => (byHours ? [p.minutes, p.name_key, p.user_id] : [p.name_key, p.user_id]),
      encode: (k) => encodeCursor(OVERVIEW_LIST, order, k),
    }),
  };
}
