import { z } from "zod";
import { LABEL_MAX, tooLongMessage } from "@/lib/domain/text-limits";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { schema } from "@/db";
import { logActivity } from "../activity";
import { actorId, withTx, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { idSchema, optionalId } from "../params";
import { parseInput } from "../validate";
import {
  clientCard,
  clientRateRow,
  isEmptyClientRow,
  jsonText,
  type ClientRateRow,
} from "./client-schemas";
import {
  branchCurrency,
  loadCompany,
  RATE_MESSAGES,
  requireLiveLevels,
  requireLiveSkills,
  requireRateAccess,
  type CurrencyView,
} from "./shared";

/**
 * Rate presets (spec §7 `GET/POST rates/presets`): a card's rows saved under a name with their
 * currency, to load into another company's or branch's grid. Applying a preset only fills the
 * grid; the user then saves the card. A preset priced in another currency than the target
 * branch is refused (prices are not converted).
 */
export interface PresetView {
  id: number;
  name: string;
  company_id: number | null;
  company_name: string | null;
  branch_id: number | null;
  branch_name: string | null;
  currency_code: string;
  rates_count: number;
  created_at: string;
}

/** What `json_data` holds. */
const presetData = z.object({
  currency_code: z.string().length(3),
  rates: z.array(clientRateRow),
});

export const presetsListInput = z.object({
  filter: z
    .object({ company_id: optionalId, branch_id: optionalId, currency_code: z.string().optional() })
    .default({ company_id: undefined, branch_id: undefined, currency_code: undefined }),
});

export const savePresetInput = z.object({
  jsonData: jsonText(clientCard),
  presetName: z
    .string({ error: "The preset name field is required." })
    .trim()
    .min(1, "The preset name field is required.")
    .max(LABEL_MAX, tooLongMessage("preset name", LABEL_MAX)),
});

export const applyPresetInput = z.object({
  preset_id: idSchema,
  company_id: idSchema,
  branch_id: idSchema,
});

const rp = schema.ratePresets;

/** GET rates/presets?filter[company_id, branch_id, currency_code] [rate_access], newest first. */
export async function listPresets(ctx: Ctx, raw: unknown): Promise<PresetView[]> {
  requireRateAccess(ctx);
  const { filter } = parseInput(presetsListInput, raw ?? {});
  const rows = await ctx.db
    .select({
      id: rp.id,
      name: rp.name,
      company_id: rp.companyId,
      company_name: schema.companies.name,
      branch_id: rp.branchId,
      branch_name: schema.branches.name,
      data: rp.jsonData,
      created_at: rp.createdAt,
    })
    .from(rp)
    .leftJoin(schema.companies, eq(schema.companies.id, rp.companyId))
    .leftJoin(schema.branches, eq(schema.branches.id, rp.branchId))
    .where(
      and(
        filter.company_id ? eq(rp.companyId, filter.company_id) : undefined,
        filter.branch_id ? eq(rp.branchId, filter.branch_id) : undefined,
      ),
    )
    .orderBy(desc(rp.createdAt), desc(rp.id))
    .limit(500);
  return rows
    .map(({ data, created_at, ...r }) => {
      const parsed = presetData.safeParse(data);
      return {
        ...r,
        currency_code: parsed.success ? parsed.data.currency_code : "",
        rates_count: parsed.success ? parsed.data.rates.length : 0,
        created_at: created_at.toISOString(),
      };
    })
    .filter((p) => !filter.currency_code || p.currency_code === filter.currency_code);
}

/** POST rates/presets (jsonData = a card, presetName) → "Preset saved successfully". */
export async function savePreset(
  ctx: Ctx,
  raw: unknown,
): Promise<{ id: number; name: string; currency_code: string; message: string }> {
  requireRateAccess(ctx);
  const input = parseInput(savePresetInput, raw ?? {});
  const card = input.jsonData;
  return withTx(ctx, async (ctx) => {
    await loadCompany(ctx.db, card.company_id);
    const currency = await branchCurrency(ctx.db, card.branch_id);
    const rates = card.rates.filter((r) => !isEmptyClientRow(r));
    if (!rates.length)
      throw new ValidationError("Enter at least one price before saving a preset.", {
        rates: ["Enter at least one price before saving a preset."],
      });
    await requireLiveSkills(ctx.db, rates);
    await requireLiveLevels(ctx.db, rates);
    const [row] = await ctx.db
      .insert(rp)
      .values({
        name: input.presetName,
        companyId: card.company_id,
        branchId: card.branch_id,
        jsonData: { currency_code: currency.code, rates },
        createdById: actorId(ctx),
        createdAt: ctx.now,
      })
      .returning({ id: rp.id });
    await logActivity(ctx, {
      logName: "rates",
      description: `Saved rate preset "${input.presetName}"`,
      subjectType: "rate_presets",
      subjectId: row.id,
      properties: {
        attributes: { name: input.presetName, currency: currency.code, rates: rates.length },
      },
    });
    return {
      id: row.id,
      name: input.presetName,
      currency_code: currency.code,
      message: RATE_MESSAGES.presetSaved,
    };
  });
}

/**
 * Loads a preset's rows for a company and branch's grid (nothing is written). 422 when the
 * preset's currency is not the branch's; rows of skills deleted since are left out.
 */
export async function applyPreset(
  ctx: Ctx,
  raw: unknown,
): Promise<{
  rates: (ClientRateRow & { skill_name: string })[];
  currency: CurrencyView;
  name: string;
}> {
  requireRateAccess(ctx);
  const input = parseInput(applyPresetInput, raw ?? {});
  await loadCompany(ctx.db, input.company_id);
  const currency = await branchCurrency(ctx.db, input.branch_id);
  const [preset] = await ctx.db.select().from(rp).where(eq(rp.id, input.preset_id));
  if (!preset) throw new NotFoundError("Preset not found.");
  const data = presetData.safeParse(preset.jsonData);
  if (!data.success) throw new NotFoundError("Preset not found.");
  if (data.data.currency_code !== currency.code)
    throw new ValidationError(RATE_MESSAGES.currencyMismatch, {
      preset_id: [
        `The preset "${preset.name}" is priced in ${data.data.currency_code}; this branch uses ${currency.code}.`,
      ],
    });
  const ids = data.data.rates.map((r) => r.skill_id);
  const live = ids.length
    ? await ctx.db
        .select({ id: schema.skills.id, name: schema.skills.name })
        .from(schema.skills)
        .where(and(inArray(schema.skills.id, ids), isNull(schema.skills.deletedAt)))
    : [];
  const names = new Map(live.map((s) => [s.id, s.name]));
  return {
    name: preset.name,
    currency,
    rates: data.data.rates
      .filter((r) => names.has(r.skill_id))
      .map((r) => ({ ...r, skill_name: names.get(r.skill_id)! })),
  };
}

/**
 * DELETE rates/presets/{id} [rate_access]: the preset is gone from every card's Apply list;
 * the cards it was applied to keep their prices (applying copied them).
 */
export async function deletePreset(
  ctx: Ctx,
  rawId: unknown,
): Promise<{ id: number; message: string }> {
  requireRateAccess(ctx);
  const parsed = idSchema.safeParse(rawId);
  if (!parsed.success) throw new NotFoundError("Preset not found.");
  const id = parsed.data;
  return withTx(ctx, async (ctx) => {
    const [row] = await ctx.db.delete(rp).where(eq(rp.id, id)).returning({ name: rp.name });
    if (!row) throw new NotFoundError("Preset not found.");
    await logActivity(ctx, {
      logName: "rates",
      description: `Deleted rate preset "${row.name}"`,
      subjectType: "rate_presets",
      subjectId: id,
      properties: { old: { name: row.name } },
    });
    return { id, message: RATE_MESSAGES.presetDeleted(row.name) };
  });
}
