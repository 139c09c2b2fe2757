import { done } from "@/lib/domain/done";
import { z } from "zod";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, type Ctx } from "../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { idSchema } from "../params";

/**
 * What every rate verb shares: the band fields (prices in minor units, a night window in
 * "HH:mm"), the currency of a branch, and the live-skill check. Rates are always stored in the
 * currency of the branch's country (spec §3 Rates; `POST rates/client/get-currency`).
 */

/** The largest hourly price accepted: 1,000,000.00 in a two-decimal currency. */
export const MAX_PRICE = 100_000_000;

export const RATE_MESSAGES = {
  updated: "Record updated successfully",
  presetSaved: "Preset saved successfully",
  presetDeleted: (name: string) => done("Preset", name, "deleted"),
  skillNotLive: "This skill does not exist or has been deleted.",
  branchNotFound: "Branch not found.",
  companyNotFound: "Company not found.",
  standardRequired: "Enter the standard price; the other prices add to it.",
  nightWindow: "Enter both the night start and the night end, or neither.",
  nightWindowEmpty: "The night start and the night end cannot be the same time.",
  nightPriceNeedsWindow: "Enter the night window this night price applies in.",
  nightWindowNeedsPrice: "Enter the night price for this night window.",
  currencyMismatch: "This preset is priced in another currency than the branch.",
  wrongCurrency: "The currency must be the currency of the branch's country.",
} as const;

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

/** A price in minor units: a whole number from 0 to MAX_PRICE, or null (empty). */
export const price = z.preprocess(
  blankToNull,
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number of minor units")
    .min(0, "cannot be negative")
    .max(MAX_PRICE, "is too large")
    .nullable(),
);

/** "HH:mm" (00:00–23:59) or null when empty (spec §5: sent as null when empty). */
export const clockTime = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time as HH:mm")
    .nullable(),
);

export const optionalLevelId = z.preprocess(blankToNull, idSchema.nullable()).default(null);

/**
 * The night band is a price and a window together (the pricing engine drops a window without a
 * price, and a price without a window would never apply): both edges or neither, distinct
 * edges, and — on a row that prices anything — a night price exactly when there is a window.
 */
export function checkNightWindow(
  row: { night_start: string | null; night_end: string | null },
  night: { field: string; price: number | null; rowEmpty: boolean },
  ctx: z.RefinementCtx,
) {
  if ((row.night_start === null) !== (row.night_end === null)) {
    const path = row.night_start === null ? "night_start" : "night_end";
    ctx.addIssue({ code: "custom", path: [path], message: RATE_MESSAGES.nightWindow });
    return;
  }
  if (row.night_start !== null && row.night_start === row.night_end) {
    ctx.addIssue({ code: "custom", path: ["night_end"], message: RATE_MESSAGES.nightWindowEmpty });
    return;
  }
  if (night.rowEmpty) return;
  if (night.price !== null && row.night_start === null)
    ctx.addIssue({
      code: "custom",
      path: ["night_start"],
      message: RATE_MESSAGES.nightPriceNeedsWindow,
    });
  if (night.price === null && row.night_start !== null)
    ctx.addIssue({
      code: "custom",
      path: [night.field],
      message: RATE_MESSAGES.nightWindowNeedsPrice,
    });
}

export interface CurrencyView {
  id: number;
  code: string;
  name: string;
  symbol: string;
  minor_units: number;
}

/** The currency of a live branch's country; 404 for an unknown or deleted branch. */
export async function branchCurrency(db: DbOrTx, branchId: number): Promise<CurrencyView> {
  const [row] = await db
    .select({
      id: schema.currencies.id,
      code: schema.currencies.code,
      name: schema.currencies.name,
      symbol: schema.currencies.symbol,
      minor_units: schema.currencies.minorUnits,
    })
    .from(schema.branches)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
    .innerJoin(schema.currencies, eq(schema.currencies.code, schema.countries.currencyCode))
    .where(and(eq(schema.branches.id, branchId), isNull(schema.branches.deletedAt)));
  if (!row) throw new NotFoundError(RATE_MESSAGES.branchNotFound);
  return { ...row, code: row.code.trim() };
}

/** A live company (archived companies keep their cards but take no new prices). */
export async function loadCompany(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({
      id: schema.companies.id,
      name: schema.companies.name,
      defaultBranchId: schema.companies.defaultBranchId,
    })
    .from(schema.companies)
    .where(and(eq(schema.companies.id, companyId), isNull(schema.companies.deletedAt)));
  if (!row) throw new NotFoundError(RATE_MESSAGES.companyNotFound);
  return row;
}

/** 422 naming each row whose skill is not live (`rates.3.skill_id`). */
export async function requireLiveSkills(
  db: DbOrTx,
  rows: { skill_id: number }[],
  field = "rates",
): Promise<Map<number, { id: number; name: string }>> {
  const ids = [...new Set(rows.map((r) => r.skill_id))];
  const found = ids.length
    ? await db
        .select({ id: schema.skills.id, name: schema.skills.name })
        .from(schema.skills)
        .where(and(inArray(schema.skills.id, ids), isNull(schema.skills.deletedAt)))
    : [];
  const live = new Map(found.map((s) => [s.id, s]));
  const errors: Record<string, string[]> = {};
  rows.forEach((r, i) => {
    if (!live.has(r.skill_id)) errors[`${field}.${i}.skill_id`] = [RATE_MESSAGES.skillNotLive];
  });
  if (Object.keys(errors).length) throw new ValidationError(RATE_MESSAGES.skillNotLive, errors);
  return live;
}

/** 422 naming each row whose level is not live. */
export async function requireLiveLevels(
  db: DbOrTx,
  rows: { level_id: number | null }[],
  field = "rates",
): Promise<void> {
  const ids = [...new Set(rows.map((r) => r.level_id).filter((v): v is number => v !== null))];
  if (!ids.length) return;
  const found = await db
    .select({ id: schema.levels.id })
    .from(schema.levels)
    .where(and(inArray(schema.levels.id, ids), isNull(schema.levels.archivedAt)));
  const live = new Set(found.map((l) => l.id));
  const errors: Record<string, string[]> = {};
  rows.forEach((r, i) => {
    if (r.level_id !== null && !live.has(r.level_id))
      errors[`${field}.${i}.level_id`] = ["This level does not exist or has been archived."];
  });
  if (Object.keys(errors).length) throw new ValidationError("Unknown level.", errors);
}

/**
 * Client cards and presets [rate_access]. A client contact never reads rate cards: they carry
 * rate_worker (the assumed worker pay) and so the margin; even a custom role that hands a client
 * contact rate_access gets 403.
 */
export function requireRateAccess(ctx: Ctx) {
  const actor = requirePermission(ctx, "rate_access");
  if (actor.kind === "user" && actor.isClient) throw new ForbiddenError();
  return actor;
}

/** Worker cards [can_manage_worker_rates]; worker pay is never shown to a client contact. */
export function requireWorkerRateAccess(ctx: Ctx, ...also: "rate_access"[]) {
  const actor = requirePermission(ctx, "can_manage_worker_rates", ...also);
  if (actor.kind === "user" && actor.isClient) throw new ForbiddenError();
  return actor;
}

/** Live skills in the admin's order: each parent followed by its sub-skills. */
export async function skillsInOrder(db: DbOrTx) {
  const rows = await db
    .select({
      id: schema.skills.id,
      name: schema.skills.name,
      parentId: schema.skills.parentId,
      order: schema.skills.order,
    })
    .from(schema.skills)
    .where(isNull(schema.skills.deletedAt))
    .orderBy(asc(schema.skills.order), asc(schema.skills.id))
    .limit(2000);
  const byParent = new Map<number | null, typeof rows>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    // A sub-skill of a deleted parent is listed as a top-level skill.
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const out: { id: number; name: string; parent_id: number | null; parent_name: string | null }[] =
    [];
  for (const top of byParent.get(null) ?? []) {
    out.push({ id: top.id, name: top.name, parent_id: null, parent_name: null });
    for (const sub of byParent.get(top.id) ?? [])
      out.push({ id: sub.id, name: sub.name, parent_id: top.id, parent_name: top.name });
  }
  return out;
}
