import { asc } from "drizzle-orm";
import { schema } from "@/db";
import { requireUser, type Ctx } from "../context";

export interface CurrencyView {
  code: string;
  name: string;
  symbol: string;
  /** Digits after the decimal point (amounts are stored as integers in minor units). */
  minor_units: number;
}

/** GET currencies: every currency, by code, for any signed-in user (the country form's select). */
export async function listCurrencies(ctx: Ctx): Promise<CurrencyView[]> {
  requireUser(ctx);
  return ctx.db
    .select({
      code: schema.currencies.code,
      name: schema.currencies.name,
      symbol: schema.currencies.symbol,
      minor_units: schema.currencies.minorUnits,
    })
    .from(schema.currencies)
    .orderBy(asc(schema.currencies.code));
}
