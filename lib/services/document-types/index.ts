import type { z } from "zod";
import { and, count, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { NotFoundError, ValidationError } from "../errors";
import { escapeLike } from "../like";
import { offsetOf, pageMeta, type Page } from "../pagination";
import { isId } from "../params";
import { DOCUMENT_TYPE_MESSAGES, documentTypeInput, documentTypesListInput } from "./schemas";
import { parseInput } from "../validate";
import { archivableName, archiveWhenUsed, masterListWrites } from "../master-data/writes";

/**
 * Document types (master data, spec §2 /document-types, §7, issue 11): what a worker must
 * upload. Writes need document_type_access; reading the live types is open to every signed-in
 * user (the upload form picks from them). A type that documents use is archived on delete,
 * so old documents keep their name; an unused one is removed.
 */
export interface DocumentTypeView {
  id: number;
  name: string;
  description: string | null;
  is_required: boolean;
  has_expiry: boolean;
  warning_months: number;
  role_ids: number[];
  skill_ids: number[];
  roles: { id: number; title: string }[];
  skills: { id: number; name: string }[];
  /** Documents uploaded for it (any user, any state). */
  documents_count: number;
}

export {
  DOCUMENT_TYPE_MESSAGES,
  WARNING_MONTHS_MAX,
  documentTypeInput,
  documentTypesListInput,
  type DocumentTypeInput,
} from "./schemas";

const dt = schema.documentTypes;
const fields = {
  id: dt.id,
  name: dt.name,
  description: dt.description,
  isRequired: dt.isRequired,
  hasExpiry: dt.hasExpiry,
  warningMonths: dt.warningMonths,
};
type TypeRow = { [K in keyof typeof fields]: (typeof dt.$inferSelect)[K] };

/** Roles, skills and document counts of the types `rows`, three queries for the whole page. */
async function decorate(db: DbOrTx, rows: TypeRow[]): Promise<DocumentTypeView[]> {
  const typeIds = rows.map((r) => r.id);
  if (typeIds.length === 0) return [];
  const [roles, skills, docs] = await sideBySide(
    db,
    () =>
      db
        .select({
          typeId: schema.documentTypeRoles.documentTypeId,
          id: schema.roles.id,
          title: schema.roles.title,
        })
        .from(schema.documentTypeRoles)
        .innerJoin(schema.roles, eq(schema.roles.id, schema.documentTypeRoles.roleId))
        .where(inArray(schema.documentTypeRoles.documentTypeId, typeIds))
        .orderBy(schema.roles.title),
    () =>
      db
        .select({
          typeId: schema.documentTypeSkills.documentTypeId,
          id: schema.skills.id,
          name: schema.skills.name,
        })
        .from(schema.documentTypeSkills)
        .innerJoin(schema.skills, eq(schema.skills.id, schema.documentTypeSkills.skillId))
        .where(inArray(schema.documentTypeSkills.documentTypeId, typeIds))
        .orderBy(schema.skills.name),
    () =>
      db
        .select({ typeId: schema.documents.documentTypeId, n: count() })
        .from(schema.documents)
        .where(inArray(schema.documents.documentTypeId, typeIds))
        .groupBy(schema.documents.documentTypeId),
  );
  const counts = new Map(docs.map((d) => [d.typeId, Number(d.n)]));
  return rows.map((r) => {
    const rs = roles.filter((x) => x.typeId === r.id).map(({ id, title }) => ({ id, title }));
    const ss = skills.filter((x) => x.typeId === r.id).map(({ id, name }) => ({ id, name }));
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      is_required: r.isRequired,
      has_expiry: r.hasExpiry,
      warning_months: r.warningMonths,
      role_ids: rs.map((x) => x.id),
      skill_ids: ss.map((x) => x.id),
      roles: rs,
      skills: ss,
      documents_count: counts.get(r.id) ?? 0,
    };
  });
}

/**
 * GET document-types?page=&perPage=&filter[search]=: the live types by name, 10 a page;
 * `all=true` puts every live type on one page (a short master list, capped at 500).
 */
export async function listDocumentTypes(ctx: Ctx, raw: unknown): Promise<Page<DocumentTypeView>> {
  requireUser(ctx);
  const input = parseInput(documentTypesListInput, raw ?? {});
  const search = input.filter.search;
  const where = and(
    isNull(dt.archivedAt),
    search ? ilike(dt.name, `%${escapeLike(search)}%`) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(dt).where(where);
  const page = input.all ? 1 : input.page;
  const perPage = input.all ? Math.max(1, Math.min(Number(total), 500)) : input.perPage;
  const rows = await ctx.db
    .select(fields)
    .from(dt)
    .where(where)
    .orderBy(sql`lower(${dt.name})`, dt.id)
    .limit(perPage)
    .offset(offsetOf(page, perPage));
  return {
    items: await decorate(ctx.db, rows),
    meta: pageMeta(page, perPage, Number(total)),
  };
}

export interface DocumentTypeOption {
  id: number;
  name: string;
  has_expiry: boolean;
  is_required: boolean;
}

/** The live types for pickers (the upload form), by name; unpaged (a short master list). */
export async function documentTypeOptions(ctx: Ctx): Promise<DocumentTypeOption[]> {
  requireUser(ctx);
  const rows = await ctx.db
    .select({ id: dt.id, name: dt.name, has_expiry: dt.hasExpiry, is_required: dt.isRequired })
    .from(dt)
    .where(isNull(dt.archivedAt))
    .orderBy(sql`lower(${dt.name})`, dt.id)
    .limit(500);
  return rows;
}

const parseTypeId = (raw: unknown): number => {
  if (!isId(raw)) throw new NotFoundError(DOCUMENT_TYPE_MESSAGES.notFound);
  return Number(raw);
};

async function loadLive(db: DbOrTx, id: number, forUpdate = false): Promise<TypeRow> {
  const q = db
    .select(fields)
    .from(dt)
    .where(and(eq(dt.id, id), isNull(dt.archivedAt)));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw new NotFoundError(DOCUMENT_TYPE_MESSAGES.notFound);
  return row;
}

/** GET document-types/{id}: a live type. */
export async function getDocumentType(ctx: Ctx, rawId: unknown): Promise<DocumentTypeView> {
  requireUser(ctx);
  const [view] = await decorate(ctx.db, [await loadLive(ctx.db, parseTypeId(rawId))]);
  return view;
}

/** Role and skill ids must name live rows; one 422 per field otherwise. */
async function assertLinks(tx: DbOrTx, roleIds: number[], skillIds: number[]): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (roleIds.length) {
    const found = await tx
      .select({ id: schema.roles.id })
      .from(schema.roles)
      .where(inArray(schema.roles.id, roleIds));
    if (found.length !== new Set(roleIds).size) errors.role_ids = [DOCUMENT_TYPE_MESSAGES.role];
  }
  if (skillIds.length) {
    const found = await tx
      .select({ id: schema.skills.id })
      .from(schema.skills)
      .where(and(inArray(schema.skills.id, skillIds), isNull(schema.skills.deletedAt)));
    if (found.length !== new Set(skillIds).size) errors.skill_ids = [DOCUMENT_TYPE_MESSAGES.skill];
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first[0], errors);
}

async function setLinks(tx: DbOrTx, id: number, roleIds: number[], skillIds: number[]) {
  await tx.delete(schema.documentTypeRoles).where(eq(schema.documentTypeRoles.documentTypeId, id));
  await tx
    .delete(schema.documentTypeSkills)
    .where(eq(schema.documentTypeSkills.documentTypeId, id));
  const roles = [...new Set(roleIds)];
  const skills = [...new Set(skillIds)];
  if (roles.length)
    await tx
      .insert(schema.documentTypeRoles)
      .values(roles.map((roleId) => ({ documentTypeId: id, roleId })));
  if (skills.length)
    await tx
      .insert(schema.documentTypeSkills)
      .values(skills.map((skillId) => ({ documentTypeId: id, skillId })));
}
const values = (input: z.output<typeof documentTypeInput>) => ({
  name: input.name,
  description: input.description,
  isRequired: input.is_required,
  hasExpiry: input.has_expiry,
  warningMonths: input.warning_months,
});

const writes = masterListWrites({
  table: dt,
  id: dt.id,
  fields,
  permission: "document_type_access",
  logName: "document_types",
  noun: "document type",
  messages: DOCUMENT_TYPE_MESSAGES,
  input: documentTypeInput,
  idOf: parseTypeId,
  load: loadLive,
  claim: archivableName(
    { table: dt, id: dt.id, name: dt.name, archivedAt: dt.archivedAt },
    "crewdeck.document_types.name",
    DOCUMENT_TYPE_MESSAGES.duplicate,
  ),
  values,
  check: (tx, input) => assertLinks(tx, input.role_ids, input.skill_ids),
  link: (tx, id, input) => setLinks(tx, id, input.role_ids, input.skill_ids),
  view: async (db, row) => (await decorate(db, [row]))[0],
  logged: (v) => ({
    name: v.name,
    description: v.description,
    is_required: v.is_required,
    has_expiry: v.has_expiry,
    warning_months: v.warning_months,
    role_ids: v.role_ids.toSorted((a, b) => a - b),
    skill_ids: v.skill_ids.toSorted((a, b) => a - b),
  }),
  remove: archiveWhenUsed<TypeRow>({
    // FOR UPDATE on the type (the load) waits for an upload holding its key-share lock on it,
    // so this count sees every document committed before the decision.
    usage: async (tx, row) => {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(schema.documents)
        .where(eq(schema.documents.documentTypeId, row.id));
      return { count: Number(n), label: `${Number(n)} documents` };
    },
    note: (usage) => `${usage.label} keep it`,
    properties: (row, usage) => ({ name: row.name, documents: usage.count }),
  }),
});

/** POST document-types. */
export const createDocumentType = writes.create;

/** PUT document-types/{id}: replaces every field, roles and skills included. */
export const updateDocumentType = writes.update;

/**
 * DELETE document-types/{id}: removed when no document uses it; archived otherwise (hidden
 * from pickers and lists, still named on the documents that point at it).
 */
export const deleteDocumentType = writes.remove;

/** What the create/edit form picks from: every role, and the live skills in their order. */
export async function documentTypeFormOptions(ctx: Ctx) {
  requirePermission(ctx, "document_type_access");
  const [roles, skills] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ id: schema.roles.id, name: schema.roles.title })
        .from(schema.roles)
        .orderBy(schema.roles.title),
    () =>
      ctx.db
        .select({ id: schema.skills.id, name: schema.skills.name })
        .from(schema.skills)
        .where(isNull(schema.skills.deletedAt))
        .orderBy(schema.skills.order, schema.skills.name),
  );
  return { roles, skills };
}
