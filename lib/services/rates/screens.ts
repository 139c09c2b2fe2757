import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import type { Ctx } from "../context";
import { escapeLike } from "../like";
import { isId, parseId, searchText } from "../params";
import { cardRows, type ClientRateView } from "./client-rates";
import { listPresets, type PresetView } from "./presets";
import {
  branchCurrency,
  loadCompany,
  requireRateAccess,
  requireWorkerRateAccess,
  type CurrencyView,
} from "./shared";
import { skillsForRates, type RateSkillView } from "./skills";
import { workerRatesCard } from "./worker-rates";

/** What the rate screens read in one go (the same verbs and rules as the REST calls). */

export interface BranchOption {
  id: number;
  name: string;
  country: string;
  currency_code: string;
}

/** Live branches with their country's currency, by name. */
export async function branchOptions(db: DbOrTx): Promise<BranchOption[]> {
  const rows = await db
    .select({
      id: schema.branches.id,
      name: schema.branches.name,
      country: schema.countries.name,
      currency_code: schema.countries.currencyCode,
    })
    .from(schema.branches)
    .innerJoin(schema.countries, eq(schema.countries.id, schema.branches.countryId))
    .where(isNull(schema.branches.deletedAt))
    .orderBy(asc(schema.branches.name), asc(schema.branches.id))
    .limit(500);
  return rows.map((r) => ({ ...r, currency_code: r.currency_code.trim() }));
}

/** `wanted` when it names one of the branches, else `fallback`, else the first. */
function chooseBranch(branches: BranchOption[], wanted: unknown, fallback?: number | null) {
  const asked = isId(wanted) ? Number(wanted) : undefined;
  return (
    branches.find((b) => b.id === asked) ??
    branches.find((b) => b.id === fallback) ??
    branches[0] ??
    null
  );
}

/** The company whose card a screen shows [rate_access]; 404 for an unknown or archived one. */
export async function rateCardCompany(ctx: Ctx, rawCompanyId: unknown) {
  requireRateAccess(ctx);
  const company = await loadCompany(ctx.db, parseId(rawCompanyId, "Company"));
  return { id: company.id, name: company.name };
}

export interface ClientRatesScreen {
  company: { id: number; name: string; default_branch_id: number | null };
  branches: BranchOption[];
  branch: BranchOption | null;
  currency: CurrencyView | null;
  skills: RateSkillView[];
  rates: ClientRateView[];
  presets: PresetView[];
}

/**
 * /client/{id}/rates: the company's card at one branch (?branch=, else the company's default
 * branch, else the first), the skills it can price and the presets. 404 for an unknown company.
 */
export async function clientRatesScreen(
  ctx: Ctx,
  rawCompanyId: unknown,
  rawBranch: unknown,
): Promise<ClientRatesScreen> {
  requireRateAccess(ctx);
  const company = await loadCompany(ctx.db, parseId(rawCompanyId, "Company"));
  const branches = await branchOptions(ctx.db);
  // The default branch first in the picker.
  branches.sort(
    (a, b) => Number(b.id === company.defaultBranchId) - Number(a.id === company.defaultBranchId),
  );
  const branch = chooseBranch(branches, rawBranch, company.defaultBranchId);
  const [currency, skills, rates, presets] = branch
    ? await sideBySide(
        ctx.db,
        () => branchCurrency(ctx.db, branch.id),
        () => skillsForRates(ctx, company.id, { branch_id: branch.id }),
        () =>
          cardRows(
            ctx.db,
            and(
              eq(schema.clientRates.companyId, company.id),
              eq(schema.clientRates.branchId, branch.id),
            ),
          ),
        () => listPresets(ctx, {}),
      )
    : [null, [], [], []];
  return {
    company: { id: company.id, name: company.name, default_branch_id: company.defaultBranchId },
    branches,
    branch,
    currency,
    skills,
    rates,
    presets,
  };
}

/**
 * A worker search for the custom-rate picker [can_manage_worker_rates]: up to 8 live
 * freelancers whose name or e-mail contains the text.
 */
export async function searchWorkersForRates(ctx: Ctx, raw: unknown) {
  requireWorkerRateAccess(ctx);
  const parsed = searchText.safeParse(raw);
  const text = parsed.success ? parsed.data : undefined;
  if (!text) return [];
  const pattern = `%${escapeLike(text)}%`;
  return ctx.db
    .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email })
    .from(schema.users)
    .where(
      and(
        isNull(schema.users.deletedAt),
        isNull(schema.users.companyId),
        or(ilike(schema.users.name, pattern), ilike(schema.users.email, pattern)),
        sql`exists (select 1 from ${schema.userRoles} ur join ${schema.roles} r on r.id = ur.role_id
          where ur.user_id = ${schema.users.id} and r.title = ${ROLE.worker})`,
      ),
    )
    .orderBy(asc(schema.users.name), asc(schema.users.id))
    .limit(8);
}

/** /worker-rates: the branches and the card of one branch (?branch=), with ?user='s custom rates. */
export async function workerRatesScreen(ctx: Ctx, q: { branch?: unknown; user?: unknown }) {
  const actor = requireWorkerRateAccess(ctx);
  const branches = await branchOptions(ctx.db);
  // Without ?branch=, the user's own first branch.
  const own = actor.kind === "user" ? actor.branchIds[0] : undefined;
  const branch = chooseBranch(branches, q.branch, own);
  if (!branch) return { branches, branch: null, card: null };
  const card = await workerRatesCard(ctx, {
    branch_id: branch.id,
    user_id: isId(q.user) ? q.user : undefined,
  }).catch((err: unknown) => {
    // A stale ?user= (deleted, or not a worker) shows the card without custom rates.
    if ((err as { status?: number }).status === 404)
      return workerRatesCard(ctx, { branch_id: branch.id });
    throw err;
  });
  return { branches, branch, card };
}
