import { z } from "zod";
import { LABEL_MAX } from "@/lib/domain/text-limits";
import { nameField } from "../master-data";
import { pageInput } from "../pagination";
import { searchText, strictFlag } from "../params";

/** What a country form sends and the API takes (spec §7 "Master data": countries). */

const upperTrim = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v);
const requiredText = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? `The ${label} field is required.`
        : `The ${label} must be a string.`,
  });

/**
 * An IANA time zone, as the runtime knows it ("Europe/Copenhagen"), stored in its canonical
 * spelling (a different case or an alias such as "US/Eastern" is accepted and normalised).
 * Fixed offsets ("+01:00") are refused: a country's zone must follow its summer time.
 */
export function canonicalTimeZone(value: string): string | null {
  try {
    const zone = new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
    return zone === "UTC" || zone.includes("/") ? zone : null;
  } catch {
    return null;
  }
}

/** Every IANA zone the runtime knows, for the form's select. */
export function timeZoneNames(): string[] {
  return [...Intl.supportedValuesOf("timeZone"), "UTC"];
}

export const TIME_ZONE_MESSAGE = "The time zone must be an IANA time zone, e.g. Europe/Copenhagen.";

const timeZone = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  requiredText("time zone")
    .min(1, "The time zone field is required.")
    .max(64, TIME_ZONE_MESSAGE)
    .transform((v, c) => {
      const zone = canonicalTimeZone(v);
      if (zone) return zone;
      c.addIssue({ code: "custom", message: TIME_ZONE_MESSAGE });
      return z.NEVER;
    }),
);

/** Whole hours 0–24, written as a number or digits; blank or absent is the default 11. */
const restHours = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ""
      ? undefined
      : typeof v === "string" && /^\s*\d+\s*$/.test(v)
        ? Number(v)
        : v,
  z
    .number({ error: "The rest hours must be a whole number of hours from 0 to 24." })
    .int("The rest hours must be a whole number of hours from 0 to 24.")
    .min(0, "The rest hours must be a whole number of hours from 0 to 24.")
    .max(24, "The rest hours must be a whole number of hours from 0 to 24.")
    .default(11),
);

/**
 * VAT the agency charges clients of the country, in basis points (2500 = 25 %), 0–10000; blank
 * or absent: none (quotes then carry no VAT).
 */
const VAT_MESSAGE = "The VAT must be a whole number of basis points from 0 to 10000 (2500 = 25 %).";
const vatBasisPoints = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ""
      ? null
      : typeof v === "string" && /^\s*\d+\s*$/.test(v)
        ? Number(v)
        : v,
  z
    .number({ error: VAT_MESSAGE })
    .int(VAT_MESSAGE)
    .min(0, VAT_MESSAGE)
    .max(10_000, VAT_MESSAGE)
    .nullable(),
);

const phonePrefix = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? null : v),
  z
    .string({ error: "The phone prefix must be a string." })
    .regex(/^\+\d{1,4}$/, "The phone prefix must be + and 1 to 4 digits, e.g. +45.")
    .nullable(),
);

export const countryInput = z.object({
  name: nameField(LABEL_MAX),
  iso_code: z.preprocess(
    upperTrim,
    requiredText("ISO code").regex(
      /^[A-Z]{2}$/,
      "The ISO code must be two letters (ISO 3166-1), e.g. DK.",
    ),
  ),
  currency: z.preprocess(
    upperTrim,
    requiredText("currency").regex(/^[A-Z]{3}$/, "The selected currency does not exist."),
  ),
  time_zone: timeZone,
  operational: strictFlag.transform((v) => v ?? true),
  phone_prefix: phonePrefix,
  rest_hours: restHours,
  vat_basis_points: vatBasisPoints,
});
export type CountryInput = z.output<typeof countryInput>;

export const countriesListInput = pageInput(10).extend({
  filter: z
    .object({ search: searchText, operational: strictFlag })
    .default({ search: undefined, operational: undefined }),
});
