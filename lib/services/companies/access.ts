import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { requirePermission, requireUser, type Ctx, type UserActor } from "../context";
import { NotFoundError } from "../errors";
import { companyScope } from "../jobs/scope";
import { parseId } from "../params";

/**
 * Who sees which company. Holders of company_access see every live company; anyone else sees
 * only the company it acts for (a client contact its own, spec §2 "/client/{id} [company_access,
 * or the id equals the user's own company]"). A company outside that does not exist for them
 * (404, no IDOR). Changes need company_create or company_edit and are staff work.
 */
export type CompanyRow = typeof schema.companies.$inferSelect;

export const COMPANY_NOT_FOUND = "Company not found.";

/** The companies a user may see: all live ones, or only its own (none without one). */
export function visibleCompanies(actor: UserActor): SQL {
  const live = isNull(schema.companies.deletedAt);
  if (actor.permissions.has("company_access") && !actor.isClient) return live;
  return actor.companyId ? and(live, eq(schema.companies.id, actor.companyId))! : sql`false`;
}

/** The pickers' scope (job form, venues): a client contact only its own company. */
export function pickerCondition(actor: UserActor): SQL | undefined {
  const scope = companyScope(actor);
  if (scope === "all") return undefined;
  return scope.length ? inArray(schema.companies.id, scope) : sql`false`;
}

/** A signed-in user who may look at companies at all: company_access or a company of its own. */
export function companyReader(ctx: Ctx): UserActor {
  const actor = requireUser(ctx);
  if (actor.companyId != null && !actor.permissions.has("company_access")) return actor;
  requirePermission(ctx, "company_access");
  return actor;
}

export function companyEditor(ctx: Ctx): UserActor {
  requirePermission(ctx, "company_edit");
  return requireUser(ctx);
}

/** A live company the user may see, or 404. `lock` reads it FOR UPDATE (inside a transaction). */
export async function loadCompany(
  db: DbOrTx,
  actor: UserActor,
  rawId: unknown,
  opts: { lock?: boolean } = {},
): Promise<CompanyRow> {
  const id = parseId(rawId, "Company");
  const q = db
    .select()
    .from(schema.companies)
    .where(and(eq(schema.companies.id, id), visibleCompanies(actor)))
    .limit(1);
  const [row] = opts.lock ? await q.for("update") : await q;
  if (!row) throw new NotFoundError(COMPANY_NOT_FOUND);
  return row;
}
