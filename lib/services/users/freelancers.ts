import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { z } from "zod";
import { schema, sideBySide } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { ForbiddenError } from "../errors";
import { hasValidDocumentsSql } from "../documents/valid";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { flag, optionalId } from "../params";
import { parseInput } from "../validate";
import { languageOptions } from "../languages";
import { liveBranches } from "../reference";
import { documentsToday } from "../documents/today";
import { assertSearchText, hasSkill, userListColumns, userSearch } from "./list";
import { USERS_ID, worksShifts } from "./workers";

/**
 * GET freelancers [freelancer_access] and /freelancers: the office's worker search (spec §2
 * "freelancer search"). Workers are users holding a role with my_dashboard_access, approved
 * and not archived; deactivated ones only with showDeactivatedUsers (as on /users).
 */
export const FREELANCER_SORTS = ["last_name", "name", "email", "created_at"] as const;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const freelancerListInput = pageInput(10).extend({
  parent_skill: optionalId,
  sub_skill: optionalId,
  /** The worker's level on the chosen skill (user_skills.level_id); on any skill without one. */
  level_id: optionalId,
  branch_id: optionalId,
  language_id: optionalId,
  /** yes: holds a valid document of every required type; no: misses one. */
  has_valid_documents: z.preprocess(
    blank,
    z.enum(["yes", "no"], { error: "Use yes or no." }).optional(),
  ),
  showDeactivatedUsers: flag,
  sort: z.preprocess(blank, z.enum(FREELANCER_SORTS).optional()),
  order: z.preprocess(blank, z.enum(["asc", "desc"]).optional()),
  filter: z
    .object({ search: z.preprocess(blank, z.string().trim().max(SEARCH_MAX).optional()) })
    .optional()
    .default({}),
});

export interface FreelancerRow {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  avatar: string | null;
  skills: string[];
  branches: { id: number; name: string }[];
  languages: string[];
  status: "active" | "deactivated";
  has_valid_documents: boolean;
}

const inSet = (table: "user_branches" | "user_languages", column: string, id: number): SQL =>
  sql`exists (select 1 from ${sql.identifier(table)} x where x.user_id = ${USERS_ID}
    and ${sql.identifier("x")}.${sql.identifier(column)} = ${id})`;

/**
 * The page of workers matching the filters, by last name A to Z unless another sort is
 * asked for; two queries a page (count, rows with skills, branches, languages and the
 * documents check as subselects). A client contact has no such list (403).
 */
export async function listFreelancers(ctx: Ctx, raw: unknown): Promise<Page<FreelancerRow>> {
  const actor = requireUser(ctx);
  requirePermission(ctx, "freelancer_access");
  if (actor.isClient) throw new ForbiddenError();
  const filter = (raw as { filter?: unknown } | null)?.filter;
  if (filter && typeof filter === "object")
    assertSearchText((filter as { search?: unknown }).search, "filter.search");
  const input = parseInput(freelancerListInput, raw ?? {});
  const today = documentsToday(ctx.now);
  const valid = hasValidDocumentsSql(USERS_ID, today);
  const skill = input.sub_skill ?? input.parent_skill ?? null;
  const where = and(
    isNull(schema.users.deletedAt),
    eq(schema.users.approved, true),
    worksShifts,
    input.showDeactivatedUsers ? undefined : eq(schema.users.status, "active"),
    input.filter.search ? userSearch(input.filter.search) : undefined,
    input.parent_skill && !input.sub_skill ? hasSkill(input.parent_skill, true) : undefined,
    input.sub_skill ? hasSkill(input.sub_skill, false) : undefined,
    input.level_id ? hasSkill(skill, !input.sub_skill, input.level_id) : undefined,
    input.branch_id ? inSet("user_branches", "branch_id", input.branch_id) : undefined,
    input.language_id ? inSet("user_languages", "language_id", input.language_id) : undefined,
    input.has_valid_documents === "yes" ? valid : undefined,
    input.has_valid_documents === "no" ? sql`not ${valid}` : undefined,
  );
  const dir = input.order === "desc" ? desc : asc;
  const lastName = sql`lower(coalesce(${schema.users.lastName}, ${schema.users.name}))`;
  const sortColumn = {
    last_name: lastName,
    name: sql`lower(${schema.users.name})`,
    email: schema.users.email,
    created_at: schema.users.createdAt,
  }[input.sort ?? "last_name"];
  const { id, name, first_name, last_name, email, phone, avatar_key, status, skills, branches } =
    userListColumns;
  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(schema.users).where(where),
    () =>
      ctx.db
        .select({
          ...{
            id,
            name,
            first_name,
            last_name,
            email,
            phone,
            avatar_key,
            status,
            skills,
            branches,
          },
          languages: sql<string[] | null>`(select json_agg(l.name order by l.name)
          from user_languages ul join languages l on l.id = ul.language_id
          where ul.user_id = ${USERS_ID})`,
          has_valid_documents: sql<boolean>`${valid}`,
        })
        .from(schema.users)
        .where(where)
        .orderBy(dir(sortColumn), asc(lastName), asc(schema.users.id))
        .limit(input.perPage)
        .offset(offsetOf(input.page, input.perPage)),
  );
  const items = rows.map(({ avatar_key, ...r }) => ({
    ...r,
    avatar: avatar_key ? `/api/v2/users/${r.id}/avatar` : null,
    skills: r.skills ?? [],
    branches: r.branches ?? [],
    languages: r.languages ?? [],
    has_valid_documents: Boolean(r.has_valid_documents),
  }));
  return { items, meta: pageMeta(input.page, input.perPage, Number(total)) };
}

/** The choices of the search's filters: skills, sub-skills, levels, branches, languages. */
export async function freelancerListFilters(ctx: Ctx) {
  const actor = requireUser(ctx);
  requirePermission(ctx, "freelancer_access");
  if (actor.isClient) throw new ForbiddenError();
  const [skills, levels, branches, languages] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          id: schema.skills.id,
          name: schema.skills.name,
          parent_id: schema.skills.parentId,
        })
        .from(schema.skills)
        .where(isNull(schema.skills.deletedAt))
        .orderBy(asc(schema.skills.order), asc(schema.skills.id)),
    () =>
      ctx.db
        .select({ id: schema.levels.id, name: schema.levels.name })
        .from(schema.levels)
        .where(isNull(schema.levels.archivedAt))
        .orderBy(asc(schema.levels.weight), asc(schema.levels.id)),
    () => liveBranches(ctx.db),
    () => languageOptions(ctx.db),
  );
  return {
    parentSkills: skills.filter((s) => s.parent_id === null),
    subSkills: skills.filter((s) => s.parent_id !== null),
    levels,
    branches,
    languages,
  };
}
