import { and, asc, eq, isNull } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import type { Ctx } from "../context";
import { NotFoundError } from "../errors";
import { RATE_MESSAGES } from "../rates/shared";
import { parseInput } from "../validate";
import { requireQuoteOffice } from "./access";
import { clientContacts } from "./prepare";
import { clientDataInput } from "./schemas";

export interface QuoteClientData {
  company: { id: number; name: string; default_branch_id: number | null };
  /** VAT of the client's country in basis points; null: none. */
  vat_basis_points: number | null;
  contacts: { id: number; name: string; email: string }[];
  branches: {
    id: number;
    name: string;
    is_default: boolean;
    currency: { code: string; symbol: string; minor_units: number };
    /** The skills the client's card prices at this branch (sub-skills fall back to these). */
    priced_skill_ids: number[];
  }[];
}

/**
 * POST job-quotes/get-client-data (company_id): what the quote form needs of a client — its
 * client contacts, every live branch with its currency, and which skills have a client price
 * on each branch. The office with job_edit; four queries whatever the company's size.
 */
export async function quoteClientData(ctx: Ctx, raw: unknown): Promise<QuoteClientData> {
  requireQuoteOffice(ctx);
  const input = parseInput(clientDataInput, raw ?? {});
  const [company] = await ctx.db
    .select({
      id: schema.companies.id,
      name: schema.companies.name,
      defaultBranchId: schema.companies.defaultBranchId,
      vat: schema.countries.vatBasisPoints,
    })
    .from(schema.companies)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.companies.countryId))
    .where(and(eq(schema.companies.id, input.company_id), isNull(schema.companies.deletedAt)));
  if (!company) throw new NotFoundError(RATE_MESSAGES.companyNotFound);
  const cr = schema.clientRates;
  const [contacts, branches, rates] = await sideBySide(
    ctx.db,
    () => clientContacts(ctx, company.id),
    () =>
      ctx.db
        .select({
          id: schema.branches.id,
          name: schema.branches.name,
          code: schema.currencies.code,
          symbol: schema.currencies.symbol,
          minorUnits: schema.currencies.minorUnits,
        })
        .from(schema.branches)
        .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
        .innerJoin(schema.currencies, eq(schema.currencies.code, schema.countries.currencyCode))
        .where(isNull(schema.branches.deletedAt))
        .orderBy(asc(schema.branches.name), asc(schema.branches.id)),
    () =>
      ctx.db
        .selectDistinct({ branchId: cr.branchId, skillId: cr.skillId })
        .from(cr)
        .where(and(eq(cr.companyId, company.id), isNull(cr.jobId), isNull(cr.levelId)))
        .orderBy(asc(cr.branchId), asc(cr.skillId)),
  );
  return {
    company: { id: company.id, name: company.name, default_branch_id: company.defaultBranchId },
    vat_basis_points: company.vat,
    contacts,
    branches: branches.map((b) => ({
      id: b.id,
      name: b.name,
      is_default: b.id === company.defaultBranchId,
      currency: { code: b.code.trim(), symbol: b.symbol, minor_units: b.minorUnits },
      priced_skill_ids: rates.filter((r) => r.branchId === b.id).map((r) => r.skillId),
    })),
  };
}
