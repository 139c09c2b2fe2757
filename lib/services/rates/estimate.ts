import { z } from "zod";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { parseDate, parseTime } from "@/lib/domain/format";
import {
  costOf,
  describeDuration,
  describeSplit,
  nightWindowOf,
  splitMinutes,
  toMinorUnits,
  type Band,
} from "@/lib/domain/pricing";
import { isoInZone, shiftInstants } from "@/lib/domain/time";
import { can, requirePermission, type Ctx } from "../context";
import { ForbiddenError, NotFoundError, ValidationError, type FieldErrors } from "../errors";
import { idList, idSchema, optionalId } from "../params";
import { fieldErrors, parseInput } from "../validate";
import { branchCalendar } from "../holidays/calendar";
import { clientRatesFor } from "./lookup";
import { choosePricingBranch, liveDefaultBranch } from "./job-pricing";
import { branchCurrency, loadCompany, RATE_MESSAGES } from "./shared";

/**
 * POST rates/client/estimate-costs (spec §3 "price estimate": a data list and a total; the
 * query holds company_id and one branch_id): what a set of planned shifts would cost the
 * client, per shift and skill slot, before the job exists. The job form calls it live.
 *
 * Decisions
 * - Who: job_create, job_edit or rate_access. A client contact may estimate for its own
 *   company only (another company: 403). It sees the client price, because that is what its
 *   company pays; the estimate never carries rate_worker, worker pay or a margin, for anyone.
 * - Which card: job_id (the job being edited) makes the job's own rows win over the card,
 *   as for a saved job. The branch_id sent; without one the company's default branch, else the lowest
 *   of book_from_branches — the same choice `jobsPricing` makes for a saved job. The currency
 *   is the branch country's (the cards are priced in it).
 * - Time: shifts are read in the time zone of country_id (the job's country), else the
 *   company's country; weekends are that zone's, holidays the branch's (holidays/calendar.ts).
 * - A skill without a client rate is listed in `missing` and its lines have null prices; it is
 *   not an error (the form shows "No client rate for X").
 * - Rounding: each line is rounded once (price per position, and the line total from the exact
 *   minor-unit minutes × positions). A shift's total and the grand total are rounded once from
 *   the exact sum of their lines' minor-unit minutes, so they may differ by a minor unit from
 *   the sum of the rounded lines; that is the exact figure, not a drift.
 * - A GET-like read: nothing is written and nothing logged.
 */

const MAX_SHIFTS = 366;
const MAX_SHIFT_MINUTES = 24 * 60;

const ddmmyyyy = z.string().refine((v) => parseDate(v) !== null, "must be a date as DD/MM/YYYY");
const hhmm = z.string().refine((v) => parseTime(v) !== null, "must be a time as HH:mm");

/** A slot: skill and how many positions (`qty`, the job form's name, is accepted too). */
const estimateSlot = z.preprocess(
  (v) =>
    v && typeof v === "object" && !("positions" in v) && "qty" in v
      ? { ...(v as Record<string, unknown>), positions: (v as { qty: unknown }).qty }
      : v,
  z.object({
    skill_id: idSchema,
    positions: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(500, "may be at most 500"),
  }),
);
const slots = z.array(estimateSlot).max(50, "may have at most 50 skill slots");

/** The job form's shape: a date and two clock times; an end at or before the start is the next day. */
const formShift = z.object({ startDate: ddmmyyyy, start: hhmm, endHour: hhmm, slots });
/** Two instants (ISO 8601 with an offset), at most 24 hours apart. */
const instantShift = z
  .object({
    start: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }),
    end: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }),
    slots,
  })
  .superRefine((s, c) => {
    const minutes = (Date.parse(s.end) - Date.parse(s.start)) / 60_000;
    if (!(minutes > 0 && minutes <= MAX_SHIFT_MINUTES))
      c.addIssue({
        code: "custom",
        path: ["end"],
        message: "must be after the start, within 24 hours",
      });
  });

export const estimateCostsInput = z.object({
  company_id: idSchema,
  branch_id: optionalId,
  book_from_branches: idList,
  country_id: optionalId,
  /** The job being edited: its own client rate rows take precedence over the card. */
  job_id: optionalId,
  shifts: z
    .array(z.unknown(), { error: "must be a list of shifts" })
    .min(1, "needs at least one shift")
    .max(MAX_SHIFTS, `may have at most ${MAX_SHIFTS} shifts`),
});
export type EstimateCostsInput = z.input<typeof estimateCostsInput>;

export interface EstimateLine {
  skill_id: number;
  skill_name: string;
  positions: number;
  /** Worked minutes per band, split with this skill's rate's night window. */
  minutes: Record<Band, number>;
  /** "6 h standard, 2 h night". */
  split: string;
  /** Minor units; null when the skill has no client rate. */
  price_per_position: number | null;
  total: number | null;
  missing: boolean;
}

export interface EstimateShift {
  index: number;
  start: string;
  end: string;
  /** Worked time, "8 h". */
  duration: string;
  lines: EstimateLine[];
  /** Minor units, rounded once from the exact sum of the priced lines. */
  total: number;
}

export interface CostEstimate {
  company_id: number;
  branch_id: number;
  time_zone: string;
  currency: { code: string; symbol: string; minor_units: number };
  shifts: EstimateShift[];
  total: number;
  /** Skills with no client rate at this branch (their lines are not priced). */
  missing: { skill_id: number; skill_name: string; message: string }[];
}

export const noClientRateFor = (skillName: string) => `No client rate for ${skillName}`;

interface Planned {
  index: number;
  start: Date;
  end: Date;
  slots: { skill_id: number; positions: number }[];
}

/** Each shift in the input's order, read in the zone; every bad field → one 422. */
function planShifts(raw: unknown[], timeZone: string): Planned[] {
  const errors: FieldErrors = {};
  const out: Planned[] = [];
  raw.forEach((item, index) => {
    const form = item && typeof item === "object" && "startDate" in item;
    const r = (form ? formShift : instantShift).safeParse(item);
    if (!r.success) {
      for (const [k, v] of Object.entries(fieldErrors(r.error))) errors[`shifts.${index}.${k}`] = v;
      return;
    }
    const skills = r.data.slots.map((s) => s.skill_id);
    if (new Set(skills).size !== skills.length) {
      errors[`shifts.${index}.slots`] = [
        "Each skill may appear once per shift; change its quantity instead.",
      ];
      return;
    }
    const d = r.data;
    const { start, end } =
      "startDate" in d
        ? shiftInstants(
            parseDate(d.startDate)!,
            parseTime(d.start)!,
            parseTime(d.endHour)!,
            timeZone,
          )
        : { start: new Date(d.start), end: new Date(d.end) };
    out.push({ index, start, end, slots: d.slots });
  });
  if (Object.keys(errors).length)
    throw new ValidationError("Please enter valid shifts", errors, "shifts_invalid");
  return out;
}

/** Whether the actor may see price estimates (the job form shows its panel only then). */
export function canEstimateCosts(ctx: Ctx): boolean {
  return can(ctx, "job_create") || can(ctx, "job_edit") || can(ctx, "rate_access");
}

export async function estimateCosts(ctx: Ctx, raw: unknown): Promise<CostEstimate> {
  const actor = requirePermission(ctx, "job_create", "job_edit", "rate_access");
  const input = parseInput(estimateCostsInput, raw ?? {});
  if (actor.kind === "user" && actor.isClient && actor.companyId !== input.company_id)
    throw new ForbiddenError();
  const company = await loadCompany(ctx.db, input.company_id);
  const branchId =
    input.branch_id ??
    choosePricingBranch(
      await liveDefaultBranch(ctx.db, company.id),
      input.book_from_branches ?? [],
    );
  if (!branchId)
    throw new ValidationError("Choose the branch whose rates apply.", {
      branch_id: ["Choose the branch whose rates apply."],
    });

  const countryId = input.country_id ?? (await companyCountry(ctx, company.id));
  const [country] = await ctx.db
    .select({ timeZone: schema.countries.timeZone, isoCode: schema.countries.isoCode })
    .from(schema.countries)
    .where(eq(schema.countries.id, countryId));
  if (!country) throw new ValidationError("Unknown country.", { country_id: ["Unknown country."] });
  const timeZone = country.timeZone;

  const planned = planShifts(input.shifts, timeZone);
  const skillIds = [...new Set(planned.flatMap((p) => p.slots.map((s) => s.skill_id)))];
  const skills = await liveSkills(ctx, skillIds);
  const unknown: FieldErrors = {};
  for (const p of planned)
    p.slots.forEach((s, i) => {
      if (!skills.has(s.skill_id))
        unknown[`shifts.${p.index}.slots.${i}.skill_id`] = [RATE_MESSAGES.skillNotLive];
    });
  if (Object.keys(unknown).length) throw new ValidationError(RATE_MESSAGES.skillNotLive, unknown);

  // The branch answers 404 when unknown; its currency is the cards'.
  const currency = await branchCurrency(ctx.db, branchId);
  const jobId = input.job_id ? await jobOfCompany(ctx, input.job_id, company.id) : null;
  const rates = await clientRatesFor(ctx.db, {
    companyId: company.id,
    branchId,
    jobId,
    skillIds,
  });
  const isHoliday = await branchCalendar(ctx.db, branchId);

  let grandExact = 0;
  const shifts: EstimateShift[] = planned.map((p) => {
    let shiftExact = 0;
    const lines = p.slots.map((s): EstimateLine => {
      const rate = rates.get(s.skill_id);
      const minutes = splitMinutes({
        start: p.start,
        end: p.end,
        timeZone,
        isHoliday,
        ...(rate ? nightWindowOf(rate) : { nightStart: null, nightEnd: null }),
      });
      const perPosition = rate ? costOf(minutes, rate) : null;
      if (perPosition !== null) shiftExact += perPosition * s.positions;
      return {
        skill_id: s.skill_id,
        skill_name: skills.get(s.skill_id)!,
        positions: s.positions,
        minutes,
        split: describeSplit(minutes),
        price_per_position: perPosition === null ? null : toMinorUnits(perPosition),
        total: perPosition === null ? null : toMinorUnits(perPosition * s.positions),
        missing: perPosition === null,
      };
    });
    grandExact += shiftExact;
    const worked = Math.max(0, Math.floor((p.end.getTime() - p.start.getTime()) / 60_000));
    return {
      index: p.index,
      start: isoInZone(p.start, timeZone),
      end: isoInZone(p.end, timeZone),
      duration: describeDuration(worked),
      lines,
      total: toMinorUnits(shiftExact),
    };
  });

  const missing = skillIds
    .filter((id) => !rates.has(id))
    .map((id) => ({
      skill_id: id,
      skill_name: skills.get(id)!,
      message: noClientRateFor(skills.get(id)!),
    }));
  return {
    company_id: company.id,
    branch_id: branchId,
    time_zone: timeZone,
    currency: { code: currency.code, symbol: currency.symbol, minor_units: currency.minor_units },
    shifts,
    total: toMinorUnits(grandExact),
    missing,
  };
}

/** A live job of the company (422 otherwise: the estimate would mix two clients' prices). */
async function jobOfCompany(ctx: Ctx, jobId: number, companyId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ id: schema.jobs.id })
    .from(schema.jobs)
    .where(
      and(
        eq(schema.jobs.id, jobId),
        eq(schema.jobs.companyId, companyId),
        isNull(schema.jobs.deletedAt),
      ),
    );
  if (!row)
    throw new ValidationError("This job is not a job of the company.", {
      job_id: ["This job is not a job of the company."],
    });
  return row.id;
}

async function companyCountry(ctx: Ctx, companyId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ countryId: schema.companies.countryId })
    .from(schema.companies)
    .where(eq(schema.companies.id, companyId));
  if (!row) throw new NotFoundError(RATE_MESSAGES.companyNotFound);
  return row.countryId;
}

async function liveSkills(ctx: Ctx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .select({ id: schema.skills.id, name: schema.skills.name })
    .from(schema.skills)
    .where(and(inArray(schema.skills.id, ids), isNull(schema.skills.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
