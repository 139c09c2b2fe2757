import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { costOf, nightWindowOf, splitMinutes, toMinorUnits, type Band } from "@/lib/domain/pricing";
import { middleBreak, quoteTotals, type QuoteTotals } from "@/lib/domain/quotes";
import { shiftInstants } from "@/lib/domain/time";
import type { TxCtx, Ctx } from "../context";
import { ValidationError, type FieldErrors } from "../errors";
import { branchCalendar } from "../holidays/calendar";
import { clientRatesFor } from "../rates/lookup";
import { noClientPriceText } from "../applications/rated";
import { MAX_INT } from "../params";
import { RATE_MESSAGES } from "../rates/shared";
import { localToday, QUOTE_MESSAGES } from "./access";
import type { QuoteFields } from "./schemas";

/**
 * What a quote's lines cost, with the jobs' engine and the client's card (the same lookup
 * as POST rates/client/estimate-costs): each line's date and HH:mm times are read in the
 * zone of the branch's country (an end at or before the start ends the next day), weekends
 * are that zone's and holidays the branch's region's, the night window is the skill's rate's.
 * The unpaid break sits in the middle of the shift (a quote has a break length, no times).
 * A line whose skill has no client price is still saved: amount 0, prices null, and the
 * skill is named in `missing`.
 */

export interface PricedLine {
  position: number;
  workDate: string;
  startTime: string;
  endTime: string;
  skillId: number;
  levelId: number | null;
  positions: number;
  breakMinutes: number;
  standardMinutes: number;
  weekendMinutes: number;
  nightMinutes: number;
  standardPrice: number | null;
  weekendPrice: number | null;
  nightPrice: number | null;
  amount: number;
}

export interface MissingPrice {
  skill_id: number;
  skill_name: string;
  message: string;
}

/** The booking's missing_client_price words (applications/rated.ts), said of a quote. */
export const missingQuotePriceText = (company: string, skill: string, branch: string) =>
  noClientPriceText(company, skill, branch, "this quote");

export interface PreparedQuote {
  company: { id: number; name: string; countryId: number };
  branch: { id: number; name: string; timeZone: string; currencyCode: string };
  today: string;
  vatBasisPoints: number | null;
  lines: PricedLine[];
  costs: {
    position: number;
    category: QuoteFields["costs"][number]["category"];
    description: string | null;
    quantity: number;
    unitAmount: number;
  }[];
  totals: QuoteTotals;
  missing: MissingPrice[];
  clientData: Record<string, unknown>;
}

/** The branch (live) with its zone and currency; 422 on the field when unknown. */
async function branchOf(ctx: Ctx | TxCtx, branchId: number) {
  const [b] = await ctx.db
    .select({
      id: schema.branches.id,
      name: schema.branches.name,
      timeZone: schema.countries.timeZone,
      currencyCode: schema.countries.currencyCode,
    })
    .from(schema.branches)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
    .where(and(eq(schema.branches.id, branchId), isNull(schema.branches.deletedAt)));
  if (!b)
    throw new ValidationError(RATE_MESSAGES.branchNotFound, {
      branch_id: [RATE_MESSAGES.branchNotFound],
    });
  return { ...b, currencyCode: b.currencyCode.trim() };
}

/** A company's active client contacts (role Client Contact, users.company_id). */
export async function clientContacts(ctx: Ctx | TxCtx, companyId: number) {
  const u = schema.users;
  return ctx.db
    .select({ id: u.id, name: u.name, email: u.email })
    .from(u)
    .where(
      and(
        eq(u.companyId, companyId),
        isNull(u.deletedAt),
        eq(u.status, "active"),
        sql`exists (select 1 from ${schema.userRoles} ur join ${schema.roles} r on r.id = ur.role_id
          where ur.user_id = ${u.id} and r.title = ${ROLE.client})`,
      ),
    )
    .orderBy(u.name, u.id);
}

/** Checks every reference of the input, prices the lines and totals the quote. */
export async function prepareQuote(ctx: TxCtx, input: QuoteFields): Promise<PreparedQuote> {
  const [company] = await ctx.db
    .select({
      id: schema.companies.id,
      name: schema.companies.name,
      countryId: schema.companies.countryId,
      address: schema.companies.address,
      city: schema.companies.city,
      zip: schema.companies.zip,
      email: schema.companies.email,
      phone: schema.companies.phone,
      taxId: schema.companies.taxId,
      vat: schema.countries.vatBasisPoints,
    })
    .from(schema.companies)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.companies.countryId))
    .where(and(eq(schema.companies.id, input.company_id), isNull(schema.companies.deletedAt)));
  if (!company)
    throw new ValidationError(RATE_MESSAGES.companyNotFound, {
      company_id: [RATE_MESSAGES.companyNotFound],
    });
  const branch = await branchOf(ctx, input.branch_id);
  const today = localToday(ctx.now, branch.timeZone);
  const errors: FieldErrors = {};
  if (input.valid_until < today) errors.valid_until = [QUOTE_MESSAGES.validityPast];

  if (input.venue_id !== null) {
    const [venue] = await ctx.db
      .select({ id: schema.venues.id })
      .from(schema.venues)
      .where(and(eq(schema.venues.id, input.venue_id), isNull(schema.venues.deletedAt)));
    if (!venue) errors.venue_id = ["Unknown venue."];
  }

  const skillIds = [...new Set(input.lines.map((l) => l.skill_id))];
  const levelIds = [...new Set(input.lines.flatMap((l) => (l.level_id ? [l.level_id] : [])))];
  const [skills, levels] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ id: schema.skills.id, name: schema.skills.name })
        .from(schema.skills)
        .where(and(inArray(schema.skills.id, skillIds), isNull(schema.skills.deletedAt))),
    () =>
      levelIds.length
        ? ctx.db
            .select({ id: schema.levels.id })
            .from(schema.levels)
            .where(and(inArray(schema.levels.id, levelIds), isNull(schema.levels.archivedAt)))
        : Promise.resolve([]),
  );
  const skillName = new Map(skills.map((s) => [s.id, s.name]));
  const liveLevels = new Set(levels.map((l) => l.id));
  input.lines.forEach((l, i) => {
    if (!skillName.has(l.skill_id)) errors[`lines.${i}.skill_id`] = [RATE_MESSAGES.skillNotLive];
    if (l.level_id !== null && !liveLevels.has(l.level_id))
      errors[`lines.${i}.level_id`] = ["Unknown level."];
  });
  if (Object.keys(errors).length) throw new ValidationError(Object.values(errors)[0][0], errors);

  const rates = await clientRatesFor(ctx.db, {
    companyId: company.id,
    branchId: branch.id,
    skillIds,
  });
  const isHoliday = await branchCalendar(ctx.db, branch.id);
  const lines: PricedLine[] = input.lines.map((l, position) => {
    const [y, m, d] = l.date.split("-").map(Number);
    const [sh, sm] = l.start.split(":").map(Number);
    const [eh, em] = l.end.split(":").map(Number);
    const { start, end } = shiftInstants(
      { year: y, month: m, day: d },
      { hour: sh, minute: sm },
      { hour: eh, minute: em },
      branch.timeZone,
    );
    const rate = rates.get(l.skill_id);
    const brk = middleBreak(start, end, l.break_minutes);
    const minutes: Record<Band, number> = splitMinutes({
      start,
      end,
      timeZone: branch.timeZone,
      isHoliday,
      breaks: brk ? [brk] : [],
      ...(rate ? nightWindowOf(rate) : { nightStart: null, nightEnd: null }),
    });
    return {
      position,
      workDate: l.date,
      startTime: l.start,
      endTime: l.end,
      skillId: l.skill_id,
      levelId: l.level_id,
      positions: l.positions,
      breakMinutes: l.break_minutes,
      standardMinutes: minutes.standard,
      weekendMinutes: minutes.weekend,
      nightMinutes: minutes.night,
      standardPrice: rate ? rate.standard : null,
      weekendPrice: rate ? rate.weekend : null,
      nightPrice: rate ? rate.night : null,
      amount: rate ? toMinorUnits(costOf(minutes, rate) * l.positions) : 0,
    };
  });
  const missing = skillIds
    .filter((id) => !rates.has(id))
    .map((id) => ({
      skill_id: id,
      skill_name: skillName.get(id)!,
      message: missingQuotePriceText(company.name, skillName.get(id)!, branch.name),
    }));
  const costs = input.costs.map((c, position) => ({
    position,
    category: c.category,
    description: c.description,
    quantity: c.quantity,
    unitAmount: c.unit_amount,
  }));
  const totals = quoteTotals({
    lines: lines.map((l) => l.amount),
    costs: costs.map((c) => c.quantity * c.unitAmount),
    discount:
      input.discount_kind && input.discount_value !== null
        ? { kind: input.discount_kind, value: input.discount_value }
        : null,
    vatBasisPoints: company.vat,
  });
  // Amounts are stored as 32-bit integers of minor units: a larger quote is refused, not a 500.
  if (Math.max(totals.subtotal + totals.vat, ...lines.map((l) => l.amount)) > MAX_INT)
    throw new ValidationError(QUOTE_MESSAGES.tooLarge, { lines: [QUOTE_MESSAGES.tooLarge] });
  const contacts = await clientContacts(ctx, company.id);
  const clientData = {
    company: {
      id: company.id,
      name: company.name,
      tax_id: company.taxId,
      address: company.address,
      zip: company.zip,
      city: company.city,
      email: company.email,
      phone: company.phone,
    },
    contacts: contacts.map((c) => ({ id: c.id, name: c.name, email: c.email })),
  };
  return {
    company: { id: company.id, name: company.name, countryId: company.countryId },
    branch,
    today,
    vatBasisPoints: company.vat,
    lines,
    costs,
    totals,
    missing,
    clientData,
  };
}

/** The values a quote row takes from the input and its pricing. */
export function quoteValues(input: QuoteFields, p: PreparedQuote) {
  return {
    companyId: p.company.id,
    branchId: p.branch.id,
    venueId: input.venue_id,
    address: input.address,
    name: input.name,
    currencyCode: p.branch.currencyCode,
    validUntil: input.valid_until,
    discountKind: input.discount_kind && input.discount_value !== null ? input.discount_kind : null,
    discountValue:
      input.discount_kind && input.discount_value !== null ? input.discount_value : null,
    vatBasisPoints: p.vatBasisPoints,
    notes: input.notes,
    clientData: p.clientData,
    subtotalAmount: p.totals.subtotal,
    discountAmount: p.totals.discount,
    vatAmount: p.totals.vat,
    totalAmount: p.totals.total,
  };
}

/** Writes a quote's lines and costs (its old ones are deleted first by the caller). */
export async function insertQuoteParts(ctx: TxCtx, quoteId: number, p: PreparedQuote) {
  if (p.lines.length)
    await ctx.db.insert(schema.quoteLines).values(p.lines.map((l) => ({ ...l, quoteId })));
  if (p.costs.length)
    await ctx.db.insert(schema.quoteCosts).values(p.costs.map((c) => ({ ...c, quoteId })));
}
