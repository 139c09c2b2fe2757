import { done } from "@/lib/domain/done";
import { and, count, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import { schema } from "@/db";
import { discardFile } from "@/lib/files/storage";
import { ROLE } from "@/lib/domain/permissions";
import { logActivity } from "../activity";
import { requirePermission, requireUser, withTx, type Ctx, type TxCtx } from "../context";
import { ValidationError, type FieldErrors } from "../errors";
import { parseInput } from "../validate";
import { loadCompany, type CompanyRow } from "./access";
import { createCompanyInput, updateCompanyInput, type UpdateCompanyInput } from "./schemas";
import { taxIdError } from "./taxid";
import { toCompanyView, type CompanyView } from "./view";

export const COMPANY_MESSAGES = {
  created: (name: string) => done("Client", name, "created"),
  edited: (name: string) => done("Client", name, "edited"),
  deleted: (name: string) => done("Client", name, "deleted"),
  archived: (name: string) =>
    `${done("Client", name, "archived")}: it has jobs, users, venues or rates, which keep it`,
} as const;

export type CompanyResult = CompanyView & { message: string };

/**
 * Office users who can be key account managers: live, active users holding a role with
 * dashboard_access who are not client contacts.
 */
export function officeUserCondition() {
  const u = schema.users;
  return and(
    isNull(u.deletedAt),
    eq(u.status, "active"),
    sql`exists (select 1 from ${schema.userRoles} ur
      join ${schema.rolePermissions} rp on rp.role_id = ur.role_id
      join ${schema.permissions} p on p.id = rp.permission_id
      where ur.user_id = ${u.id} and p.name = 'dashboard_access')`,
    sql`not exists (select 1 from ${schema.userRoles} ur
      join ${schema.roles} r on r.id = ur.role_id
      where ur.user_id = ${u.id} and r.title = ${ROLE.client})`,
  );
}

type Fields = Partial<UpdateCompanyInput>;

/** Every rule a company payload must meet against the database; 422 with all field errors. */
async function checkCompany(ctx: TxCtx, input: Fields, current: CompanyRow | null) {
  const errors: FieldErrors = {};
  const c = schema.companies;
  const name = input.name ?? current?.name;
  if (input.name !== undefined) {
    const [dup] = await ctx.db
      .select({ id: c.id })
      .from(c)
      .where(
        and(
          isNull(c.deletedAt),
          sql`lower(${c.name}) = lower(${input.name})`,
          current ? ne(c.id, current.id) : undefined,
        ),
      )
      .limit(1);
    if (dup) errors.name = ["A client with this name already exists."];
  }
  const countryId = input.countryid ?? current?.countryId;
  const [country] = countryId
    ? await ctx.db.select().from(schema.countries).where(eq(schema.countries.id, countryId))
    : [];
  if (input.countryid !== undefined && input.countryid !== current?.countryId) {
    if (!country) errors.countryid = ["The selected country does not exist."];
    else if (!country.operational) errors.countryid = ["The selected country is not operational."];
  }
  const taxId = input.taxid !== undefined ? input.taxid : current?.taxId;
  const taxChanged = input.taxid !== undefined || input.countryid !== undefined;
  if (taxChanged && taxId && country) {
    const message = taxIdError(taxId, country.isoCode, country.name);
    if (message) errors.taxid = [message];
  }
  const branchId =
    input.default_branch !== undefined ? input.default_branch : current?.defaultBranchId;
  const branchChanged = input.default_branch !== undefined || input.countryid !== undefined;
  if (branchChanged && branchId != null && countryId) {
    const [branch] = await ctx.db
      .select({ id: schema.branches.id })
      .from(schema.branches)
      .where(
        and(
          eq(schema.branches.id, branchId),
          eq(schema.branches.countryId, countryId),
          isNull(schema.branches.deletedAt),
        ),
      );
    if (!branch) errors.default_branch = ["Choose a branch of the client's country."];
  }
  const managers = [...new Set(input.key_account_managers ?? [])];
  if (managers.length) {
    const found = await ctx.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(inArray(schema.users.id, managers), officeUserCondition()));
    if (found.length !== managers.length)
      errors.key_account_managers = ["Key account managers must be office users."];
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first[0], errors);
  return { name: name! };
}

function columnsOf(input: Fields) {
  return {
    name: input.name,
    taxId: input.taxid,
    countryId: input.countryid,
    defaultBranchId: input.default_branch,
    address: input.address,
    city: input.city,
    zip: input.zip,
    phone: input.phone,
    email: input.email,
    typeOfWork: input.type_of_work,
    safetyRequirements: input.safety_requirements,
    waterPolicy: input.water_policy,
    dressCode: input.dresscode,
    foodPolicy: input.food_policy,
    valueWorkers: input.value_workers,
  };
}

async function setManagers(ctx: TxCtx, companyId: number, ids: number[] | undefined) {
  if (ids === undefined) return;
  const unique = [...new Set(ids)];
  await ctx.db
    .delete(schema.keyAccountManagers)
    .where(
      and(
        eq(schema.keyAccountManagers.companyId, companyId),
        unique.length ? notInArray(schema.keyAccountManagers.userId, unique) : undefined,
      ),
    );
  if (unique.length)
    await ctx.db
      .insert(schema.keyAccountManagers)
      .values(unique.map((userId) => ({ companyId, userId })))
      .onConflictDoNothing();
}

/** POST companies [company_create]. */
export async function createCompany(ctx: Ctx, raw: unknown): Promise<CompanyResult> {
  requirePermission(ctx, "company_create");
  const actor = requireUser(ctx);
  const input = parseInput(createCompanyInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    // One writer of company names at a time, so two creates cannot both pass the name check.
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('companies.name'))`);
    await checkCompany(ctx, input, null);
    const values = Object.fromEntries(
      Object.entries(columnsOf(input)).filter(([, v]) => v !== undefined),
    ) as ReturnType<typeof columnsOf>;
    const [row] = await ctx.db
      .insert(schema.companies)
      .values({
        ...values,
        name: input.name,
        countryId: input.countryid,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await setManagers(ctx, row.id, input.key_account_managers);
    await logActivity(ctx, {
      logName: "companies",
      description: `Created client ${row.name}`,
      subjectType: "companies",
      subjectId: row.id,
      properties: { key_account_managers: input.key_account_managers ?? [] },
    });
    return {
      ...(await toCompanyView(ctx.db, actor, row)),
      message: COMPANY_MESSAGES.created(row.name),
    };
  });
}

/** PUT companies/{id} [company_edit]: the fields given change, the others stay. */
export async function updateCompany(
  ctx: Ctx,
  rawId: unknown,
  raw: unknown,
): Promise<CompanyResult> {
  requirePermission(ctx, "company_edit");
  const actor = requireUser(ctx);
  const input = parseInput(updateCompanyInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    if (input.name !== undefined)
      await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('companies.name'))`);
    const current = await loadCompany(ctx.db, actor, rawId, { lock: true });
    await checkCompany(ctx, input, current);
    const changes = columnsOf(input);
    const changed = Object.entries(changes)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    const [row] = await ctx.db
      .update(schema.companies)
      .set({ ...changes, updatedAt: ctx.now })
      .where(eq(schema.companies.id, current.id))
      .returning();
    await setManagers(ctx, row.id, input.key_account_managers);
    await logActivity(ctx, {
      logName: "companies",
      description: `Edited client ${row.name}`,
      subjectType: "companies",
      subjectId: row.id,
      properties: {
        changed: input.key_account_managers ? [...changed, "key_account_managers"] : changed,
      },
    });
    return {
      ...(await toCompanyView(ctx.db, actor, row)),
      message: COMPANY_MESSAGES.edited(row.name),
    };
  });
}

/**
 * DELETE companies/{id} [company_edit]: a company that jobs, users, venues, rates, quotes or
 * templates refer to is archived (deleted_at: gone from lists and pickers, kept on its jobs);
 * one with nothing attached is removed with its files. `archived` says which happened.
 */
export async function deleteCompany(ctx: Ctx, rawId: unknown) {
  requirePermission(ctx, "company_edit");
  const actor = requireUser(ctx);
  const { result, keys } = await withTx(ctx, async (ctx) => {
    const company = await loadCompany(ctx.db, actor, rawId, { lock: true });
    const id = company.id;
    const n = (q: Promise<{ n: number }[]>) => q.then((r) => Number(r[0]?.n ?? 0));
    const uses = {
      jobs: await n(
        ctx.db.select({ n: count() }).from(schema.jobs).where(eq(schema.jobs.companyId, id)),
      ),
      users:
        (await n(
          ctx.db.select({ n: count() }).from(schema.users).where(eq(schema.users.companyId, id)),
        )) +
        (await n(
          ctx.db
            .select({ n: count() })
            .from(schema.companyUsers)
            .where(eq(schema.companyUsers.companyId, id)),
        )),
      venues: await n(
        ctx.db.select({ n: count() }).from(schema.venues).where(eq(schema.venues.companyId, id)),
      ),
      rates:
        (await n(
          ctx.db
            .select({ n: count() })
            .from(schema.clientRates)
            .where(eq(schema.clientRates.companyId, id)),
        )) +
        (await n(
          ctx.db
            .select({ n: count() })
            .from(schema.ratePresets)
            .where(eq(schema.ratePresets.companyId, id)),
        )),
      quotes: await n(
        ctx.db.select({ n: count() }).from(schema.quotes).where(eq(schema.quotes.companyId, id)),
      ),
      templates: await n(
        ctx.db
          .select({ n: count() })
          .from(schema.jobTemplates)
          .where(eq(schema.jobTemplates.companyId, id)),
      ),
    };
    const archived = Object.values(uses).some((v) => v > 0);
    let keys: string[] = [];
    if (archived) {
      await ctx.db
        .update(schema.companies)
        .set({ deletedAt: ctx.now, updatedAt: ctx.now })
        .where(eq(schema.companies.id, id));
    } else {
      keys = (
        await ctx.db
          .select({ key: schema.companyFiles.storageKey })
          .from(schema.companyFiles)
          .where(eq(schema.companyFiles.companyId, id))
      ).map((r) => r.key);
      await ctx.db.delete(schema.companies).where(eq(schema.companies.id, id));
    }
    await logActivity(ctx, {
      logName: "companies",
      description: `${archived ? "Archived" : "Deleted"} client ${company.name}`,
      subjectType: "companies",
      subjectId: id,
      properties: { archived, ...uses },
    });
    return {
      result: {
        id,
        archived,
        message: (archived ? COMPANY_MESSAGES.archived : COMPANY_MESSAGES.deleted)(company.name),
      },
      keys,
    };
  });
  // The rows are gone with the commit; their stored files follow.
  await Promise.all(keys.map(discardFile));
  return result;
}
