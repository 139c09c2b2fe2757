import "server-only";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { keyAccountManagerOptions } from "@/lib/services/companies";
import { listBranches, listCountries } from "@/lib/services/reference";

/** What the client form offers: operational countries, live branches, office users. */
export async function clientFormOptions(currentCountryId?: number) {
  const ctx = await requestCtx();
  const [countries, branches, managers] = await Promise.all([
    pageData(listCountries(ctx, { all: 1 })),
    pageData(listBranches(ctx)),
    pageData(keyAccountManagerOptions(ctx)),
  ]);
  return {
    countries: countries
      .filter((c) => c.operational || c.id === currentCountryId)
      .map((c) => ({ id: c.id, name: c.name })),
    branches,
    managers,
  };
}

export type ClientFormOptions = Awaited<ReturnType<typeof clientFormOptions>>;
