import { done } from "@/lib/domain/done";
import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, type Ctx, withTx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { isId } from "../params";
import { parseInput } from "../validate";
import { logActivity } from "../activity";
import { escapeLike } from "../like";
import {
  assertNameFree,
  inUseError,
  isForeignKeyViolation,
  mapUniqueViolation,
  usageOf,
  type Usage,
} from "../master-data";
import { countriesListInput, countryInput, type CountryInput } from "./input";
import { countryUsage } from "./usage";

export { countriesListInput, countryInput, timeZoneNames } from "./input";
export type { CountryInput } from "./input";

/**
 * Countries (master data, spec §2 /countries, §7, §9): where the agency books crew. Each has
 * an ISO code, a currency, an IANA time zone (a job's times are entered and shown in it), a
 * phone prefix and the rest hours between two bookings of one worker (the booking rule reads
 * them). Only operational countries are offered in pickers (GET countries, reference
 * service). Every verb here needs country_access.
 *
 * Deleting a country that anything points at (jobs, branches, venues, companies, users) is
 * refused with 409 naming where it is used: a country carries history and time zones of
 * past jobs, so the way to retire one is to switch off "operational", which hides it from
 * every picker and keeps all of that intact.
 */
export interface CountryView {
  id: number;
  name: string;
  iso_code: string;
  currency: string;
  time_zone: string;
  operational: boolean;
  phone_prefix: string | null;
  rest_hours: number;
  /** VAT charged to the country's clients in basis points (2500 = 25 %); null: none. */
  vat_basis_points: number | null;
  /** Where it is used ("3 jobs and 1 branch"); count 0 when unused. */
  used_by: Usage;
}

export const COUNTRY_MESSAGES = {
  created: (name: string) => done("Country", name, "created"),
  edited: (name: string) => done("Country", name, "edited"),
  deleted: (name: string) => done("Country", name, "deleted"),
  duplicateName: "A country with this name already exists.",
  duplicateIso: "A country with this ISO code already exists.",
  unknownCurrency: "The selected currency does not exist.",
  notFound: "Country not found.",
} as const;

const c = schema.countries;
const fields = {
  id: c.id,
  name: c.name,
  iso_code: c.isoCode,
  currency: c.currencyCode,
  time_zone: c.timeZone,
  operational: c.operational,
  phone_prefix: c.phonePrefix,
  rest_hours: c.restHours,
  vat_basis_points: c.vatBasisPoints,
};
type CountryRow = Omit<CountryView, "used_by">;

async function withUsage(db: DbOrTx, rows: CountryRow[]): Promise<CountryView[]> {
  const usage = await countryUsage(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, used_by: usage.get(r.id) ?? usageOf([]) }));
}

/**
 * The /countries screen's list: by id (spec §9), 10 a page, filter[search] (name or ISO code)
 * and filter[operational] (1 or 0). The pickers' list is `listCountries` (reference).
 */
export async function listCountriesPage(ctx: Ctx, raw: unknown): Promise<Page<CountryView>> {
  requirePermission(ctx, "country_access");
  const input = parseInput(countriesListInput, raw ?? {});
  const { search, operational } = input.filter;
  const where = and(
    search
      ? or(ilike(c.name, `%${escapeLike(search)}%`), ilike(c.isoCode, `%${escapeLike(search)}%`))
      : undefined,
    operational === undefined ? undefined : eq(c.operational, operational),
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(c).where(where);
  const rows = await ctx.db
    .select(fields)
    .from(c)
    .where(where)
    .orderBy(asc(c.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: await withUsage(ctx.db, rows),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** A path id that is not a positive integer names no country: 404, not 422. */
function parseId(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(COUNTRY_MESSAGES.notFound);
  return Number(raw);
}

async function loadCountry(db: DbOrTx, id: number, forUpdate = false): Promise<CountryRow> {
  const query = db.select(fields).from(c).where(eq(c.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError(COUNTRY_MESSAGES.notFound);
  return row;
}

/** GET countries/{id}: any country, operational or not, with where it is used. */
export async function getCountry(ctx: Ctx, rawId: unknown): Promise<CountryView> {
  requirePermission(ctx, "country_access");
  const [view] = await withUsage(ctx.db, [await loadCountry(ctx.db, parseId(rawId))]);
  return view;
}

/**
 * The checks that need the database, inside the write's transaction: the name (any case) and
 * the ISO code are free, under one lock so two saves cannot both pass; the currency exists.
 */
async function assertWritable(db: DbOrTx, input: CountryInput, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  try {
    await assertNameFree(db, {
      table: c,
      id: c.id,
      name: c.name,
      value: input.name,
      exceptId,
      lockKey: "crewdeck.countries",
      message: COUNTRY_MESSAGES.duplicateName,
    });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    errors.name = [COUNTRY_MESSAGES.duplicateName];
  }
  const [iso] = await db
    .select({ id: c.id })
    .from(c)
    .where(and(eq(c.isoCode, input.iso_code), exceptId ? sql`${c.id} <> ${exceptId}` : undefined));
  if (iso) errors.iso_code = [COUNTRY_MESSAGES.duplicateIso];
  const [currency] = await db
    .select({ code: schema.currencies.code })
    .from(schema.currencies)
    .where(eq(schema.currencies.code, input.currency));
  if (!currency) errors.currency = [COUNTRY_MESSAGES.unknownCurrency];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(first, errors);
}

const values = (input: CountryInput) => ({
  name: input.name,
  isoCode: input.iso_code,
  currencyCode: input.currency,
  timeZone: input.time_zone,
  operational: input.operational,
  phonePrefix: input.phone_prefix,
  restHours: input.rest_hours,
  vatBasisPoints: input.vat_basis_points,
});

/** The ISO code's unique index caught a race the check above could not see: the same 422. */
const isoRace = <T>(run: () => Promise<T>) =>
  mapUniqueViolation(run, COUNTRY_MESSAGES.duplicateIso, "iso_code");

/** POST countries (name, iso_code, currency, time_zone, operational, phone_prefix, rest_hours,
 *  vat_basis_points). */
export async function createCountry(
  ctx: Ctx,
  raw: unknown,
): Promise<CountryView & { message: string }> {
  requirePermission(ctx, "country_access");
  const input = parseInput(countryInput, raw ?? {});
  const row = await isoRace(() =>
    withTx(ctx, async (ctx) => {
      await assertWritable(ctx.db, input);
      const [created] = await ctx.db
        .insert(c)
        .values({ ...values(input), createdAt: ctx.now, updatedAt: ctx.now })
        .returning(fields);
      await logActivity(ctx, {
        logName: "countries",
        description: `Created country "${created.name}"`,
        subjectType: "countries",
        subjectId: created.id,
        properties: { attributes: created },
      });
      return created;
    }),
  );
  return { ...row, used_by: usageOf([]), message: COUNTRY_MESSAGES.created(row.name) };
}

/** PUT countries/{id}: replaces every field. */
export async function updateCountry(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<CountryView & { message: string }> {
  requirePermission(ctx, "country_access");
  const id = parseId(rawId);
  const input = parseInput(countryInput, raw ?? {});
  const row = await isoRace(() =>
    withTx(ctx, async (ctx) => {
      const before = await loadCountry(ctx.db, id, true);
      await assertWritable(ctx.db, input, id);
      const [updated] = await ctx.db
        .update(c)
        .set({ ...values(input), updatedAt: ctx.now })
        .where(eq(c.id, id))
        .returning(fields);
      await logActivity(ctx, {
        logName: "countries",
        description: `Edited country "${updated.name}"`,
        subjectType: "countries",
        subjectId: id,
        properties: { old: before, attributes: updated },
      });
      return updated;
    }),
  );
  const [view] = await withUsage(ctx.db, [row]);
  return { ...view, message: COUNTRY_MESSAGES.edited(view.name) };
}

const inUse = (usage: Usage) =>
  inUseError(
    "country",
    usage,
    "Set it to not operational instead: it is then hidden from every picker and its history stays intact.",
    "country_in_use",
  );

/** DELETE countries/{id}: only while nothing points at it (409 naming where it is used). */
export async function deleteCountry(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requirePermission(ctx, "country_access");
  const id = parseId(rawId);
  let name = "";
  try {
    await withTx(ctx, async (ctx) => {
      // FOR UPDATE conflicts with the key-share lock a row being inserted takes on the
      // country it points at, so the counts below cannot miss one being saved right now.
      const row = await loadCountry(ctx.db, id, true);
      name = row.name;
      const usage = (await countryUsage(ctx.db, [id])).get(id)!;
      if (usage.count > 0) throw inUse(usage);
      await ctx.db.delete(c).where(eq(c.id, id));
      await logActivity(ctx, {
        logName: "countries",
        description: `Deleted country "${row.name}"`,
        subjectType: "countries",
        subjectId: id,
        properties: { old: row },
      });
    });
  } catch (err) {
    // Something else refers to it (rates, salary data): answer as for a use seen above.
    if (isForeignKeyViolation(err)) {
      const usage = (await countryUsage(ctx.db, [id])).get(id)!;
      throw inUse(usage.count > 0 ? usage : { count: 1, label: "other records (rates or pay)" });
    }
    throw err;
  }
  return { id, message: COUNTRY_MESSAGES.deleted(name) };
}
