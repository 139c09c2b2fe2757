import { z } from "zod";
import { flag, idSchema, optionalId } from "../params";
import { checkNightWindow, clockTime, optionalLevelId, price, RATE_MESSAGES } from "./shared";

/** JSON posted as a string (the older clients send `jsonData` as text) or as an object. */
export const jsonText = <S extends z.ZodType>(inner: S) =>
  z.preprocess((v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, inner);

const clientBands = z.object({
  standard_price: price.default(null),
  weekend_price: price.default(null),
  night_price: price.default(null),
  night_start: clockTime.default(null),
  night_end: clockTime.default(null),
  rate_worker: price.default(null),
});
type ClientBands = z.output<typeof clientBands>;

/** A row with nothing priced: on a card save it removes the skill's row. */
export const isEmptyClientRow = (r: ClientBands) =>
  r.standard_price === null &&
  r.weekend_price === null &&
  r.night_price === null &&
  r.rate_worker === null;

function checkClientBands(r: ClientBands, ctx: z.RefinementCtx) {
  checkNightWindow(
    r,
    { field: "night_price", price: r.night_price, rowEmpty: isEmptyClientRow(r) },
    ctx,
  );
  if (r.standard_price === null && !isEmptyClientRow(r))
    ctx.addIssue({
      code: "custom",
      path: ["standard_price"],
      message: RATE_MESSAGES.standardRequired,
    });
}

export const clientRateRow = clientBands
  .extend({ skill_id: idSchema, level_id: optionalLevelId })
  .superRefine(checkClientBands);
export type ClientRateRow = z.output<typeof clientRateRow>;

export const clientCard = z
  .object({
    company_id: idSchema,
    branch_id: idSchema,
    rates: z.array(clientRateRow).max(1000),
  })
  .superRefine((card, ctx) => {
    const seen = new Set<string>();
    card.rates.forEach((r, i) => {
      const key = `${r.skill_id}:${r.level_id ?? ""}`;
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["rates", i, "skill_id"],
          message: "This skill is listed twice on the card.",
        });
      seen.add(key);
    });
  });
export type ClientCard = z.output<typeof clientCard>;

/** POST/PUT rates: the whole card of one company and branch. */
export const saveCardInput = z.object({
  jsonData: jsonText(clientCard),
  /** Saves rates that lose money (410 `rate_loses_money` otherwise). */
  save_anyway: flag,
});

export const ratesListInput = z.object({
  filter: z
    .object({
      company_id: optionalId,
      branch_id: optionalId,
      parent_skill_id: optionalId,
      level_id: optionalId,
      invoice: flag,
    })
    .default({
      company_id: undefined,
      branch_id: undefined,
      parent_skill_id: undefined,
      level_id: undefined,
      invoice: undefined,
    }),
});

export const clientRateQuery = z.object({ skill: idSchema, branch: idSchema });

/** POST rates/client: one row of a card. */
export const clientRateInput = clientBands
  .extend({
    company_id: idSchema,
    branch_id: idSchema,
    skill_id: idSchema,
    level_id: optionalLevelId,
    save_anyway: flag,
  })
  .superRefine((r, ctx) => {
    checkClientBands(r, ctx);
    if (isEmptyClientRow(r))
      ctx.addIssue({
        code: "custom",
        path: ["standard_price"],
        message: RATE_MESSAGES.standardRequired,
      });
  });

/** PUT rates/update/{id}: the prices of one row. */
export const clientRateUpdate = clientBands.extend({ save_anyway: flag }).superRefine((r, ctx) => {
  checkClientBands(r, ctx);
  if (isEmptyClientRow(r))
    ctx.addIssue({
      code: "custom",
      path: ["standard_price"],
      message: RATE_MESSAGES.standardRequired,
    });
});

export const currencyInput = z.object({ company_id: idSchema, branch_id: idSchema });
