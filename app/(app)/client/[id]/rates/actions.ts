"use server";

import { runAction } from "@/lib/http/action";
import { applyPreset, deletePreset, saveClientCard, savePreset } from "@/lib/services/rates";

/** The card as the grid sends it: every row shown, prices in minor units. */
export interface CardPayload {
  company_id: number;
  branch_id: number;
  rates: ({ skill_id: number } & Record<string, number | string | null>)[];
}

/** `save_anyway` answers "this rate loses money" (410 rate_loses_money). */
export async function saveClientCardAction(
  card: CardPayload,
  flags: { save_anyway?: boolean } = {},
) {
  return runAction((ctx) =>
    saveClientCard(ctx, { jsonData: card, save_anyway: flags?.save_anyway === true }),
  );
}

export async function savePresetAction(card: CardPayload, presetName: string) {
  return runAction((ctx) => savePreset(ctx, { jsonData: card, presetName }));
}

export async function applyPresetAction(input: {
  preset_id: number;
  company_id: number;
  branch_id: number;
}) {
  return runAction((ctx) => applyPreset(ctx, input));
}

export async function deletePresetAction(presetId: number) {
  return runAction((ctx) => deletePreset(ctx, presetId));
}
