import { and, asc, count, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { escapeLike } from "../like";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { pickerCondition } from "./access";
import { companiesInput } from "./schemas";

/** Who may list companies: the job form's, venues' and booking pickers, and the clients screen. */
const LISTERS = [
  "job_view",
  "job_create",
  "job_edit",
  "company_access",
  "venue_access",
  "jobs_book_workers",
] as const;

export interface CompanyOption {
  id: number;
  name: string;
  country_id: number;
  default_branch_id: number | null;
}

/** A row of GET companies: the picker's fields plus what the clients table shows. */
export interface CompanyListItem extends CompanyOption {
  taxid: string | null;
  country: { id: number; name: string };
  default_branch: { id: number; name: string } | null;
  key_account_managers: { id: number; name: string }[];
  /** Live jobs of the company. */
  jobs_count: number;
}

/**
 * GET companies: live companies by name, 10 a page (dropdown: 100, spec §9), filter[name],
 * filter[taxid] (contains), filter[countryid]. A client contact only ever sees its own company.
 * Three statements whatever the page size (count, page, key account managers).
 */
export async function listCompanies(ctx: Ctx, raw: unknown): Promise<Page<CompanyListItem>> {
  requirePermission(ctx, ...LISTERS);
  const actor = requireUser(ctx);
  const input = parseInput(companiesInput, raw ?? {});
  const perPage = input.dropdown && !(raw as { perPage?: unknown })?.perPage ? 100 : input.perPage;
  const c = schema.companies;
  const where = and(
    isNull(c.deletedAt),
    pickerCondition(actor),
    input.filter.name ? ilike(c.name, `%${escapeLike(input.filter.name)}%`) : undefined,
    input.filter.taxid ? ilike(c.taxId, `%${escapeLike(input.filter.taxid)}%`) : undefined,
    input.filter.countryid ? eq(c.countryId, input.filter.countryid) : undefined,
  );
  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(c).where(where),
    () =>
      ctx.db
        .select({
          id: c.id,
          name: c.name,
          country_id: c.countryId,
          default_branch_id: c.defaultBranchId,
          taxid: c.taxId,
          countryName: schema.countries.name,
          branchName: schema.branches.name,
          jobs_count: sql<number>`(select count(*)::int from ${schema.jobs} j where j.company_id = ${c.id} and j.deleted_at is null)`,
        })
        .from(c)
        .innerJoin(schema.countries, eq(schema.countries.id, c.countryId))
        .leftJoin(schema.branches, eq(schema.branches.id, c.defaultBranchId))
        .where(where)
        .orderBy(asc(c.name), asc(c.id))
        .limit(perPage)
        .offset(offsetOf(input.page, perPage)),
  );
  const managers = await managersOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map(({ countryName, branchName, ...r }) => ({
      ...r,
      jobs_count: Number(r.jobs_count),
      country: { id: r.country_id, name: countryName },
      default_branch:
        r.default_branch_id != null ? { id: r.default_branch_id, name: branchName ?? "" } : null,
      key_account_managers: managers.get(r.id) ?? [],
    })),
    meta: pageMeta(input.page, perPage, Number(total)),
  };
}

/** Key account managers of the given companies, by name (one statement). */
export async function managersOf(
  db: DbOrTx,
  companyIds: number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (!companyIds.length) return out;
  const rows = await db
    .select({
      companyId: schema.keyAccountManagers.companyId,
      id: schema.users.id,
      name: schema.users.name,
    })
    .from(schema.keyAccountManagers)
    .innerJoin(schema.users, eq(schema.users.id, schema.keyAccountManagers.userId))
    .where(inArray(schema.keyAccountManagers.companyId, companyIds))
    .orderBy(asc(schema.users.name), asc(schema.users.id));
  for (const r of rows) {
    const list = out.get(r.companyId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.companyId, list);
  }
  return out;
}
