import { toastName } from "@/lib/domain/done";
import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { logActivity } from "../activity";
import { requirePermission, requireUser, withTx, type Ctx } from "../context";
import { ValidationError } from "../errors";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { parseInput } from "../validate";
import { companyReader, loadCompany } from "./access";
import { companyUsersInput, preferredSkillsInput } from "./schemas";
import { officeUserCondition } from "./write";

export interface CompanyUserView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: { id: number; title: string }[];
  status: "active" | "deactivated";
}

/** The company's people: users whose company it is, and contacts linked through company_users. */
function contactsOf(companyId: number) {
  const u = schema.users;
  return and(
    isNull(u.deletedAt),
    or(
      eq(u.companyId, companyId),
      sql`exists (select 1 from ${schema.companyUsers} cu where cu.user_id = ${u.id} and cu.company_id = ${companyId})`,
    ),
  );
}

/** GET companies/{id}/users: its contacts by name, 5 a page (spec §9). Three statements. */
export async function listCompanyUsers(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<Page<CompanyUserView>> {
  const actor = companyReader(ctx);
  const company = await loadCompany(ctx.db, actor, rawId);
  const input = parseInput(companyUsersInput, raw ?? {});
  const u = schema.users;
  const where = contactsOf(company.id);
  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(u).where(where),
    () =>
      ctx.db
        .select({ id: u.id, name: u.name, email: u.email, phone: u.phone, status: u.status })
        .from(u)
        .where(where)
        .orderBy(asc(u.name), asc(u.id))
        .limit(input.perPage)
        .offset(offsetOf(input.page, input.perPage)),
  );
  const roles = rows.length
    ? await ctx.db
        .select({ userId: schema.userRoles.userId, id: schema.roles.id, title: schema.roles.title })
        .from(schema.userRoles)
        .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
        .where(
          inArray(
            schema.userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(schema.roles.title))
    : [];
  return {
    items: rows.map((r) => ({
      ...r,
      role: roles.filter((x) => x.userId === r.id).map(({ id, title }) => ({ id, title })),
    })),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/** The office users the client form offers as key account managers, by name. */
export async function keyAccountManagerOptions(ctx: Ctx): Promise<{ id: number; name: string }[]> {
  requirePermission(ctx, "company_create", "company_edit");
  return ctx.db
    .select({ id: schema.users.id, name: schema.users.name })
    .from(schema.users)
    .where(officeUserCondition())
    .orderBy(asc(schema.users.name), asc(schema.users.id));
}

export interface PreferredSkillView {
  id: number;
  name: string;
  order: number;
}

/** GET companies/preferred-skills/{id}: the company's preferred (live) skills in its order. */
export async function getPreferredSkills(ctx: Ctx, rawId: unknown): Promise<PreferredSkillView[]> {
  const actor = companyReader(ctx);
  const company = await loadCompany(ctx.db, actor, rawId);
  return ctx.db
    .select({
      id: schema.skills.id,
      name: schema.skills.name,
      order: schema.companyPreferredSkills.order,
    })
    .from(schema.companyPreferredSkills)
    .innerJoin(schema.skills, eq(schema.skills.id, schema.companyPreferredSkills.skillId))
    .where(
      and(eq(schema.companyPreferredSkills.companyId, company.id), isNull(schema.skills.deletedAt)),
    )
    .orderBy(asc(schema.companyPreferredSkills.order), asc(schema.skills.name));
}

/**
 * POST companies/preferred-skills { company_id, query: [skill ids in order] } [company_edit]:
 * replaces the list; [] clears it. Without a query: 422 "Query is a required parameter".
 */
export async function savePreferredSkills(ctx: Ctx, raw: unknown) {
  requirePermission(ctx, "company_edit");
  const actor = requireUser(ctx);
  const input = parseInput(preferredSkillsInput, raw ?? {});
  const ids = [...new Set(input.query)];
  const client = await withTx(ctx, async (ctx) => {
    const company = await loadCompany(ctx.db, actor, input.company_id, { lock: true });
    if (ids.length) {
      const found = await ctx.db
        .select({ id: schema.skills.id })
        .from(schema.skills)
        .where(and(inArray(schema.skills.id, ids), isNull(schema.skills.deletedAt)));
      if (found.length !== ids.length) {
        const message = "The selected skills are invalid.";
        throw new ValidationError(message, { query: [message] });
      }
    }
    await ctx.db
      .delete(schema.companyPreferredSkills)
      .where(eq(schema.companyPreferredSkills.companyId, company.id));
    if (ids.length)
      await ctx.db
        .insert(schema.companyPreferredSkills)
        .values(ids.map((skillId, i) => ({ companyId: company.id, skillId, order: i + 1 })));
    await logActivity(ctx, {
      logName: "companies",
      description: `Set the preferred skills of client ${company.name}`,
      subjectType: "companies",
      subjectId: company.id,
      properties: { skills: ids },
    });
    return company.name;
  });
  return {
    company_id: input.company_id,
    skills: await getPreferredSkills(ctx, input.company_id),
    message: `Preferred skills of ${toastName(client)} saved`,
  };
}
