import { and, count, countDistinct, eq, inArray, isNotNull } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { usageOf, type Usage } from "../master-data";

/**
 * Where skills are used: what keeps a deleted skill as an archived row (deleted_at) instead of
 * removing it, so jobs, profiles, document types, preferred skills and rates keep pointing at
 * a name. Every row counts, removed slots and archived jobs too: they still refer to the skill.
 */
export interface SkillUses {
  jobs: number;
  workers: number;
  documentTypes: number;
  companies: number;
  rates: number;
  /** Archived sub-skills still point at their parent. */
  archivedSubSkills: number;
}

const NONE: SkillUses = {
  jobs: 0,
  workers: 0,
  documentTypes: 0,
  companies: 0,
  rates: 0,
  archivedSubSkills: 0,
};

/** "3 jobs, 12 workers and 1 rate"; count 0 when nothing uses it. */
export const usageLabel = (u: SkillUses): Usage =>
  usageOf([
    [u.jobs, "job"],
    [u.workers, "worker"],
    [u.documentTypes, "document type"],
    [u.companies, "company's preferred skills", "companies' preferred skills"],
    [u.rates, "rate"],
    [u.archivedSubSkills, "archived sub-skill"],
  ]);

const toMap = (rows: { id: number | null; n: number | string }[]) =>
  new Map(rows.map((r) => [Number(r.id), Number(r.n)]));

/** The uses of each of `ids`, one query per kind whatever the number of ids. */
export async function skillUses(db: DbOrTx, ids: number[]): Promise<Map<number, SkillUses>> {
  const result = new Map<number, SkillUses>();
  if (ids.length === 0) return result;
  const ss = schema.shiftSlots;
  const [jobs, workers, docTypes, companies, clientRates, workerRates, archived] = await sideBySide(
    db,
    () =>
      db
        .select({ id: ss.skillId, n: countDistinct(schema.shifts.jobId) })
        .from(ss)
        .innerJoin(schema.shifts, eq(schema.shifts.id, ss.shiftId))
        .where(inArray(ss.skillId, ids))
        .groupBy(ss.skillId),
    () =>
      db
        .select({ id: schema.userSkills.skillId, n: count() })
        .from(schema.userSkills)
        .where(inArray(schema.userSkills.skillId, ids))
        .groupBy(schema.userSkills.skillId),
    () =>
      db
        .select({ id: schema.documentTypeSkills.skillId, n: count() })
        .from(schema.documentTypeSkills)
        .where(inArray(schema.documentTypeSkills.skillId, ids))
        .groupBy(schema.documentTypeSkills.skillId),
    () =>
      db
        .select({ id: schema.companyPreferredSkills.skillId, n: count() })
        .from(schema.companyPreferredSkills)
        .where(inArray(schema.companyPreferredSkills.skillId, ids))
        .groupBy(schema.companyPreferredSkills.skillId),
    () =>
      db
        .select({ id: schema.clientRates.skillId, n: count() })
        .from(schema.clientRates)
        .where(inArray(schema.clientRates.skillId, ids))
        .groupBy(schema.clientRates.skillId),
    () =>
      db
        .select({ id: schema.workerRates.skillId, n: count() })
        .from(schema.workerRates)
        .where(inArray(schema.workerRates.skillId, ids))
        .groupBy(schema.workerRates.skillId),
    () =>
      db
        .select({ id: schema.skills.parentId, n: count() })
        .from(schema.skills)
        .where(and(inArray(schema.skills.parentId, ids), isNotNull(schema.skills.deletedAt)))
        .groupBy(schema.skills.parentId),
  );
  const maps = {
    jobs: toMap(jobs),
    workers: toMap(workers),
    documentTypes: toMap(docTypes),
    companies: toMap(companies),
    clientRates: toMap(clientRates),
    workerRates: toMap(workerRates),
    archived: toMap(archived),
  };
  for (const id of ids)
    result.set(id, {
      ...NONE,
      jobs: maps.jobs.get(id) ?? 0,
      workers: maps.workers.get(id) ?? 0,
      documentTypes: maps.documentTypes.get(id) ?? 0,
      companies: maps.companies.get(id) ?? 0,
      rates: (maps.clientRates.get(id) ?? 0) + (maps.workerRates.get(id) ?? 0),
      archivedSubSkills: maps.archived.get(id) ?? 0,
    });
  return result;
}
