import { NextResponse } from "next/server";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import type { QueryValue } from "../query";
import { flag } from "@/lib/services/params";
import { listBranches, listCountries } from "@/lib/services/reference";
import {
  countriesListInput,
  countryInput,
  createCountry,
  deleteCountry,
  getCountry,
  listCountriesPage,
  updateCountry,
} from "@/lib/services/countries";
import { listCurrencies } from "@/lib/services/countries/currencies";
import {
  branchInput,
  branchesListInput,
  createBranch,
  deleteBranch,
  getBranch,
  listBranchesPage,
  restoreBranch,
  updateBranch,
} from "@/lib/services/branches";

/**
 * Countries, currencies and branches (spec §7 "Master data"). GET countries and GET branches
 * keep their picker contract (a plain array, any signed-in user); asking for a page (`page`,
 * `perPage` or a `filter`) answers the settings screen's list instead: { data, meta }, which
 * needs country_access / branch_access.
 */
const wantsPage = (query: Record<string, QueryValue>) =>
  query.page !== undefined || query.perPage !== undefined || query.filter !== undefined;

export const getCountries = endpoint({
  method: "GET",
  path: "/countries",
  summary:
    "Without page: the pickers' operational countries by id, a plain array (all=1 adds the " +
    "others). With page, perPage or filter[search|operational]: the /countries list by id, " +
    "10 a page, { data, meta } (country_access)",
  tag: "countries",
  auth: "user",
  // `all` belongs to the picker answer, the rest to the page.
  query: countriesListInput.extend({ all: flag }),
  paginated: true,
  run: async (ctx, { query }) =>
    wantsPage(query)
      ? listCountriesPage(ctx, query)
      : NextResponse.json({ data: await listCountries(ctx, query) }),
});

export const postCountry = endpoint({
  method: "POST",
  path: "/countries",
  summary:
    "Create a country (name, iso_code, currency, time_zone, operational, phone_prefix, " +
    "rest_hours 0–24, vat_basis_points 0–10000 or blank for none: the VAT on its clients' quotes)",
  tag: "countries",
  auth: "user",
  body: countryInput,
  status: 201,
  run: (ctx, { body }) => createCountry(ctx, body),
});

export const getCountryEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/countries/{id}",
  summary: "One country, operational or not, with where it is used",
  tag: "countries",
  auth: "user",
  run: (ctx, { params }) => getCountry(ctx, params.id),
});

export const putCountry = endpoint<{ id: string }>({
  method: "PUT",
  path: "/countries/{id}",
  summary:
    "Replace a country's fields (operational: 0 hides it from every picker; vat_basis_points absent or blank: no VAT)",
  tag: "countries",
  auth: "user",
  body: countryInput,
  run: (ctx, { params, body }) => updateCountry(ctx, params.id, body),
});

export const deleteCountryEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/countries/{id}",
  summary:
    "Delete a country nothing uses; 409 naming where it is used (set it not operational instead)",
  tag: "countries",
  auth: "user",
  run: (ctx, { params }) => deleteCountry(ctx, params.id),
});

export const getCurrencies = endpoint({
  method: "GET",
  path: "/currencies",
  summary: "Every currency by code (code, name, symbol, minor_units), for any signed-in user",
  tag: "countries",
  auth: "user",
  run: (ctx) => listCurrencies(ctx),
});

export const getBranches = endpoint({
  method: "GET",
  path: "/branches",
  summary:
    "Without page: every live branch by name, a plain array (pickers). With page, perPage or " +
    "filter[search|country_id|archived]: the /branches list by name, 10 a page, { data, meta } " +
    "(branch_access)",
  tag: "branches",
  auth: "user",
  query: branchesListInput,
  paginated: true,
  run: async (ctx, { query }) =>
    wantsPage(query)
      ? listBranchesPage(ctx, query)
      : NextResponse.json({ data: await listBranches(ctx) }),
});

export const postBranch = endpoint({
  method: "POST",
  path: "/branches",
  summary:
    "Create a branch (name, country_id of an operational country, city, address); a name " +
    'taken in any case is 422 "Another branch with this name already exists"',
  tag: "branches",
  auth: "user",
  body: branchInput,
  status: 201,
  run: (ctx, { body }) => createBranch(ctx, body),
});

export const getBranchEndpoint = endpoint<{ id: string }>({
  method: "GET",
  path: "/branches/{id}",
  summary: "One branch, live or archived, with where it is used",
  tag: "branches",
  auth: "user",
  run: (ctx, { params }) => getBranch(ctx, params.id),
});

export const putBranch = endpoint<{ id: string }>({
  method: "PUT",
  path: "/branches/{id}",
  summary: "Replace a branch's fields (same rules as POST)",
  tag: "branches",
  auth: "user",
  body: branchInput,
  run: (ctx, { params, body }) => updateBranch(ctx, params.id, body),
});

export const deleteBranchEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/branches/{id}",
  summary:
    "Delete an unused branch; one that jobs, users or companies use is archived instead " +
    "(archived: true, hidden from pickers, kept on their history)",
  tag: "branches",
  auth: "user",
  run: (ctx, { params }) => deleteBranch(ctx, params.id),
});

export const restoreBranchEndpoint = endpoint<{ id: string }>({
  method: "POST",
  path: "/branches/{id}/restore",
  summary:
    "Bring an archived branch back to the list and the pickers (409 when it is not archived)",
  tag: "branches",
  auth: "user",
  run: (ctx, { params }) => restoreBranch(ctx, params.id),
});

export const geoEndpoints: Endpoint[] = [
  getCountries,
  postCountry,
  getCountryEndpoint,
  putCountry,
  deleteCountryEndpoint,
  getCurrencies,
  getBranches,
  postBranch,
  getBranchEndpoint,
  putBranch,
  restoreBranchEndpoint,
  deleteBranchEndpoint,
] as Endpoint[];
