/**
 * Holidays for the pricing engine (a holiday prices as weekend, issue 13): the public holidays
 * date-holidays knows for a country or one of its regions, plus the days the agency itself
 * prices as holidays (issue 21). Dates are local dates "YYYY-MM-DD". A holiday spanning several
 * days counts every date it covers; one that starts during the day counts its whole date.
 *
 * Which of date-holidays' types count: "public" only, in every country. Checked against the
 * package's data (3.37) for the countries the agency works in:
 * - The UK's bank holidays are its public holidays, and date-holidays types them "public", but
 *   per nation: England's and Wales' summer bank holiday (last Monday of August) is in the ENG
 *   and WLS data, Scotland's (first Monday of August), 2 January and St Andrew's Day in SCT.
 *   National "GB" has only the days all four share, so a British branch names its nation
 *   (GB-ENG) for the rest to count.
 * - German state holidays (Heilige Drei Könige, Fronleichnam, Allerheiligen, Reformationstag,
 *   Frauentag in Berlin) are "public" in the state's data. Mariä Himmelfahrt is "observance" for
 *   DE-BY because Bavaria keeps it only in its Catholic municipalities (a level below the state
 *   that Crewdeck does not offer); an agency whose agreements count it adds it itself.
 * - "bank" means banks and offices close, not a statutory day off: Heiliger Abend and Silvester
 *   from 14:00 (DE), midsommarafton, julafton and nyårsafton (SE, FI), Julaften (NO).
 *   "optional" and "observance" are customs (Grundlovsdag, the Danish 1. maj, Valborg). Whether
 *   a collective agreement prices them as holidays differs per agency and trade, so they never
 *   count on their own: the agency adds the ones it pays for (agency_holidays, see
 *   `holidayCalendar`), picking from `knownExtraDays` or writing a rule.
 *
 * Pure (no I/O; the data ships inside the package) and memoized per country or region and
 * year, and per rule and year. The package carries every country's rules: server only.
 */
import Holidays from "date-holidays";

/** The engine's question: is this local date ("YYYY-MM-DD") a holiday? */
export type HolidayCheck = (localDate: string) => boolean;

// Memos are bounded: codes and rules come from rows people type, years from shift dates.
const MEMO_LIMIT = 5000;
function remember<V>(memo: Map<string, V>, key: string, make: () => V): V {
  if (memo.has(key)) return memo.get(key)!;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const value = make();
  memo.set(key, value);
  return value;
}

const calendars = new Map<string, Holidays | null>();
const publicMemo = new Map<string, Set<string>>();
const regionMemo = new Map<string, HolidayRegion[]>();
const ruleMemo = new Map<string, Holidays | null>();
const ruleDateMemo = new Map<string, Set<string>>();
const knownMemo = new Map<string, KnownDay[]>();

/**
 * An ISO 3166-1 alpha-2 code, optionally with a state ("GB-ENG"); anything else, or a country
 * the package does not know, has no holidays.
 */
function calendarOf(code: string): Holidays | null {
  if (!/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(code)) return null;
  const [country, state] = code.split("-");
  try {
    return state ? new Holidays(country, state) : new Holidays(country);
  } catch {
    return null;
  }
}

const calendar = (code: string) => remember(calendars, code, () => calendarOf(code));

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Every local date a date-holidays holiday covers, into `into`. */
function addDates(into: Set<string>, h: { date: string; start: Date; end: Date }) {
  const [y, m, d] = h.date.slice(0, 10).split("-").map(Number);
  const days = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / 86_400_000));
  for (let i = 0; i < days; i++) {
    const t = new Date(Date.UTC(y, m - 1, d + i));
    into.add(`${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`);
  }
}

/**
 * Local dates of the public holidays of a country ("DK") or of a region with its national ones
 * ("GB-ENG") in a year.
 */
export function publicHolidays(code: string, year: number): Set<string> {
  const iso = code.trim().toUpperCase();
  return remember(publicMemo, `${iso}:${year}`, () => {
    const dates = new Set<string>();
    const holidays = Number.isInteger(year) ? calendar(iso) : null;
    for (const h of holidays?.getHolidays(year) ?? []) if (h.type === "public") addDates(dates, h);
    return dates;
  });
}

/** The engine's `isHoliday` for a country's (or region's) public holidays alone. */
export function holidayCheck(code: string): HolidayCheck {
  return (localDate) => {
    const year = Number(localDate.slice(0, 4));
    return Number.isInteger(year) && publicHolidays(code, year).has(localDate);
  };
}

export interface HolidayRegion {
  /** date-holidays' state code with its country: "GB-ENG", "DE-BY". */
  code: string;
  /** As date-holidays names it, in the country's language ("Bayern"). */
  name: string;
}

/** The regions (states) date-holidays knows for a country, by name; none for most countries. */
export function holidayRegions(countryIso: string): HolidayRegion[] {
  const iso = countryIso.trim().toUpperCase();
  return remember(regionMemo, iso, () => {
    if (!/^[A-Z]{2}$/.test(iso)) return [];
    const states = new Holidays().getStates(iso) ?? {};
    return Object.entries(states)
      .map(([state, name]) => ({ code: `${iso}-${state.toUpperCase()}`, name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  });
}

/** The region of that code in the country, or null (unknown, or another country's). */
export function holidayRegionOf(countryIso: string, code: string): HolidayRegion | null {
  const wanted = code.trim().toUpperCase();
  return holidayRegions(countryIso).find((r) => r.code === wanted) ?? null;
}

/** date-holidays reports a rule it cannot read on the console; a typed rule is ours to judge. */
function quietly<T>(run: () => T): T {
  const error = console.error;
  console.error = () => {};
  try {
    return run();
  } finally {
    console.error = error;
  }
}

/** A calendar holding that one rule, or null when date-holidays cannot read it. */
function ruleCalendar(rule: string): Holidays | null {
  return remember(ruleMemo, rule, () => {
    if (!rule.trim()) return null;
    // No country: the rule's dates are plain local dates, whatever the process's zone.
    const h = new Holidays();
    try {
      return quietly(() => h.setHoliday(rule, { name: rule, type: "public" })) ? h : null;
    } catch {
      return null;
    }
  });
}

/** The local dates a date-holidays rule gives in a year (multi-day ones every date). */
export function ruleDates(rule: string, year: number): Set<string> {
  return remember(ruleDateMemo, `${year}:${rule}`, () => {
    const dates = new Set<string>();
    const h = Number.isInteger(year) ? ruleCalendar(rule) : null;
    try {
      for (const day of h?.getHolidays(year) ?? []) addDates(dates, day);
    } catch {
      // A rule that parses but cannot be computed gives no day.
    }
    return dates;
  });
}

/** How far ahead an agency rule must give a day, and how far the screens look for one. */
export const RULE_YEARS = 10;
export const HOLIDAY_RULE_MAX = 100;

/**
 * What a person types, as date-holidays reads it: spaces tidied; "05/06/2027" (one day, the
 * spec's DD/MM/YYYY) becomes "2027-06-05" and "05/06" (every year) "06-05".
 */
export function normalizeHolidayRule(raw: string): string {
  const rule = raw.trim().replace(/\s+/g, " ");
  const once = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(rule);
  if (once) return `${once[3]}-${pad(Number(once[2]))}-${pad(Number(once[1]))}`;
  const yearly = /^(\d{1,2})[/.](\d{1,2})$/.exec(rule);
  if (yearly) return `${pad(Number(yearly[2]))}-${pad(Number(yearly[1]))}`;
  return rule;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Why a rule cannot be an agency holiday, or null when it can: it must be one date-holidays
 * reads, its dates must be real dates (date-holidays quietly turns "06-31" into 1 July), and it
 * must give a day between `fromYear` and RULE_YEARS after (a past one-off date is a mistake).
 */
export function holidayRuleProblem(rule: string, fromYear: number): string | null {
  if (!rule) return "The rule field is required.";
  if (rule.length > HOLIDAY_RULE_MAX)
    return `The rule may be at most ${HOLIDAY_RULE_MAX} characters.`;
  for (const m of rule.matchAll(/(?<![\d-])(?:(\d{4})-)?(\d{2})-(\d{2})(?![\d-])/g)) {
    const [month, day, year] = [Number(m[2]), Number(m[3]), m[1] ? Number(m[1]) : null];
    const last =
      month === 2 && year !== null && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))
        ? 28
        : DAYS_IN_MONTH[month - 1];
    if (!last || day < 1 || day > last) return `${m[0]} is not a date.`;
  }
  if (!ruleCalendar(rule))
    return "date-holidays cannot read this rule. Write a date such as 06-05 (every 5 June) or 2027-06-04 (once), or a rule such as “friday after 06-19”.";
  if (!ruleDatesBetween(rule, fromYear, fromYear + RULE_YEARS).length)
    return `This rule gives no day between ${fromYear} and ${fromYear + RULE_YEARS}.`;
  return null;
}

/** The rule's dates from the start of `fromYear` to the end of `toYear`, in order. */
export function ruleDatesBetween(rule: string, fromYear: number, toYear: number): string[] {
  const out: string[] = [];
  for (let year = fromYear; year <= toYear; year++) out.push(...ruleDates(rule, year));
  return [...new Set(out)].sort();
}

/** The first date on or after `fromDate` ("YYYY-MM-DD") the rule gives, within RULE_YEARS. */
export function nextRuleDate(rule: string, fromDate: string): string | null {
  const year = Number(fromDate.slice(0, 4));
  return ruleDatesBetween(rule, year, year + RULE_YEARS).find((d) => d >= fromDate) ?? null;
}

export interface KnownDay {
  rule: string;
  /** In the country's language, first letter upper case ("Midsommarafton"). */
  name: string;
  /** In English when date-holidays has it and it differs ("Midsummer Eve"), else null. */
  english: string | null;
  /** date-holidays' type: bank, optional, observance or school. */
  type: string;
}

/**
 * The national days date-holidays knows for a country that do not count on their own (every
 * type but "public"), in date order from `year`: what the agency picks its extra days from.
 */
export function knownExtraDays(countryIso: string, year: number): KnownDay[] {
  const iso = countryIso.trim().toUpperCase();
  return remember(knownMemo, `${iso}:${year}`, () => {
    // Its own instance: asking for English names switches an instance's language for good.
    const h = /^[A-Z]{2}$/.test(iso) && Number.isInteger(year) ? calendarOf(iso) : null;
    if (!h) return [];
    const native = h.getLanguages()[0] ?? "en";
    const out = new Map<string, KnownDay>();
    for (const y of [year, year + 1]) {
      const english = new Map(h.getHolidays(y, "en").map((d) => [d.rule, d.name]));
      for (const d of h.getHolidays(y, native)) {
        if (d.type === "public" || out.has(d.rule)) continue;
        const name = d.name.charAt(0).toUpperCase() + d.name.slice(1);
        const en = english.get(d.rule) ?? null;
        out.set(d.rule, {
          rule: d.rule,
          name,
          english: en && en.toLowerCase() !== d.name.toLowerCase() ? en : null,
          type: d.type,
        });
      }
    }
    return [...out.values()];
  });
}

export interface HolidayCalendarSpec {
  /** ISO 3166-1 alpha-2 code of the country whose calendar prices the work. */
  country: string;
  /** A region of that country ("GB-ENG"); null, unknown or another country's: national only. */
  region: string | null;
  /** The agency's extra days of that country, as date-holidays rules. */
  rules: readonly string[];
}

/**
 * The engine's `isHoliday` for a pricing calendar: the country's public holidays, the region's,
 * and the agency's extra days. Every part is memoized per year, so a check is a few set
 * look-ups whatever the number of shifts.
 */
export function holidayCalendar(spec: HolidayCalendarSpec): HolidayCheck {
  const country = spec.country.trim().toUpperCase();
  const code = (spec.region && holidayRegionOf(country, spec.region)?.code) || country;
  const rules = [...new Set(spec.rules)];
  return (localDate) => {
    const year = Number(localDate.slice(0, 4));
    if (!Number.isInteger(year)) return false;
    if (publicHolidays(code, year).has(localDate)) return true;
    // A rule's day may run on into the next year ("12-31 P2D").
    return rules.some(
      (r) => ruleDates(r, year).has(localDate) || ruleDates(r, year - 1).has(localDate),
    );
  };
}
