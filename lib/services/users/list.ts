import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { z } from "zod";
import { schema, sideBySide } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { containsPattern } from "../like";
import {
  CURSOR_START,
  cursorInput,
  cursorPageMeta,
  decodeCursor,
  encodeCursor,
  keysetWindow,
} from "../cursor";
import { pageAndCount } from "../count-from-page";
import { COUNT_CAP, cappedPageMeta, offsetOf, pageInput, type Page } from "../pagination";
import { flag, optionalId } from "../params";
import { parseInput } from "../validate";
import { heldPermissionsSql, holderOf, holdsAdminRoleSql, manageVerdict } from "./manage";
import { USERS_ID } from "./workers";

/** Who may open the user list (the route map's PEOPLE, plus a client contact for its company). */
const LIST_PERMISSIONS = [
  "user_create",
  "freelancer_access",
  "can_view_applicants_list",
  "company_access",
] as const;

export const BADLY_FORMED = "Badly formed data";

/** Spec §5: a user search that is not a string (an array, an object) is refused as such. */
export function assertSearchText(value: unknown, field: string): void {
  if (value === undefined || value === null || typeof value === "string") return;
  throw new ValidationError(BADLY_FORMED, { [field]: [BADLY_FORMED] }, "badly_formed_data");
}

const roleList = z
  .union([z.string().max(500), z.array(z.string().max(100)).max(10)])
  .optional()
  .transform((v) =>
    (Array.isArray(v) ? v : (v ?? "").split(",")).map((r) => r.trim()).filter(Boolean),
  );

export const USER_SORTS = ["name", "email", "created_at", "status"] as const;

export const userListInput = pageInput(10).extend({
  role: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(100).optional()),
  parent_skill: optionalId,
  sub_skill: optionalId,
  /** A user listed first when it is in the list (the one just created, spec §2). */
  first: optionalId,
  showDeactivatedUsers: flag,
  sort: z.preprocess((v) => (v === "" ? undefined : v), z.enum(USER_SORTS).optional()),
  order: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["asc", "desc"]).optional()),
  /** Keyset pages (lib/services/cursor.ts): `start`, then the meta's next_cursor. */
  cursor: cursorInput,
  filter: z
    .object({
      search: z.preprocess(
        (v) => (v === "" || v === null ? undefined : v),
        z.string().trim().max(SEARCH_MAX).optional(),
      ),
      roles: roleList,
      company_id: optionalId,
    })
    .optional()
    .default({ roles: [] }),
});

export interface UserListRow {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  avatar: string | null;
  roles: { id: number; title: string }[];
  skills: string[];
  branches: { id: number; name: string }[];
  company: { id: number; name: string } | null;
  status: "active" | "deactivated";
  approved: boolean;
  created_at: Date;
  /**
   * May the viewer change, deactivate or delete this account (lib/domain/manage.ts)? When not,
   * `reason` says why, and the row's actions are disabled with it.
   */
  can: { manage: boolean; reason: string | null };
}

/** The users list's name in its cursors (lib/services/cursor.ts). */
const USER_LIST = "users";

/** A users list cursor's key: the sort column as text, lower(name), id. */
const userListKey = z.tuple([
  z.string().max(1_000),
  z.string().max(1_000),
  z.number().int().positive(),
]);

/** May this actor see the list, and whose users: every one, or one company's. */
function listScope(actor: UserActor): SQL | undefined {
  if (actor.isClient) {
    return actor.companyId ? eq(schema.users.companyId, actor.companyId) : sql`false`;
  }
  if (!LIST_PERMISSIONS.some((p) => actor.permissions.has(p))) throw new ForbiddenError();
  return undefined;
}

/** Users holding one of the roles, given as ids or titles. */
function hasRole(roles: string[]): SQL {
  const ids = roles.filter((r) => /^\d{1,9}$/.test(r)).map(Number);
  const titles = roles.filter((r) => !/^\d{1,9}$/.test(r));
  return sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${USERS_ID}
    and (${ids.length ? sql`r.id in (${sql.join(ids, sql`, `)})` : sql`false`}
      or ${titles.length ? sql`r.title in (${sql.join(titles, sql`, `)})` : sql`false`}))`;
}

/**
 * The user holds the skill, or (for a parent skill) one of its sub-skills; with `levelId`, at
 * that level (user_skills.level_id). Shared with the freelancer search.
 */
export function hasSkill(skillId: number | null, withChildren: boolean, levelId?: number): SQL {
  const which =
    skillId === null
      ? sql`true`
      : sql`(s.id = ${skillId} ${withChildren ? sql`or s.parent_id = ${skillId}` : sql``})`;
  return sql`exists (select 1 from user_skills us join skills s on s.id = us.skill_id
    where us.user_id = ${USERS_ID} and s.deleted_at is null and ${which}
    ${levelId ? sql`and us.level_id = ${levelId}` : sql``})`;
}

/** Name, e-mail or phone contains the text (LIKE wildcards taken literally). */
export function userSearch(search: string): SQL | undefined {
  return or(
    ilike(schema.users.name, containsPattern(search)),
    ilike(schema.users.firstName, containsPattern(search)),
    ilike(schema.users.lastName, containsPattern(search)),
    ilike(schema.users.email, containsPattern(search)),
    ilike(schema.users.phone, containsPattern(search)),
  );
}

/** The list's columns; roles, skills and branches as json subselects (one query a page). */
export const userListColumns = {
  id: schema.users.id,
  name: schema.users.name,
  first_name: schema.users.firstName,
  last_name: schema.users.lastName,
  email: schema.users.email,
  phone: schema.users.phone,
  avatar_key: schema.users.avatarKey,
  status: schema.users.status,
  approved: schema.users.approved,
  created_at: schema.users.createdAt,
  company_id: schema.users.companyId,
  company_name: schema.companies.name,
  // Roles, skills and branches as json arrays from subselects: one query for the whole page.
  roles: sql<
    { id: number; title: string }[] | null
  >`(select json_agg(json_build_object('id', r.id, 'title', r.title) order by r.id)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${USERS_ID})`,
  skills: sql<string[] | null>`(select json_agg(s.name order by s.order, s.id)
    from user_skills us join skills s on s.id = us.skill_id
    where us.user_id = ${USERS_ID} and s.deleted_at is null)`,
  branches: sql<
    { id: number; name: string }[] | null
  >`(select json_agg(json_build_object('id', b.id, 'name', b.name) order by b.name)
    from user_branches ub join branches b on b.id = ub.branch_id where ub.user_id = ${USERS_ID})`,
};

/**
 * GET users: the office's user list (spec §2 /users, §7). Archived users are never listed;
 * deactivated ones only with showDeactivatedUsers. A client contact sees its own company's
 * users whatever filter it sends; a worker has no list. Two queries a page (count up to
 * COUNT_CAP, rows).
 */
export async function listUsers(ctx: Ctx, raw: unknown): Promise<Page<UserListRow>> {
  const actor = requireUser(ctx);
  const scope = listScope(actor);
  const filter = (raw as { filter?: unknown } | null)?.filter;
  if (filter && typeof filter === "object")
    assertSearchText((filter as { search?: unknown }).search, "filter.search");
  const input = parseInput(userListInput, raw ?? {});
  const { search, roles, company_id } = input.filter;
  const where = and(
    isNull(schema.users.deletedAt),
    scope,
    input.showDeactivatedUsers ? undefined : eq(schema.users.status, "active"),
    search ? userSearch(search) : undefined,
    input.role ? hasRole([input.role]) : undefined,
    roles.length ? hasRole(roles) : undefined,
    company_id ? eq(schema.users.companyId, company_id) : undefined,
    input.sub_skill ? hasSkill(input.sub_skill, false) : undefined,
    input.parent_skill ? hasSkill(input.parent_skill, true) : undefined,
  );
  const dir = input.order === "desc" ? desc : asc;
  const sort = input.sort ?? "name";
  const nameKey = sql`lower(${schema.users.name})`;
  // Each sort's column, and how its text in a cursor is read back: a timestamp at full precision
  // (created_at::text, as newestFirstKey), the status as the enum it orders by.
  const sortColumn = {
    name: { order: nameKey, text: nameKey, value: (k: string) => sql`${k}` },
    email: { order: schema.users.email, text: schema.users.email, value: (k: string) => sql`${k}` },
    created_at: {
      order: schema.users.createdAt,
      text: sql`${schema.users.createdAt}::text`,
      value: (k: string) => sql`${k}::timestamptz`,
    },
    status: {
      order: schema.users.status,
      text: sql`${schema.users.status}::text`,
      value: (k: string) => sql`${k}::user_status`,
    },
  }[sort];
  const order = [
    ...(input.first ? [desc(sql`${schema.users.id} = ${input.first}`)] : []),
    dir(sortColumn.order),
    asc(nameKey),
    asc(schema.users.id),
  ];
  // A cursor is bound to the sort and every filter; the first-listed user (`first`, page 1
  // after creating one) is in it too, so a list with it pages by offset only.
  const bound = {
    sort,
    order: input.order ?? "asc",
    showDeactivatedUsers: input.showDeactivatedUsers,
    role: input.role ?? null,
    parent_skill: input.parent_skill ?? null,
    sub_skill: input.sub_skill ?? null,
    first: input.first ?? null,
    ...input.filter,
  };
  const key =
    input.cursor && input.cursor !== CURSOR_START
      ? decodeCursor(USER_LIST, bound, input.cursor, userListKey)
      : null;
  // The rows after a row in the list's order (its sort text, name key and id: a cursor's, or a
  // deep page's first row): the sort column one way, then the name and id ascending.
  const afterRow = (k: readonly [string, string, number]) =>
    input.order === "desc"
      ? sql`(${sortColumn.order} < ${sortColumn.value(k[0])} or (${sortColumn.order} = ${sortColumn.value(k[0])} and (${nameKey}, ${schema.users.id}) > (${k[1]}, ${k[2]})))`
      : sql`(${sortColumn.order}, ${nameKey}, ${schema.users.id}) > (${sortColumn.value(k[0])}, ${k[1]}, ${k[2]})`;
  const after = key ? afterRow(key) : undefined;
  const matching = and(where, after);
  // The page's ids first, then their columns: the json subselects run for the page's rows only,
  // never for the rows a deep page skips.
  const pageIds = ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(matching)
    .orderBy(...order)
    .limit(input.perPage)
    .offset(key ? 0 : offsetOf(input.page, input.perPage));
  // Counted up to COUNT_CAP, as the documents and the activity log are: 25,000 workers cost
  // the count as much as the page's deep offset walk; over the cap the pager says "5,100+". A
  // deep page counts from its first row (pageAndCount): from the top, the count walked the
  // 5,000 rows the page had just walked past (~0.4 ms of PostgreSQL at scale). Not with a
  // first-listed user, which stands outside the list's order. After a cursor, from there up to
  // the keyset window.
  const capped = (limit: number, from?: SQL) =>
    ctx.db
      .select({ total: count() })
      .from(
        ctx.db
          .select({ one: sql`1` })
          .from(schema.users)
          .where(and(matching, from))
          .limit(limit)
          .as("capped"),
      )
      .then(([{ total }]) => Number(total));
  const readPage = () =>
    ctx.db
      .select({
        ...userListColumns,
        is_admin: holdsAdminRoleSql(),
        permissions: heldPermissionsSql(),
        sort_key: sortColumn.text,
        name_key: nameKey,
      })
      .from(schema.users)
      .leftJoin(schema.companies, eq(schema.companies.id, schema.users.companyId))
      .where(inArray(schema.users.id, pageIds))
      .orderBy(...order);
  const { rows, counted } =
    key || input.first
      ? await sideBySide(
          ctx.db,
          () => capped((key ? keysetWindow(input.perPage) : COUNT_CAP) + 1),
          readPage,
        ).then(([counted, rows]) => ({ counted, rows }))
      : await pageAndCount(
          ctx.db,
          offsetOf(input.page, input.perPage),
          COUNT_CAP,
          readPage,
          (first, limit) =>
            first
              ? // The first row itself, and the rows after it.
                capped(
                  limit - 1,
                  afterRow([String(first.sort_key), String(first.name_key), first.id]),
                ).then((n) => n + 1)
              : capped(limit),
        );
  const items = rows.map(
    // The cursor's columns (sort_key, name_key) stay out of the answer.
    ({
      avatar_key,
      company_id,
      company_name,
      is_admin,
      permissions,
      sort_key: _sortKey,
      name_key: _nameKey,
      ...r
    }) => {
      const verdict = manageVerdict(actor, holderOf({ id: r.id, isAdmin: is_admin, permissions }));
      return {
        ...r,
        avatar: avatar_key ? `/api/v2/users/${r.id}/avatar` : null,
        roles: r.roles ?? [],
        skills: r.skills ?? [],
        branches: r.branches ?? [],
        company: company_id && company_name ? { id: company_id, name: company_name } : null,
        created_at: new Date(r.created_at),
        can: { manage: verdict.allowed, reason: verdict.reason },
      };
    },
  );
  const meta = cursorPageMeta({
    rows,
    page: input.page,
    perPage: input.perPage,
    counted,
    keyset: Boolean(key),
    // With a first-listed user the list pages by offset only: no next cursor is offered.
    cursor: input.first ? undefined : input.cursor,
    offsetMeta: cappedPageMeta(input.page, input.perPage, counted),
    keyOf: (r) => [String(r.sort_key), String(r.name_key), r.id],
    encode: (k) => encodeCursor(USER_LIST, bound, k),
  });
  return { items, meta };
}

/**
 * The choices of the list's filters: roles, parent skills and sub-skills — with a parent skill
 * chosen, only its own sub-skills.
 */
export async function userListFilters(ctx: Ctx, raw?: unknown) {
  const actor = requireUser(ctx);
  listScope(actor);
  // As the list itself, a parent skill that is not an id is left out rather than refused.
  const parsed = optionalId.safeParse((raw as { parent_skill?: unknown } | null)?.parent_skill);
  const parent_skill = parsed.success ? parsed.data : undefined;
  const [roles, skills] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ id: schema.roles.id, title: schema.roles.title })
        .from(schema.roles)
        .where(actor.isClient ? eq(schema.roles.title, ROLE.client) : undefined)
        .orderBy(asc(schema.roles.title)),
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
  );
  return {
    roles,
    parentSkills: skills.filter((s) => s.parent_id === null),
    subSkills: skills.filter((s) =>
      parent_skill ? s.parent_id === parent_skill : s.parent_id !== null,
    ),
  };
}
