import { escapeLike } from "../like";
import { z } from "zod";
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, type DbOrTx } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { requirePermission, requireUser, type Ctx } from "../context";
import { companyScope } from "../jobs/scope";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { flag, idSchema as id, optionalId, searchText } from "../params";

/** Lists behind the job form's pickers. Each respects the user's company scope. */

const PICKERS = [
  "job_view",
  "job_create",
  "job_edit",
  "company_access",
  "venue_access",
  "jobs_book_workers",
] as const;

// GET companies moved to the companies service; the pickers keep importing it from here.
export { companiesInput, listCompanies } from "../companies";
export type { CompanyListItem, CompanyOption } from "../companies";

export interface CountryOption {
  id: number;
  name: string;
  iso_code: string;
  currency: string;
  time_zone: string;
  operational: boolean;
}

/** GET countries: operational ones by id (spec §9); `all=1` adds the others. */
export async function listCountries(ctx: Ctx, raw: unknown): Promise<CountryOption[]> {
  requireUser(ctx);
  const { all } = parseInput(z.object({ all: flag }), raw ?? {});
  return ctx.db
    .select({
      id: schema.countries.id,
      name: schema.countries.name,
      iso_code: schema.countries.isoCode,
      currency: schema.countries.currencyCode,
      time_zone: schema.countries.timeZone,
      operational: schema.countries.operational,
    })
    .from(schema.countries)
    .where(all ? undefined : eq(schema.countries.operational, true))
    .orderBy(asc(schema.countries.id));
}

export interface SkillOption {
  id: number;
  name: string;
  parent_id: number | null;
  order: number;
}

const skillColumns = {
  id: schema.skills.id,
  name: schema.skills.name,
  parent_id: schema.skills.parentId,
  order: schema.skills.order,
};

/** GET skills (sort=order, order=asc by default). */
export async function listSkills(ctx: Ctx, raw: unknown): Promise<SkillOption[]> {
  requireUser(ctx);
  const input = parseInput(
    z.object({
      sort: z.enum(["order", "name", "id"]).default("order"),
      order: z.enum(["asc", "desc"]).default("asc"),
    }),
    raw ?? {},
  );
  const col = { order: schema.skills.order, name: schema.skills.name, id: schema.skills.id }[
    input.sort
  ];
  return ctx.db
    .select(skillColumns)
    .from(schema.skills)
    .where(isNull(schema.skills.deletedAt))
    .orderBy(input.order === "asc" ? asc(col) : sql`${col} desc`, asc(schema.skills.id));
}

/** GET sub-skills: skills that have a parent (the ones slots are made of). */
export async function listSubSkills(ctx: Ctx, raw: unknown): Promise<SkillOption[]> {
  requireUser(ctx);
  const { parent_id } = parseInput(z.object({ parent_id: optionalId }), raw ?? {});
  return ctx.db
    .select(skillColumns)
    .from(schema.skills)
    .where(
      and(
        isNull(schema.skills.deletedAt),
        parent_id ? eq(schema.skills.parentId, parent_id) : isNotNull(schema.skills.parentId),
      ),
    )
    .orderBy(asc(schema.skills.order), asc(schema.skills.id));
}

const companyIdInput = z.object({ company_id: id });

const frequentParent = alias(schema.skills, "frequent_parent");

/**
 * GET frequentSkills?company_id=: the company's preferred skills (live ones), in the skill
 * order set on /skills — by their parent's order, then their own — as the picker lists them.
 */
export async function frequentSkills(ctx: Ctx, raw: unknown): Promise<SkillOption[]> {
  requirePermission(ctx, ...PICKERS);
  const { company_id } = parseInput(companyIdInput, raw);
  const scope = companyScope(requireUser(ctx));
  if (scope !== "all" && !scope.includes(company_id)) return [];
  return ctx.db
    .select(skillColumns)
    .from(schema.companyPreferredSkills)
    .innerJoin(schema.skills, eq(schema.skills.id, schema.companyPreferredSkills.skillId))
    .leftJoin(frequentParent, eq(frequentParent.id, schema.skills.parentId))
    .where(
      and(eq(schema.companyPreferredSkills.companyId, company_id), isNull(schema.skills.deletedAt)),
    )
    .orderBy(
      sql`coalesce(${frequentParent.order}, ${schema.skills.order})`,
      sql`coalesce(${frequentParent.id}, ${schema.skills.id})`,
      asc(schema.skills.order),
      asc(schema.skills.id),
    );
}

export interface VenueOption {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  zip: string | null;
  province: string | null;
  entrance: string | null;
  country_id: number;
  company_id: number | null;
  public: boolean;
}

/** GET preferred-venues?company_id=: public venues and the company's own (not declined). */
export async function preferredVenues(ctx: Ctx, raw: unknown): Promise<VenueOption[]> {
  requirePermission(ctx, ...PICKERS);
  const input = parseInput(z.object({ company_id: optionalId, country_id: optionalId }), raw ?? {});
  const scope = companyScope(requireUser(ctx));
  const own =
    input.company_id && (scope === "all" || scope.includes(input.company_id))
      ? and(eq(schema.venues.companyId, input.company_id), ne(schema.venues.status, "declined"))
      : undefined;
  return ctx.db
    .select({
      id: schema.venues.id,
      name: schema.venues.name,
      address: schema.venues.address,
      city: schema.venues.city,
      zip: schema.venues.zip,
      province: schema.venues.province,
      entrance: schema.venues.entrance,
      country_id: schema.venues.countryId,
      company_id: schema.venues.companyId,
      public: sql<boolean>`${schema.venues.status} = 'public'`,
    })
    .from(schema.venues)
    .where(
      and(
        isNull(schema.venues.deletedAt),
        input.country_id ? eq(schema.venues.countryId, input.country_id) : undefined,
        own ? or(eq(schema.venues.status, "public"), own) : eq(schema.venues.status, "public"),
      ),
    )
    .orderBy(asc(schema.venues.name), asc(schema.venues.id));
}

export interface BranchOption {
  id: number;
  name: string;
  country_id: number;
}

const branchColumns = {
  id: schema.branches.id,
  name: schema.branches.name,
  country_id: schema.branches.countryId,
};

/**
 * The live branches a picker offers (the user forms, the freelancer filter), by name, each with
 * its country so a form can narrow them to the chosen one.
 */
export function liveBranches(
  db: DbOrTx,
): Promise<{ id: number; name: string; country_id: number }[]> {
  return db
    .select(branchColumns)
    .from(schema.branches)
    .where(isNull(schema.branches.deletedAt))
    .orderBy(asc(schema.branches.name));
}

/** GET branches: every live branch, by name. */
export async function listBranches(ctx: Ctx): Promise<BranchOption[]> {
  requireUser(ctx);
  return ctx.db
    .select(branchColumns)
    .from(schema.branches)
    .where(isNull(schema.branches.deletedAt))
    .orderBy(asc(schema.branches.name));
}

/** GET preferred-branches?country_id=: the branches a job in that country books from. */
export async function preferredBranches(ctx: Ctx, raw: unknown): Promise<BranchOption[]> {
  requirePermission(ctx, ...PICKERS);
  const { country_id } = parseInput(z.object({ country_id: optionalId }), raw ?? {});
  return ctx.db
    .select(branchColumns)
    .from(schema.branches)
    .where(
      and(
        isNull(schema.branches.deletedAt),
        country_id ? eq(schema.branches.countryId, country_id) : undefined,
      ),
    )
    .orderBy(asc(schema.branches.name));
}

export const userPickerInput = pageInput(50).extend({
  filter: z
    .object({
      roles: z.union([z.string().max(500), z.array(z.string().max(100)).max(10)]).optional(),
      company_id: optionalId,
      search: searchText,
    })
    .optional()
    .default({}),
});

export interface UserOption {
  id: number;
  name: string;
  email: string;
}

/**
 * GET users?filter[roles]=Project Manager,Administrator for the PM and COL pickers. A client
 * contact sees agency staff and its own company's people only.
 */
export async function pickUsers(ctx: Ctx, raw: unknown): Promise<Page<UserOption>> {
  requirePermission(ctx, ...PICKERS, "user_create");
  const actor = requireUser(ctx);
  const input = parseInput(userPickerInput, raw);
  const roles = (
    Array.isArray(input.filter.roles) ? input.filter.roles : (input.filter.roles ?? "").split(",")
  )
    .map((r) => r.trim())
    .filter(Boolean);
  const roleIds = roles.filter((r) => /^\d+$/.test(r)).map(Number);
  const roleTitles = roles.filter((r) => !/^\d+$/.test(r));
  const roleFilter = roles.length
    ? inArray(
        schema.users.id,
        ctx.db
          .select({ id: schema.userRoles.userId })
          .from(schema.userRoles)
          .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
          .where(
            or(
              roleIds.length ? inArray(schema.roles.id, roleIds) : undefined,
              roleTitles.length ? inArray(schema.roles.title, roleTitles) : undefined,
            ),
          ),
      )
    : undefined;
  const staffOrOwn = actor.isClient
    ? or(
        actor.companyId ? eq(schema.users.companyId, actor.companyId) : sql`false`,
        inArray(
          schema.users.id,
          ctx.db
            .select({ id: schema.userRoles.userId })
            .from(schema.userRoles)
            .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
            .where(
              inArray(schema.roles.title, [ROLE.admin, ROLE.projectManager, ROLE.crewHandler]),
            ),
        ),
      )
    : undefined;
  const where = and(
    isNull(schema.users.deletedAt),
    eq(schema.users.status, "active"),
    roleFilter,
    staffOrOwn,
    input.filter.company_id ? eq(schema.users.companyId, input.filter.company_id) : undefined,
    input.filter.search
      ? or(
          ilike(schema.users.name, `%${escapeLike(input.filter.search)}%`),
          ilike(schema.users.email, `%${escapeLike(input.filter.search)}%`),
        )
      : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(schema.users).where(where);
  const items = await ctx.db
    .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email })
    .from(schema.users)
    .where(where)
    .orderBy(asc(schema.users.name), asc(schema.users.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return { items, meta: pageMeta(input.page, input.perPage, Number(total)) };
}

/** Every dress code, by name (the job form's picker; the paged list is /dresscodes). */
export async function dressCodeOptions(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requirePermission(ctx, ...PICKERS);
  return ctx.db
    .select({ id: schema.dressCodes.id, name: schema.dressCodes.name })
    .from(schema.dressCodes)
    .orderBy(asc(schema.dressCodes.name));
}
