import { inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { USERS_ID } from "../users/workers";
import { holdsValidSql } from "./valid";

export interface MissingDocument {
  id: number;
  name: string;
}

/**
 * For the Book dialog (issue 11): the document types that a skill needs (the skill itself or
 * its parent group, in document_type_skills) and that the outer `users` row holds no valid
 * document of, as json [{ id, name }] by name (null when none): a warning, never a block. A
 * subselect, so a page of workers carries it in its own query. Raw aliases, not columns:
 * Drizzle writes a single-table select's columns unqualified, and these would then be the
 * outer table's.
 */
export const missingDocumentsOfUser = (
  skillId: number | Placeholder,
  today: string | Placeholder,
): SQL<MissingDocument[] | null> =>
  sql`(
  select json_agg(json_build_object('id', m.id, 'name', m.name) order by m.name, m.id)
  from (select distinct dt.id, dt.name
        from ${schema.documentTypeSkills} dts
        join ${schema.documentTypes} dt on dt.id = dts.document_type_id and dt.archived_at is null
        where (dts.skill_id = ${skillId}
               or dts.skill_id = (select sk.parent_id from ${schema.skills} sk where sk.id = ${skillId}))
          and not ${holdsValidSql(USERS_ID, sql`dt.id`, today)}) m)`;

/** `missingDocumentsOfUser` for some users, in one statement; users missing none are absent. */
export async function missingDocumentsForSkill(
  db: DbOrTx,
  userIds: number[],
  skillId: number | undefined,
  today: string,
): Promise<Map<number, MissingDocument[]>> {
  const out = new Map<number, MissingDocument[]>();
  if (!skillId || !userIds.length) return out;
  const rows = await db
    .select({ userId: schema.users.id, missing: missingDocumentsOfUser(skillId, today) })
    .from(schema.users)
    .where(inArray(schema.users.id, userIds));
  for (const r of rows) if (r.missing?.length) out.set(r.userId, r.missing);
  return out;
}
