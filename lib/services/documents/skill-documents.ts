import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { holdsValidSql } from "./valid";

/**
 * For the Book dialog (issue 11): the document types that a skill needs (the skill itself or
 * its parent group, in document_type_skills) and that each of `userIds` holds no valid
 * document of. One statement for a page of workers; a warning, never a block.
 */
export async function missingDocumentsForSkill(
  db: DbOrTx,
  userIds: number[],
  skillId: number | undefined,
  today: string,
): Promise<Map<number, { id: number; name: string }[]>> {
  const out = new Map<number, { id: number; name: string }[]>();
  if (!skillId || !userIds.length) return out;
  const u = schema.users;
  const dts = schema.documentTypeSkills;
  const dt = schema.documentTypes;
  const parent = sql`(select ${schema.skills.parentId} from ${schema.skills} where ${schema.skills.id} = ${skillId})`;
  const rows = await db
    .selectDistinct({ userId: u.id, id: dt.id, name: dt.name })
    .from(u)
    .innerJoin(dts, or(eq(dts.skillId, skillId), sql`${dts.skillId} = ${parent}`))
    .innerJoin(dt, and(eq(dt.id, dts.documentTypeId), isNull(dt.archivedAt)))
    .where(and(inArray(u.id, userIds), sql`NOT ${holdsValidSql(u.id, dt.id, today)}`))
    .orderBy(u.id, dt.name);
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.userId, list);
  }
  return out;
}
