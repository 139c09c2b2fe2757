import { z } from "zod";
import { LABEL_MAX } from "@/lib/domain/text-limits";
import { and, asc, count, countDistinct, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { schema, type DbOrTx, type Tx } from "@/db";
import { requirePermission, requireUser, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { escapeLike } from "../like";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { flag, parseId, searchText } from "../params";
import { parseInput } from "../validate";
import { isUniqueViolation, nameField, nameTaken, usageOf } from "../master-data";
import { claimArchivableName, live } from "../master-data/archive";
import { archiveWhenUsed, masterListWrites } from "../master-data/writes";

/**
 * Languages (master data, spec §2 /languages, §7, §9 "languages sort by id"): what people
 * speak, named and coded (ISO 639-1). A language someone speaks is archived on delete: hidden
 * from the list and the pickers (profile, registration, user wizard, freelancer filter), still
 * shown on the profiles that hold it.
 */
export interface LanguageView {
  id: number;
  name: string;
  code: string;
  /** People who speak it; absent in the picker form (`all`). */
  users_count?: number;
}

export const LANGUAGE_MESSAGES = {
  duplicate: "A language with this name already exists.",
  duplicateCode: "A language with this code already exists.",
  code: "The code must be two lower-case letters (ISO 639-1), e.g. en.",
  notFound: "Language not found.",
} as const;

const code = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "The code field is required."
          : "The code must be a string.",
    })
    .min(1, "The code field is required.")
    .regex(/^[a-z]{2}$/, LANGUAGE_MESSAGES.code),
);

export const languageInput = z.object({ name: nameField(LABEL_MAX), code });
export type LanguageInput = z.input<typeof languageInput>;

export const languagesListInput = pageInput(10).extend({
  /** Every live language on one page, by id (pickers). */
  all: flag,
  filter: z.object({ search: searchText }).default({ search: undefined }),
});

const lang = schema.languages;
const fields = { id: lang.id, name: lang.name, code: lang.code };
type LanguageRow = { id: number; name: string; code: string };

async function withCounts(db: DbOrTx, rows: LanguageRow[]): Promise<LanguageView[]> {
  const ids = rows.map((r) => r.id);
  const counts = new Map<number, number>();
  if (ids.length) {
    const found = await db
      .select({
        id: schema.userLanguages.languageId,
        n: countDistinct(schema.userLanguages.userId),
      })
      .from(schema.userLanguages)
      .where(inArray(schema.userLanguages.languageId, ids))
      .groupBy(schema.userLanguages.languageId);
    for (const r of found) counts.set(Number(r.id), Number(r.n));
  }
  return rows.map((r) => ({ ...r, users_count: counts.get(r.id) ?? 0 }));
}

/**
 * GET languages?page=&perPage=&filter[search]=: the live languages by id (spec §9), 10 a
 * page, searched by name or code, with how many people speak each [language_access].
 * `all=1` is the pickers' form: every live language on one page, to any signed-in user.
 */
export async function listLanguages(ctx: Ctx, raw: unknown): Promise<Page<LanguageView>> {
  const input = parseInput(languagesListInput, raw ?? {});
  if (input.all) {
    requireUser(ctx);
    const rows = await ctx.db
      .select(fields)
      .from(lang)
      .where(isNull(lang.archivedAt))
      .orderBy(asc(lang.id))
      .limit(500);
    return { items: rows, meta: pageMeta(1, Math.max(1, rows.length), rows.length) };
  }
  requirePermission(ctx, "language_access");
  const search = input.filter.search;
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  const where = and(
    isNull(lang.archivedAt),
    pattern ? or(ilike(lang.name, pattern), ilike(lang.code, pattern)) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(lang).where(where);
  const rows = await ctx.db
    .select(fields)
    .from(lang)
    .where(where)
    .orderBy(asc(lang.id))
    .limit(input.perPage)
    .offset(offsetOf(input.page, input.perPage));
  return {
    items: await withCounts(ctx.db, rows),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

/**
 * The languages a picker offers, by name: the live ones, plus the archived ones `heldBy`
 * speaks, so that user's profile form keeps showing (and can untick) them.
 */
export async function languageOptions(
  db: DbOrTx,
  heldBy?: number,
): Promise<{ id: number; name: string }[]> {
  const held = heldBy
    ? sql`exists (select 1 from ${schema.userLanguages} where ${schema.userLanguages.userId} = ${heldBy} and ${schema.userLanguages.languageId} = ${lang.id})`
    : undefined;
  return db
    .select({ id: lang.id, name: lang.name })
    .from(lang)
    .where(held ? or(isNull(lang.archivedAt), held) : isNull(lang.archivedAt))
    .orderBy(asc(lang.name))
    .limit(500);
}

async function loadLanguage(db: DbOrTx, id: number, forUpdate = false): Promise<LanguageRow> {
  const q = db
    .select(fields)
    .from(lang)
    .where(live(lang.id, lang.archivedAt, id));
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row) throw new NotFoundError(LANGUAGE_MESSAGES.notFound);
  return row;
}

/** GET languages/{id}: a live language with how many people speak it. */
export async function getLanguage(ctx: Ctx, rawId: unknown): Promise<LanguageView> {
  requirePermission(ctx, "language_access");
  const row = await loadLanguage(ctx.db, parseId(rawId, "Language"));
  return (await withCounts(ctx.db, [row]))[0];
}

/**
 * Name and code must be free among live languages (case-insensitive). An archived language
 * holding the name or the code is the one to restore on create; two different archived
 * languages holding them cannot both come back, so that is a clash on the code.
 */
async function claim(tx: Tx, input: z.output<typeof languageInput>, exceptId?: number) {
  const common = { table: lang, id: lang.id, archivedAt: lang.archivedAt, exceptId };
  const byName = await claimArchivableName(tx, {
    ...common,
    column: lang.name,
    value: input.name,
    lockKey: "crewdeck.languages.name",
    message: LANGUAGE_MESSAGES.duplicate,
  });
  const byCode = await claimArchivableName(tx, {
    ...common,
    column: lang.code,
    value: input.code,
    lockKey: "crewdeck.languages.code",
    message: LANGUAGE_MESSAGES.duplicateCode,
    field: "code",
  });
  if (byName && byCode && byName !== byCode)
    throw nameTaken(LANGUAGE_MESSAGES.duplicateCode, "code");
  return byName ?? byCode;
}

/** A unique-index race that slipped past `claim`: the same 422, on the field it names. */
async function mapUnique<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const constraint = String(
      ((err as { cause?: { constraint?: unknown } }).cause ?? (err as { constraint?: unknown }))
        .constraint ?? "",
    );
    throw constraint.includes("code")
      ? nameTaken(LANGUAGE_MESSAGES.duplicateCode, "code")
      : nameTaken(LANGUAGE_MESSAGES.duplicate);
  }
}

const logged = (r: { name: string; code: string }) => ({ name: r.name, code: r.code });

const writes = masterListWrites({
  table: lang,
  id: lang.id,
  fields,
  permission: "language_access",
  logName: "languages",
  noun: "language",
  messages: LANGUAGE_MESSAGES,
  input: languageInput,
  idOf: (raw) => parseId(raw, "Language"),
  load: loadLanguage,
  claim,
  values: (input) => ({ name: input.name, code: input.code }),
  view: async (db, row) => (await withCounts(db, [row]))[0],
  logged,
  mapUnique,
  remove: archiveWhenUsed<LanguageRow>({
    usage: async (tx, row) =>
      usageOf([[(await withCounts(tx, [row]))[0].users_count ?? 0, "person", "people"]]),
    note: (usage) => `spoken by ${usage.label}`,
    properties: logged,
  }),
});

/** POST languages (name, code). */
export const createLanguage = writes.create;

/** PUT languages/{id} (name, code). */
export const updateLanguage = writes.update;

/**
 * DELETE languages/{id}: removed when nobody speaks it; archived otherwise (profiles keep it,
 * pickers no longer offer it). `archived` says which happened.
 */
export const deleteLanguage = writes.remove;
