import { and, asc, eq, gte, inArray, notInArray } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { contentTypeOfKey, newFileKey } from "@/lib/files/keys";
import { discardFile, openFile, putFileStream, type OpenedFile } from "@/lib/files/storage";
import {
  DEFAULT_INSIGHTS_PRESET,
  INSIGHTS_PRESETS,
  presetPeriod,
} from "@/lib/domain/insights-view";
import { localDate } from "@/lib/domain/salary";
import type { Ctx } from "../context";
import { AGENCY_TIME_ZONE } from "../viewer-zone";
import { axisOf, type StatisticsFilter } from "./filter";
import { sweepInRounds } from "./sweep-rounds";
import type { Statistics } from "./types";

/**
 * Answers of the standard periods, computed in the background (issue 27). The per-worker charts
 * add up every filled place of their range (211,044 places of 25,039 workers a year at scale)
 * and no roll-up makes an arbitrary range cheap (README, "Per-worker statistics"); the client
 * charts price or count a year of every client (~5,600 month rows of 505 clients). So for the
 * periods /insights offers (its presets: this month, last month, this quarter, the last 12
 * months) without a company or branch filter, the background round stores each chart's answer,
 * computed by the very function the live path runs, and the workers download of the default
 * period (answers-round.ts); a call whose filter is exactly such a period reads it while
 * fresh, any other call computes live.
 */

const answers = schema.statisticsAnswers;

/**
 * How old a stored answer may be and still be answered: a booking or report shows on the chart
 * within this time. Above the refresh age so that a round delayed by other background work
 * (each roll-up sweep may take up to 5 s) or a restarting instance does not send the default
 * period back to the live computation.
 */
export const STANDARD_ANSWER_MAX_AGE_MS = 5 * 60_000;

/**
 * An answer older than this is recomputed by the next round: at scale a round of all eight
 * answers costs a few seconds of one core, so every two minutes keeps that to a few percent.
 */
export const STANDARD_ANSWER_REFRESH_MS = 2 * 60_000;

export type StandardChart =
  "jobs-by-worker" | "hours-by-worker" | "jobs-per-client" | "client-revenue" | "client-margins";

/** The live computation of a chart for a filter already scoped (the verb's own). */
export type ChartOf = (ctx: Ctx, filter: StatisticsFilter) => Promise<Statistics>;

/**
 * The standard periods at `now` (the agency's local date, as /insights resolves its presets),
 * the default first: the round fills the period most screens open with before the others.
 */
export function standardFilters(now: Date): StatisticsFilter[] {
  const today = localDate(now, AGENCY_TIME_ZONE);
  const presets = [
    DEFAULT_INSIGHTS_PRESET,
    ...INSIGHTS_PRESETS.map((p) => p.value).filter(
      (p) => p !== "custom" && p !== DEFAULT_INSIGHTS_PRESET,
    ),
  ] as Exclude<(typeof INSIGHTS_PRESETS)[number]["value"], "custom">[];
  const periods = new Map<string, StatisticsFilter>();
  for (const preset of presets) {
    const { from, to } = presetPeriod(preset, today);
    periods.set(`${from}:${to}`, {
      start: from,
      end: to,
      ...axisOf(from, to),
      companyId: null,
      branchIds: null,
    });
  }
  return [...periods.values()];
}

/** A stored value's key: what (a chart, the download and its variant) and the period. */
export const keyOf = (what: string, f: StatisticsFilter) =>
  `${what}:${f.start}:${f.end}:${f.grain}`;

/**
 * The key of a call's effective filter among `periods` (the standard ones at the call's time),
 * or null: a company or branch filter, or another range.
 */
function storedKey(what: string, f: StatisticsFilter, periods: StatisticsFilter[]): string | null {
  if (f.companyId !== null || f.branchIds !== null) return null;
  return periods.some((s) => s.start === f.start && s.end === f.end) ? keyOf(what, f) : null;
}

/** Not older than STANDARD_ANSWER_MAX_AGE_MS at the call's time. */
const fresh = (ctx: Ctx) =>
  gte(answers.computedAt, new Date(ctx.now.getTime() - STANDARD_ANSWER_MAX_AGE_MS));

/**
 * A call's answer: the stored one (with `as_of`, when it was computed) when the filter is a
 * standard period and the answer is at most STANDARD_ANSWER_MAX_AGE_MS old (one read by key),
 * else `live`. `filter` is the scoped one (a client contact's always has its company: live).
 */
export async function standardOrLive(
  ctx: Ctx,
  chart: StandardChart,
  filter: StatisticsFilter,
  live: ChartOf,
): Promise<Statistics> {
  const key = storedKey(chart, filter, standardFilters(ctx.now));
  if (key) {
    const [row] = await ctx.db
      .select({ answer: answers.answer, computedAt: answers.computedAt })
      .from(answers)
      .where(and(eq(answers.key, key), fresh(ctx)));
    if (row?.answer) return { ...(row.answer as Statistics), as_of: row.computedAt.toISOString() };
  }
  return live(ctx, filter);
}

/**
 * A stored file of the default period (the workers download, `what` naming its variant) when
 * the call's effective filter is exactly that period and the file is fresh (one read by key),
 * opened from the files port as a stream; else null, and the caller builds it live — also when
 * the file is gone (a round replaced it between the read and the open, or another instance's
 * local folder holds it).
 */
export async function storedDefaultFile(
  ctx: Ctx,
  what: string,
  filter: StatisticsFilter,
): Promise<(OpenedFile & { computedAt: Date }) | null> {
  const key = storedKey(what, filter, standardFilters(ctx.now).slice(0, 1));
  if (!key) return null;
  const [row] = await ctx.db
    .select({ fileKey: answers.fileKey, computedAt: answers.computedAt })
    .from(answers)
    .where(and(eq(answers.key, key), fresh(ctx)));
  const file = row?.fileKey ? await openFile(row.fileKey) : null;
  return file && { ...file, computedAt: row.computedAt };
}

/** What the round keeps and how each is computed: a chart's answer or a file, streamed. */
export type StoredValue =
  { answer: Statistics } | { file: ReadableStream<Uint8Array>; ext: "xlsx" };
export type StoredItems = (now: Date) => Map<string, (ctx: Ctx) => Promise<StoredValue>>;

/** The charts' answers for every standard period at `now`, computed by `charts`. */
export function chartItems(charts: Record<StandardChart, ChartOf>): StoredItems {
  return (now) => {
    const items = new Map<string, (ctx: Ctx) => Promise<StoredValue>>();
    for (const filter of standardFilters(now))
      for (const chart of Object.keys(charts) as StandardChart[])
        items.set(keyOf(chart, filter), async (ctx) => ({
          answer: await charts[chart](ctx, filter),
        }));
    return items;
  };
}

/**
 * The background round: each item of `items` (its keys at the round's time) missing or older
 * than STANDARD_ANSWER_REFRESH_MS recomputed by its function (the live code) and written in one
 * statement, one item a transaction under an advisory lock (another instance holding it skips
 * the round), missing ones first then the oldest, until none is due or `budgetMs` is spent;
 * stored values no longer among the items (last month's "this month") are deleted. Answers how
 * many it recomputed.
 */
export async function sweepStoredAnswers(
  db: Db,
  items: StoredItems,
  { budgetMs = Infinity, now }: { budgetMs?: number; now?: Date } = {},
): Promise<{ answers: number; done: boolean }> {
  // A round's files (lib/files/storage.ts commitFileChange, across the sweep's transactions):
  // the new file is stored before its row is written; once the round's transaction has
  // committed (sweepInRounds' afterCommit) the files it let go are removed; if it failed, its
  // new file is. Only a round not yet committed is in `round`: an error in the next round's
  // lock statement must not take the committed round's file from its row.
  let round: { written: string | null; released: string[] } | null = null;
  const committed = async () => {
    const done = round;
    round = null;
    await Promise.all((done?.released ?? []).map(discardFile));
  };
  try {
    const { dates, done } = await sweepInRounds(
      db,
      "statistics answers",
      "statistics_answers",
      async (tx, _batch, ctx) => {
        const current: { written: string | null; released: string[] } = {
          written: null,
          released: [],
        };
        round = current;
        const wanted = items(ctx.now);
        const keys = [...wanted.keys()];
        const gone = await tx
          .delete(answers)
          .where(notInArray(answers.key, keys))
          .returning({ fileKey: answers.fileKey });
        current.released.push(...gone.flatMap((g) => (g.fileKey ? [g.fileKey] : [])));
        const stored = await tx
          .select({ key: answers.key, computedAt: answers.computedAt, fileKey: answers.fileKey })
          .from(answers)
          .where(inArray(answers.key, keys))
          .orderBy(asc(answers.computedAt));
        const dueBefore = ctx.now.getTime() - STANDARD_ANSWER_REFRESH_MS;
        const due =
          keys.find((k) => !stored.some((s) => s.key === k)) ??
          stored.find((s) => s.computedAt.getTime() <= dueBefore)?.key;
        if (due === undefined) return 0;
        const computed = await wanted.get(due)!(ctx);
        let value: { answer: Statistics | null; fileKey: string | null };
        if ("file" in computed) {
          const fileKey = newFileKey("statistics", computed.ext);
          current.written = fileKey;
          await putFileStream(fileKey, computed.file, contentTypeOfKey(fileKey));
          value = { answer: null, fileKey };
        } else value = { answer: computed.answer, fileKey: null };
        const old = stored.find((s) => s.key === due)?.fileKey;
        if (old) current.released.push(old);
        await tx
          .insert(answers)
          .values({ key: due, computedAt: ctx.now, ...value })
          .onConflictDoUpdate({ target: answers.key, set: { computedAt: ctx.now, ...value } });
        return 1;
      },
      { batch: 1, budgetMs, now, afterCommit: committed },
    );
    return { answers: dates, done };
  } catch (err) {
    const failed = round as { written: string | null } | null;
    if (failed?.written) await discardFile(failed.written);
    throw err;
  }
}
