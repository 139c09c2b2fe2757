import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  applyPreset,
  deletePreset,
  applyPresetInput,
  clientRateInput,
  clientRateQuery,
  clientRateUpdate,
  createClientRate,
  currencyInput,
  estimateCosts,
  estimateCostsInput,
  getClientCurrency,
  getClientRate,
  listClientRates,
  listPresets,
  presetsListInput,
  ratesListInput,
  saveCardInput,
  saveClientCard,
  savePreset,
  savePresetInput,
  saveWorkerCard,
  saveWorkerCardInput,
  saveWorkerRateSingle,
  singleWorkerRateInput,
  skillRatesInput,
  skillsForRates,
  skillsForRatesQuery,
  updateClientRate,
  workerCardQuery,
  workerRatesCard,
  workerRatesForSkill,
} from "@/lib/services/rates";

const tag = "rates";

export const getRates = endpoint({
  method: "GET",
  path: "/rates",
  summary:
    "Client rate card rows (job_id empty) with skill, parent skill, currency and every price: filter[company_id, branch_id, parent_skill_id, level_id, invoice] (invoice=1: only rows with a standard price above zero) [rate_access; never a client contact]",
  tag,
  auth: "user",
  query: ratesListInput,
  run: (ctx, { query }) => listClientRates(ctx, query),
});

export const postRates = endpoint({
  method: "POST",
  path: "/rates",
  summary:
    "Save a whole client rate card at once: jsonData = { company_id, branch_id, rates: [{ skill_id, level_id?, standard_price, weekend_price, night_price, night_start, night_end, rate_worker }] } in minor units of the branch's currency; a row with every price empty is removed [rate_access]",
  tag,
  auth: "user",
  body: saveCardInput,
  run: (ctx, { body }) => saveClientCard(ctx, body),
});

export const putRates = endpoint({
  method: "PUT",
  path: "/rates",
  summary: "The same as POST rates: save a whole client rate card (jsonData) [rate_access]",
  tag,
  auth: "user",
  body: saveCardInput,
  run: (ctx, { body }) => saveClientCard(ctx, body),
});

export const getPresets = endpoint({
  method: "GET",
  path: "/rates/presets",
  summary:
    "Rate presets, newest first, with their currency: filter[company_id, branch_id, currency_code] [rate_access]",
  tag,
  auth: "user",
  query: presetsListInput,
  run: (ctx, { query }) => listPresets(ctx, query),
});

export const postPreset = endpoint({
  method: "POST",
  path: "/rates/presets",
  summary:
    'Save a card\'s priced rows under a name (jsonData = a card as for POST rates, presetName) → "Preset saved successfully" [rate_access]',
  tag,
  auth: "user",
  body: savePresetInput,
  status: 201,
  run: (ctx, { body }) => savePreset(ctx, body),
});

export const postApplyPreset = endpoint({
  method: "POST",
  path: "/rates/presets/apply",
  summary:
    "The rows of a preset for a company and branch's grid (preset_id, company_id, branch_id); nothing is saved. 422 when the preset's currency is not the branch's [rate_access]",
  tag,
  auth: "user",
  body: applyPresetInput,
  run: (ctx, { body }) => applyPreset(ctx, body),
});

export const deletePresetEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/rates/presets/{id}",
  summary:
    'Delete a rate preset → "Preset <name> deleted"; cards it was applied to keep their prices [rate_access]',
  tag,
  auth: "user",
  run: (ctx, { params }) => deletePreset(ctx, params.id),
});

export const getClientRateEndpoint = endpoint<{ company_id: string }>({
  method: "GET",
  path: "/rates/client/{company_id}",
  summary: "One client rate (skill, branch) of a company, with its currency [rate_access]",
  tag,
  auth: "user",
  query: clientRateQuery,
  run: (ctx, { params, query }) => getClientRate(ctx, params.company_id, query),
});

export const postClientRate = endpoint({
  method: "POST",
  path: "/rates/client",
  summary:
    "Set one row of a client card (company_id, branch_id, skill_id, level_id?, prices) [rate_access]",
  tag,
  auth: "user",
  body: clientRateInput,
  status: 201,
  run: (ctx, { body }) => createClientRate(ctx, body),
});

export const postClientCurrency = endpoint({
  method: "POST",
  path: "/rates/client/get-currency",
  summary:
    "The currency of the branch's country (company_id, branch_id): id, code, name, symbol, minor_units [rate_access]",
  tag,
  auth: "user",
  body: currencyInput,
  run: (ctx, { body }) => getClientCurrency(ctx, body),
});

export const postEstimateCosts = endpoint({
  method: "POST",
  path: "/rates/client/estimate-costs",
  summary:
    "Price estimate of planned shifts (company_id, branch_id? — else the company's default branch, else the lowest of book_from_branches —, country_id? for the time zone and holidays, shifts: [{ startDate DD/MM/YYYY, start HH:mm, endHour HH:mm (an end at or before the start is the next day) | start, end ISO 8601, slots: [{ skill_id, positions | qty }] }]) → per shift and slot the minutes per band, the split, the client price per position and × positions (minor units), the total (rounded once from the exact sum), the currency, and the skills with no client rate in missing. Nothing is saved. Never carries worker pay [job_create, job_edit or rate_access; a client contact for its own company only]",
  tag,
  auth: "user",
  body: estimateCostsInput,
  run: (ctx, { body }) => estimateCosts(ctx, body),
});

export const putClientRate = endpoint<{ id: string }>({
  method: "PUT",
  path: "/rates/update/{id}",
  summary: 'Change the prices of one client card row → "Record updated successfully" [rate_access]',
  tag,
  auth: "user",
  body: clientRateUpdate,
  run: (ctx, { params, body }) => updateClientRate(ctx, params.id, body),
});

export const getSkillsForRates = endpoint<{ id: string }>({
  method: "GET",
  path: "/skillsForRates/{id}",
  summary:
    "The live skills company {id}'s card can price, parents followed by their sub-skills, with has_rate (at branch_id when given) [rate_access]",
  tag,
  auth: "user",
  query: skillsForRatesQuery,
  run: (ctx, { params, query }) => skillsForRates(ctx, params.id, query),
});

export const getWorkerRateSkills = endpoint({
  method: "GET",
  path: "/rates/workers/skills",
  summary:
    "Skills and levels with the worker rates of a branch (branch_id, level_id?), plus the custom rates of user_id [can_manage_worker_rates]",
  tag,
  auth: "user",
  query: workerCardQuery,
  run: (ctx, { query }) => workerRatesCard(ctx, query),
});

export const postWorkerRatesSave = endpoint({
  method: "POST",
  path: "/worker-rates/save",
  summary:
    "Save a whole worker rate card of a branch (branch_id, currency_id = the branch country's currency, rates: [{ skill_id, level_id?, amount, weekend_amount, night_amount, night_start, night_end }], user_id? for custom rates) [can_manage_worker_rates]",
  tag,
  auth: "user",
  body: saveWorkerCardInput,
  run: (ctx, { body }) => saveWorkerCard(ctx, body),
});

export const postWorkerRateSingle = endpoint({
  method: "POST",
  path: "/worker-rates/single",
  summary:
    "Set one worker rate (branch_id, skill_id, level_id?, user_id? for a custom rate, amounts) [can_manage_worker_rates]",
  tag,
  auth: "user",
  body: singleWorkerRateInput,
  run: (ctx, { body }) => saveWorkerRateSingle(ctx, body),
});

export const postWorkerRatesForSkill = endpoint({
  method: "POST",
  path: "/worker-rates",
  summary:
    "The worker rates of one skill at a branch (skill_id, branch_id), one per level, for the booking dialog [can_manage_worker_rates or rate_access]",
  tag,
  auth: "user",
  body: skillRatesInput,
  run: (ctx, { body }) => workerRatesForSkill(ctx, body),
});

export const ratesEndpoints: Endpoint[] = [
  getRates,
  postRates,
  putRates,
  getPresets,
  postPreset,
  postApplyPreset,
  deletePresetEndpoint,
  getClientRateEndpoint,
  postClientRate,
  postClientCurrency,
  postEstimateCosts,
  putClientRate,
  getSkillsForRates,
  getWorkerRateSkills,
  postWorkerRatesSave,
  postWorkerRateSingle,
  postWorkerRatesForSkill,
] as Endpoint[];
