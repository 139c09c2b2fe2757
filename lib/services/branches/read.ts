import { done } from "@/lib/domain/done";
import { z } from "zod";
import { LABEL_MAX, NAME_MAX, SHORT_TEXT_MAX } from "@/lib/domain/text-limits";
import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { holidayRegionOf } from "@/lib/domain/holidays";
import { requirePermission, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, isId, optionalId, searchText, strictFlag } from "../params";
import { parseInput } from "../validate";
import { escapeLike } from "../like";
import { nameField, optionalText, usageOf, type Usage } from "../master-data";
import { branchUsage } from "./usage";

// Branches: the view, messages, inputs and the read verbs (the rules are in ./index.ts).

export interface BranchView {
  id: number;
  name: string;
  country_id: number;
  country_name: string;
  city: string | null;
  address: string | null;
  /** The region whose public holidays price its work ("GB-ENG"); null: national only. */
  holiday_region: string | null;
  /** The region as date-holidays names it ("England"); null with none. */
  holiday_region_name: string | null;
  /** When it was archived (ISO 8601); null while in use. */
  archived_at: string | null;
  used_by: Usage;
}

export const BRANCH_MESSAGES = {
  created: (name: string) => done("Branch", name, "created"),
  edited: (name: string) => done("Branch", name, "edited"),
  deleted: (name: string) => done("Branch", name, "deleted"),
  archived: (name: string) => done("Branch", name, "archived"),
  /** Spec §5: the text of a duplicate name, on create and on edit (422 on name). */
  duplicate: "Another branch with this name already exists",
  notFound: "Branch not found.",
  alreadyArchived: "This branch is already archived.",
  restored: (name: string) => done("Branch", name, "restored"),
  notArchived: "This branch is not archived.",
  unknownCountry: "The selected country does not exist.",
  notOperational: "The selected country is not operational.",
  noRegions: "date-holidays knows no regions for this country: choose national holidays only.",
} as const;

/** The 422 text of a region the branch's country does not have, naming those it has. */
export const regionNotOfCountry = (country: string, codes: string[]) =>
  codes.length
    ? `Choose a holiday region of ${country} (${codes.join(", ")}), or national holidays only.`
    : BRANCH_MESSAGES.noRegions;

export const branchInput = z.object({
  name: nameField(LABEL_MAX),
  country_id: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.custom<unknown>((v) => v !== undefined, "The country field is required.").pipe(idSchema),
  ),
  city: optionalText(NAME_MAX, "city"),
  address: optionalText(SHORT_TEXT_MAX, "address"),
  /** Upper-cased; blank or absent: national holidays only. */
  holiday_region: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || null : (v ?? null)),
    z
      .string({ error: "The holiday region must be a string." })
      .max(10, "The holiday region may be at most 10 characters.")
      .nullable(),
  ),
});
export type BranchInput = z.output<typeof branchInput>;

export const branchesListInput = pageInput(10).extend({
  filter: z
    .object({ search: searchText, country_id: optionalId, archived: strictFlag })
    .default({ search: undefined, country_id: undefined, archived: undefined }),
});

export const b = schema.branches;
const fields = {
  id: b.id,
  name: b.name,
  country_id: b.countryId,
  country_name: schema.countries.name,
  city: b.city,
  address: b.address,
  holiday_region: b.holidayRegion,
  countryIso: schema.countries.isoCode,
  archivedAt: b.deletedAt,
};
export type BranchRow = Omit<BranchView, "archived_at" | "used_by" | "holiday_region_name"> & {
  archivedAt: Date | null;
  countryIso: string;
};

const selectBranches = (db: DbOrTx) =>
  db.select(fields).from(b).innerJoin(schema.countries, eq(schema.countries.id, b.countryId));

export async function toViews(db: DbOrTx, rows: BranchRow[]): Promise<BranchView[]> {
  const usage = await branchUsage(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ archivedAt, countryIso, ...r }) => ({
    ...r,
    holiday_region_name: r.holiday_region
      ? (holidayRegionOf(countryIso, r.holiday_region)?.name ?? null)
      : null,
    archived_at: archivedAt ? archivedAt.toISOString() : null,
    used_by: usage.get(r.id) ?? usageOf([]),
  }));
}

/**
 * The /branches screen's list: by name, 10 a page; filter[search] (name or city),
 * filter[country_id], filter[archived]=1 for the archived ones instead of the live ones.
 */
export async function listBranchesPage(ctx: Ctx, raw: unknown): Promise<Page<BranchView>> {
  requirePermission(ctx, "branch_access");
  const input = parseInput(branchesListInput, raw ?? {});
  const { search, country_id, archived } = input.filter;
  const like = search ? `%${escapeLike(search)}%` : undefined;
  const where = and(
    archived ? isNotNull(b.deletedAt) : isNull(b.deletedAt),
    like ? or(ilike(b.name, like), ilike(b.city, like)) : undefined,
    country_id ? eq(b.countryId, country_id) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(b).where(where);
  const rows = await selectBranches(ctx.db)
    .where(where)
    .orderBy(sql`lower(${b.name})`, asc(b.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: await toViews(ctx.db, rows),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** A path id that is not a positive integer names no branch: 404, not 422. */
export function parseId(raw: unknown): number {
  if (!isId(raw)) throw new NotFoundError(BRANCH_MESSAGES.notFound);
  return Number(raw);
}

export async function loadBranch(db: DbOrTx, id: number, forUpdate = false): Promise<BranchRow> {
  const query = selectBranches(db).where(eq(b.id, id));
  const [row] = forUpdate ? await query.for("update", { of: b }) : await query;
  if (!row) throw new NotFoundError(BRANCH_MESSAGES.notFound);
  return row;
}

/** GET branches/{id}: one branch, archived or not, with where it is used. */
export async function getBranch(ctx: Ctx, rawId: unknown): Promise<BranchView> {
  requirePermission(ctx, "branch_access");
  const [view] = await toViews(ctx.db, [await loadBranch(ctx.db, parseId(rawId))]);
  return view;
}
