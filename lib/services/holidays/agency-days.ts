import { done, toastName } from "@/lib/domain/done";
import { z } from "zod";
import { LABEL_MAX } from "@/lib/domain/text-limits";
import { asc, eq, exists, or, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import {
  holidayRegions,
  holidayRuleProblem,
  knownExtraDays,
  nextRuleDate,
  normalizeHolidayRule,
  publicHolidays,
  ruleDatesBetween,
  RULE_YEARS,
  type HolidayRegion,
  type KnownDay,
} from "@/lib/domain/holidays";
import { isoInZone } from "@/lib/domain/time";
import { logActivity } from "../activity";
import { requirePermission, withTx, type Ctx, type TxCtx } from "../context";
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from "../errors";
import { nameField } from "../master-data";
import { idSchema, parseId } from "../params";
import { parseInput } from "../validate";

/**
 * The agency's extra holidays per country (issue 21, /settings "Holidays", settings_access):
 * days date-holidays does not count as public holidays (Grundlovsdag, Midsommarafton) that the
 * agency's agreements price as holidays. Each is a date-holidays rule, so it recurs every year
 * ("06-05", "friday after 06-19") or names one date ("2027-06-04"), with the agency's name for
 * it. The pricing calendar (./calendar.ts) adds them to the country's public holidays, for every
 * branch of the country, from the moment they are saved: estimates, projections and earnings
 * of jobs already planned price them too.
 *
 * Decisions
 * - A day is added for an operational country (the screen lists those; a country switched off
 *   later keeps its list, shown until emptied).
 * - The same rule twice in a country is a 409, and so is a rule whose days the list already has
 *   for the next ten years under another spelling ("06-05" and "05/06"); a rule whose days are
 *   all public holidays of the country already is a 422 (it would change nothing).
 * - At most MAX_DAYS a country, so the settings list needs no paging.
 * - Removing is a hard delete: nothing refers to the row; the activity log keeps what it was.
 */

export const MAX_DAYS = 50;

export const HOLIDAY_MESSAGES = {
  /** "Holiday Founders' Day added to Denmark". */
  created: (name: string, country: string) =>
    `${done("Holiday", name, "added to")} ${toastName(country)}`,
  deleted: (name: string, country: string) =>
    `${done("Holiday", name, "removed from")} ${toastName(country)}`,
  notFound: "Holiday not found.",
  countryRequired: "The country field is required.",
  unknownCountry: "The selected country does not exist.",
  notOperational: "The selected country is not operational.",
  nameRequired: "The name field is required.",
  tooMany: `A country can have at most ${MAX_DAYS} extra holidays.`,
} as const;

export const agencyHolidayInput = z.object({
  country_id: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.custom<unknown>((v) => v !== undefined, HOLIDAY_MESSAGES.countryRequired).pipe(idSchema),
  ),
  rule: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z
      .string({ error: "The rule must be a string." })
      .max(1000, "The rule may be at most 100 characters.")
      .transform(normalizeHolidayRule),
  ),
  /** Optional for a day date-holidays knows (its name is taken), required otherwise. */
  name: z.preprocess(
    (v) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v),
    nameField(LABEL_MAX).optional(),
  ),
});
export type AgencyHolidayInput = z.input<typeof agencyHolidayInput>;

export interface AgencyHolidayView {
  id: number;
  country_id: number;
  rule: string;
  name: string;
  /** The next date it falls on ("YYYY-MM-DD", the country's), within ten years; else null. */
  next_date: string | null;
  created_at: string;
}

export interface KnownDayView extends KnownDay {
  next_date: string | null;
}

export interface CountryHolidaysView {
  country: { id: number; name: string; iso_code: string; operational: boolean };
  /** The regions a branch of this country may name for its public holidays. */
  regions: HolidayRegion[];
  /** The agency's extra days, soonest first. */
  days: AgencyHolidayView[];
  /** The days date-holidays knows for the country that do not count yet: what to pick from. */
  known: KnownDayView[];
}

const ah = schema.agencyHolidays;
const c = schema.countries;

const today = (now: Date, timeZone: string) => isoInZone(now, timeZone).slice(0, 10);

function dayView(
  row: { id: number; countryId: number; rule: string; name: string; createdAt: Date },
  from: string,
): AgencyHolidayView {
  return {
    id: row.id,
    country_id: row.countryId,
    rule: row.rule,
    name: row.name,
    next_date: nextRuleDate(row.rule, from),
    created_at: row.createdAt.toISOString(),
  };
}

const byNextDate = (a: { next_date: string | null }, b: { next_date: string | null }) =>
  (a.next_date ?? "9999").localeCompare(b.next_date ?? "9999");

/**
 * GET settings/holidays: each operational country (and any other that still has extra days),
 * by id, with its regions, its extra days and the days date-holidays offers to add.
 */
export async function listAgencyHolidays(ctx: Ctx): Promise<CountryHolidaysView[]> {
  requirePermission(ctx, "settings_access");
  const [countries, rows] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          id: c.id,
          name: c.name,
          iso: c.isoCode,
          timeZone: c.timeZone,
          operational: c.operational,
        })
        .from(c)
        .where(
          or(
            eq(c.operational, true),
            exists(
              ctx.db
                .select({ one: sql`1` })
                .from(ah)
                .where(eq(ah.countryId, c.id)),
            ),
          ),
        )
        .orderBy(asc(c.id)),
    () => ctx.db.select().from(ah).orderBy(asc(ah.id)),
  );
  return countries.map((country) => {
    const iso = country.iso.trim();
    const from = today(ctx.now, country.timeZone);
    const days = rows
      .filter((r) => r.countryId === country.id)
      .map((r) => dayView(r, from))
      .sort(byNextDate);
    const taken = new Set(days.map((d) => d.rule));
    const known = knownExtraDays(iso, Number(from.slice(0, 4)))
      .filter((k) => !taken.has(k.rule))
      .map((k) => ({ ...k, next_date: nextRuleDate(k.rule, from) }))
      .sort(byNextDate);
    return {
      country: {
        id: country.id,
        name: country.name,
        iso_code: iso,
        operational: country.operational,
      },
      regions: holidayRegions(iso),
      days,
      known,
    };
  });
}

/** Agency holidays are written one at a time per country, so the checks below hold. */
const lockCountry = (ctx: TxCtx, countryId: number) =>
  ctx.db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`crewdeck.agency_holidays.${countryId}`}))`,
  );

/** POST settings/holidays (country_id, rule, name): adds an extra day, logged. */
export async function addAgencyHoliday(
  ctx: Ctx,
  raw: unknown,
): Promise<AgencyHolidayView & { message: string }> {
  requirePermission(ctx, "settings_access");
  const input = parseInput(agencyHolidayInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    await lockCountry(ctx, input.country_id);
    const [country] = await ctx.db
      .select({
        id: c.id,
        name: c.name,
        iso: c.isoCode,
        timeZone: c.timeZone,
        operational: c.operational,
      })
      .from(c)
      .where(eq(c.id, input.country_id));
    const from = today(ctx.now, country?.timeZone ?? "UTC");
    const year = Number(from.slice(0, 4));
    const errors: FieldErrors = {};
    if (!country) errors.country_id = [HOLIDAY_MESSAGES.unknownCountry];
    else if (!country.operational) errors.country_id = [HOLIDAY_MESSAGES.notOperational];
    const problem = holidayRuleProblem(input.rule, year);
    if (problem) errors.rule = [problem];
    const iso = country?.iso.trim() ?? "";
    const name =
      input.name ?? knownExtraDays(iso, year).find((k) => k.rule === input.rule)?.name ?? null;
    if (!name) errors.name = [HOLIDAY_MESSAGES.nameRequired];
    const first = Object.values(errors)[0]?.[0];
    if (first || !country || !name)
      throw new ValidationError(first ?? HOLIDAY_MESSAGES.nameRequired, errors);

    const listed = await ctx.db
      .select({ rule: ah.rule, name: ah.name })
      .from(ah)
      .where(eq(ah.countryId, country.id));
    const same = listed.find((d) => d.rule === input.rule);
    if (same)
      throw new ConflictError(
        `${same.name} is already on ${country.name}'s list of holidays.`,
        "holiday_exists",
      );
    const dates = ruleDatesBetween(input.rule, year, year + RULE_YEARS);
    const covering = listed.filter((d) =>
      ruleDatesBetween(d.rule, year, year + RULE_YEARS).some((x) => dates.includes(x)),
    );
    const covered = new Set(
      covering.flatMap((d) => ruleDatesBetween(d.rule, year, year + RULE_YEARS)),
    );
    if (dates.every((d) => covered.has(d)))
      throw new ConflictError(
        `These days are already on ${country.name}'s list of holidays (${covering.map((d) => d.name).join(", ")}).`,
        "holiday_exists",
      );
    if (dates.every((d) => publicHolidays(iso, Number(d.slice(0, 4))).has(d))) {
      const message = `These days are public holidays in ${country.name} already.`;
      throw new ValidationError(message, { rule: [message] });
    }
    if (listed.length >= MAX_DAYS)
      throw new ValidationError(HOLIDAY_MESSAGES.tooMany, { rule: [HOLIDAY_MESSAGES.tooMany] });

    const [row] = await ctx.db
      .insert(ah)
      .values({ countryId: country.id, rule: input.rule, name, createdAt: ctx.now })
      .returning();
    await logActivity(ctx, {
      logName: "settings",
      description: `Added the holiday "${name}" (${input.rule}) for ${country.name}`,
      subjectType: "agency_holidays",
      subjectId: row.id,
      properties: { attributes: { country: country.name, rule: input.rule, name } },
    });
    return { ...dayView(row, from), message: HOLIDAY_MESSAGES.created(name, country.name) };
  });
}

/** DELETE settings/holidays/{id}: removes an extra day, logged. */
export async function removeAgencyHoliday(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requirePermission(ctx, "settings_access");
  const id = parseId(rawId, "Holiday");
  return withTx(ctx, async (ctx) => {
    const [row] = await ctx.db
      .select({ id: ah.id, rule: ah.rule, name: ah.name, country: c.name })
      .from(ah)
      .innerJoin(c, eq(c.id, ah.countryId))
      .where(eq(ah.id, id))
      .for("update", { of: ah });
    if (!row) throw new NotFoundError(HOLIDAY_MESSAGES.notFound);
    await ctx.db.delete(ah).where(eq(ah.id, id));
    await logActivity(ctx, {
      logName: "settings",
      description: `Removed the holiday "${row.name}" (${row.rule}) of ${row.country}`,
      subjectType: "agency_holidays",
      subjectId: id,
      properties: { old: { country: row.country, rule: row.rule, name: row.name } },
    });
    return { id, message: HOLIDAY_MESSAGES.deleted(row.name, row.country) };
  });
}
