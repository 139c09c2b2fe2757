"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  countryInput,
  createCountry,
  deleteCountry,
  updateCountry,
} from "@/lib/services/countries";

type CountryValues = z.input<typeof countryInput>;

export async function createCountryAction(values: CountryValues) {
  return runParsed(countryInput, values, createCountry);
}

export async function updateCountryAction(id: number, values: CountryValues) {
  return runParsed(countryInput, values, (ctx, input) => updateCountry(ctx, id, input));
}

export async function deleteCountryAction(id: number) {
  return runAction((ctx) => deleteCountry(ctx, id));
}
