import "server-only";
import { requestCtx } from "@/lib/auth/session";
import {
  DEFAULT_INSIGHTS_PRESET,
  insightsView,
  presetPeriod,
  type InsightsView,
} from "@/lib/domain/insights-view";
import { localDate, periodLabel } from "@/lib/domain/salary";
import { toErrorBody } from "@/lib/http/errors";
import { pageError } from "@/lib/http/page";
import { formatTime } from "@/lib/domain/format";
import type { Ctx } from "@/lib/services/context";
import type { Statistics } from "@/lib/services/statistics/types";
import { AGENCY_TIME_ZONE, viewerTimeZone } from "@/lib/services/viewer-zone";

export type Search = Record<string, string | string[] | undefined>;

/** The filters of a view as the statistics verbs take them (spec §7 Statistics). */
export function verbInput(v: InsightsView) {
  return {
    start: v.from,
    end: v.to,
    ...(v.branchId !== null && { branch: v.branchId }),
    ...(v.clientId !== null && { filter: { company_id: v.clientId } }),
  };
}

/** The same filters as the query of a statistics REST call (the workers download). */
export function restQuery(v: InsightsView): URLSearchParams {
  const q = new URLSearchParams({ start: v.from, end: v.to });
  if (v.branchId !== null) q.set("branch", String(v.branchId));
  if (v.clientId !== null) q.set("filter[company_id]", String(v.clientId));
  return q;
}

type Loaders<T> = { [K in keyof T]: (ctx: Ctx, raw: unknown) => Promise<T[K]> };

/**
 * The signed-in ctx, the view of the query and the figures of every loader. A filter the verbs
 * refuse (a client out of the user's view, a period they do not take) is not an error screen:
 * the page shows the last 12 months unfiltered and says why. A refusal of the verb itself (no
 * permission) is the usual page answer.
 */
export async function insightsPage<T extends Record<string, unknown>>(
  searchParams: Promise<Search>,
  loaders: Loaders<T>,
): Promise<{ ctx: Ctx; view: InsightsView; data: T }> {
  const [sp, ctx] = await Promise.all([searchParams, requestCtx()]);
  const today = localDate(ctx.now, AGENCY_TIME_ZONE);
  const view = insightsView(sp, today);
  const run = async (v: InsightsView) => {
    const input = verbInput(v);
    const keys = Object.keys(loaders) as (keyof T)[];
    const values = await Promise.all(keys.map((k) => loaders[k](ctx, input)));
    return Object.fromEntries(keys.map((k, i) => [k, values[i]])) as T;
  };
  try {
    return { ctx, view, data: await run(view) };
  } catch (err) {
    const { status, message } = toErrorBody(err);
    if (status !== 400 && status !== 404 && status !== 422) return pageError(err);
    const period = presetPeriod(DEFAULT_INSIGHTS_PRESET, today);
    const fallback: InsightsView = {
      preset: DEFAULT_INSIGHTS_PRESET,
      ...period,
      label: periodLabel(period.from, period.to),
      branchId: null,
      clientId: null,
      notices: [...view.notices, `${message} Showing the last 12 months for everything.`],
    };
    try {
      return { ctx, view: fallback, data: await run(fallback) };
    } catch (again) {
      return pageError(again);
    }
  }
}

/**
 * "as of" of answers stored by the background round (standard periods: `as_of`), as HH:MM in
 * the viewer's zone; undefined when every answer given was computed for the call. Several
 * answers on one card (the top workers) are as old as the oldest of them.
 */
export async function asOfTimes(ctx: Ctx, answers: Statistics[]) {
  const zone = answers.some((s) => s.as_of) ? await viewerTimeZone(ctx) : null;
  return (...of: Statistics[]) => {
    const oldest = of
      .map((s) => s.as_of)
      .filter((t) => t !== undefined)
      .sort()[0];
    return oldest && zone ? formatTime(new Date(oldest), zone) : undefined;
  };
}
