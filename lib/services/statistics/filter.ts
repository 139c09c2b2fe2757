import { z } from "zod";
import { isBuiltInRole, ROLE } from "@/lib/domain/permissions";
import { toLocal } from "@/lib/domain/time";
import { idList, optionalId } from "../params";
import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { parseInput } from "../validate";
import { AGENCY_TIME_ZONE } from "../viewer-zone";

/**
 * The filter every statistics call takes (spec §7 Statistics), and who may ask for what.
 *
 * - start, end: YYYY-MM-DD, both days included, read as local dates (a job's in its country's
 *   zone, a salary line's work date as stored). Default: the last 12 months ending this month
 *   (in the agency's zone). end before start, a bad date or more than 3 years: 422.
 * - branch or filter[branches] (ids; a comma list or repeated): jobs booking from one of these
 *   branches (job_branches). filter[company_id] (or company_id): one client's jobs.
 * - Time axis: one label per day ("2026-10-05") when the range is at most 31 days, else one per
 *   month ("2026-10"); every day or month of the range is labelled, empty ones at 0.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_RANGE_DAYS = 3 * 366;
export const DAILY_MAX_DAYS = 31;

const dateText = (field: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z
      .string({ error: `The ${field} must be a date (YYYY-MM-DD).` })
      .refine((s) => DATE.test(s) && isRealDate(s), `The ${field} must be a date (YYYY-MM-DD).`)
      .optional(),
  );

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const filterObject = z
  .object({ company_id: optionalId, branches: idList, branch: optionalId })
  .partial()
  .optional();

export const statisticsInput = z.object({
  start: dateText("start"),
  end: dateText("end"),
  branch: optionalId,
  branches: idList,
  company_id: optionalId,
  filter: z.preprocess((v) => (v && typeof v === "object" ? v : undefined), filterObject),
});
export type StatisticsInput = z.input<typeof statisticsInput>;

export type Grain = "day" | "month";

export interface StatisticsFilter {
  start: string;
  end: string;
  grain: Grain;
  /** Every label of the time axis, in order. */
  labels: string[];
  companyId: number | null;
  branchIds: number[] | null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const dayMs = 86_400_000;
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / dayMs);

/** The default range: the first day 11 months back to the last day of this month. */
export function defaultRange(now: Date): { start: string; end: string } {
  const local = toLocal(now, AGENCY_TIME_ZONE);
  const first = new Date(Date.UTC(local.year, local.month - 1 - 11, 1));
  const last = new Date(Date.UTC(local.year, local.month, 0));
  return {
    start: first.toISOString().slice(0, 10),
    end: last.toISOString().slice(0, 10),
  };
}

/** The labels of a range: days when it is at most 31 days long, else months. */
export function axisOf(start: string, end: string): { grain: Grain; labels: string[] } {
  const days = daysBetween(start, end) + 1;
  if (days <= DAILY_MAX_DAYS) {
    const labels: string[] = [];
    for (let i = 0; i < days; i++)
      labels.push(
        new Date(Date.parse(`${start}T00:00:00Z`) + i * dayMs).toISOString().slice(0, 10),
      );
    return { grain: "day", labels };
  }
  const labels: string[] = [];
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(5, 7));
  const endKey = end.slice(0, 7);
  for (;;) {
    const key = ymd(y, m, 1).slice(0, 7);
    labels.push(key);
    if (key >= endKey) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return { grain: "month", labels };
}

/** Parses and checks the filter (422 with a message on bad input). */
export function parseFilter(raw: unknown, now: Date): StatisticsFilter {
  const input = parseInput(statisticsInput, raw ?? {});
  const fallback = defaultRange(now);
  const start = input.start ?? fallback.start;
  const end = input.end ?? fallback.end;
  if (end < start)
    throw new ValidationError("The end date must be on or after the start date.", {
      end: ["The end date must be on or after the start date."],
    });
  if (daysBetween(start, end) + 1 > MAX_RANGE_DAYS)
    throw new ValidationError("The date range may be at most 3 years.", {
      end: ["The date range may be at most 3 years."],
    });
  const branchList = [
    ...(input.branches ?? []),
    ...(input.filter?.branches ?? []),
    ...(input.branch ? [input.branch] : []),
    ...(input.filter?.branch ? [input.filter.branch] : []),
  ];
  const companyId = input.filter?.company_id ?? input.company_id ?? null;
  return {
    start,
    end,
    ...axisOf(start, end),
    companyId,
    branchIds: branchList.length ? [...new Set(branchList)] : null,
  };
}

/**
 * A worker: holds the worker role and no other built-in role (office or client). It never sees
 * statistics (other workers' hours and pay), even when a custom role of its holds the permission.
 */
const isPlainWorker = (actor: UserActor) =>
  !actor.isAdmin &&
  (actor.roles.length === 0 ||
    (actor.roles.some((r) => r.title === ROLE.worker) &&
      !actor.roles.some((r) => isBuiltInRole(r.title) && r.title !== ROLE.worker)));

export type Access =
  /** /insights and /insights/workers: counts and hours (can_view_statistics). */
  | "general"
  /** Revenue figures a client contact may read for its own company (can_view_earning_statistics). */
  | "revenue"
  /** Margins, worker pay and expenses: the office only (can_view_earning_statistics). */
  | "office";

/**
 * The permission check and the scope of a call: a plain worker 403; a client contact its own
 * company only (a filter naming another company: 404 "Company not found."; no company: 403) and
 * never margins, worker pay or expenses (403).
 */
export function statisticsScope(
  ctx: Ctx,
  raw: unknown,
  access: Access,
): { actor: UserActor; filter: StatisticsFilter } {
  requirePermission(
    ctx,
    access === "general" ? "can_view_statistics" : "can_view_earning_statistics",
  );
  const actor = requireUser(ctx);
  if (isPlainWorker(actor)) throw new ForbiddenError();
  if (actor.isClient && access === "office") throw new ForbiddenError();
  const filter = parseFilter(raw, ctx.now);
  if (actor.isClient) {
    if (!actor.companyId) throw new ForbiddenError();
    if (filter.companyId !== null && filter.companyId !== actor.companyId)
      throw new NotFoundError("Company not found.");
    filter.companyId = actor.companyId;
  }
  return { actor, filter };
}

/** Whether the actor may see worker pay (the earnings columns of the workers download). */
export function maySeeWorkerPay(actor: UserActor): boolean {
  return (
    !actor.isClient && !isPlainWorker(actor) && actor.permissions.has("can_view_earning_statistics")
  );
}
