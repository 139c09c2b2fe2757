import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { precompiled, schema, type DbOrTx } from "@/db";
import { parentsOf, skillOrParent, trim, type Bands } from "./lookup-base";

export interface ClientRate extends Bands {
  /** The worker pay this price assumes (margins); never shown to a client contact. */
  rateWorker: number | null;
}

// Every booking asks whether its slot's skill has a client price: precompiled. A null branch
// or job matches no row (`= null` is never true): no card, or no job's own rows. The asked
// skills' parents ride on each row: with no row there is nothing to choose between.
const clientRateRows = precompiled<
  { skillIds: number[]; companyId: number; branchId: number | null; jobId: number | null },
  ReturnType<typeof clientRateRowsQuery>
>("rates_client_rate_rows", (db) => clientRateRowsQuery(db));
function clientRateRowsQuery(db: DbOrTx) {
  const cr = schema.clientRates;
  return db
    .select({
      rate: cr,
      parents: sql<Record<string, number | null>>`(
        select json_object_agg(${schema.skills.id}, ${schema.skills.parentId})
        from ${schema.skills} where ${schema.skills.id} = any(${sql.placeholder("skillIds")}))`,
    })
    .from(cr)
    .where(
      clientRateRowsOf(
        or(
          and(
            isNull(cr.jobId),
            eq(cr.companyId, sql.placeholder("companyId")),
            eq(cr.branchId, sql.placeholder("branchId")),
          ),
          eq(cr.jobId, sql.placeholder("jobId")),
        )!,
      ),
    );
}

/**
 * The rows the client lookup chooses from: the asked skills' and their parents' (`skillIds`),
 * priced per skill (no level), of the jobs and cards `scope` says.
 */
export const clientRateRowsOf = (scope: SQL) =>
  and(skillOrParent(schema.clientRates.skillId), isNull(schema.clientRates.levelId), scope);

/**
 * The client rate of each skill for a company at a branch (optionally on one job), by
 * precedence: the job's own row for the skill → the company × branch card row → for a
 * sub-skill with neither, the same two for its parent skill. Rows priced per level are not
 * used here (the card prices a skill; level rows are a refinement the grid does not write).
 * A skill with no rate is absent from the map. One query. `branchId` null (a job with no
 * pricing branch) reads the job's own rows only: there is no card to fall back on.
 */
export async function clientRatesFor(
  db: DbOrTx,
  q: { companyId: number; branchId: number | null; jobId?: number | null; skillIds: number[] },
): Promise<Map<number, ClientRate>> {
  const out = new Map<number, ClientRate>();
  const skillIds = [...new Set(q.skillIds)];
  if (!skillIds.length || (q.branchId === null && !q.jobId)) return out;
  const found = await clientRateRows(db, {
    skillIds,
    companyId: q.companyId,
    branchId: q.branchId,
    jobId: q.jobId ?? null,
  });
  if (!found.length) return out;
  const parents = new Map(Object.entries(found[0].parents ?? {}).map(([k, v]) => [Number(k), v]));
  return clientRatesOfRows(
    found.map((f) => f.rate),
    parents,
    skillIds,
  );
}

/**
 * clientRatesFor's choice among rows already read: `rows` are one job's own rows and its card's
 * (the company × the pricing branch), with the skills' and their parents'.
 */
export function clientRatesOfRows(
  rows: ClientRateRow[],
  parents: Map<number, number | null>,
  skillIds: number[],
): Map<number, ClientRate> {
  const out = new Map<number, ClientRate>();
  const job = new Map(rows.filter((r) => r.jobId !== null).map((r) => [r.skillId, r]));
  const card = new Map(rows.filter((r) => r.jobId === null).map((r) => [r.skillId, r]));
  for (const skillId of skillIds) {
    const hit = pickClientRate(job, card, skillId, parents.get(skillId) ?? null);
    if (hit) out.set(skillId, hit);
  }
  return out;
}

type ClientRateRow = typeof schema.clientRates.$inferSelect;

/** The precedence of clientRatesFor: job row → card row → the parent skill's job row → card row. */
function pickClientRate(
  job: Map<number, ClientRateRow>,
  card: Map<number, ClientRateRow>,
  skillId: number,
  parentId: number | null,
): ClientRate | null {
  const candidates: [ClientRateRow | undefined, ClientRate["source"]][] = [
    [job.get(skillId), "job"],
    [card.get(skillId), "card"],
    [parentId ? job.get(parentId) : undefined, "parent-job"],
    [parentId ? card.get(parentId) : undefined, "parent-card"],
  ];
  const hit = candidates.find(([r]) => r);
  if (!hit) return null;
  const [r, source] = hit as [ClientRateRow, ClientRate["source"]];
  return {
    id: r.id,
    skillId: r.skillId,
    source,
    currencyCode: trim(r.currencyCode),
    standard: r.standardPrice,
    weekend: r.weekendPrice,
    night: r.nightPrice,
    nightStart: r.nightStart,
    nightEnd: r.nightEnd,
    rateWorker: r.rateWorker,
  };
}

/**
 * clientRatesFor for many jobs at once (statistics price the approved hours of a period): the
 * same precedence per job, in two queries whatever the number of jobs. Answers a map per job id
 * (skill id → rate); a job with no pricing branch reads its own rows only.
 */
export async function clientRatesForJobs(
  db: DbOrTx,
  jobs: { jobId: number; companyId: number; branchId: number | null; skillIds: number[] }[],
): Promise<Map<number, Map<number, ClientRate>>> {
  const out = new Map<number, Map<number, ClientRate>>();
  const skillIds = [...new Set(jobs.flatMap((j) => j.skillIds))];
  if (!skillIds.length) return out;
  const parents = await parentsOf(db, skillIds);
  const all = [...new Set([...skillIds, ...[...parents.values()].filter((p) => p !== null)])];
  const cr = schema.clientRates;
  const cards = [
    ...new Map(
      jobs
        .filter((j) => j.branchId !== null)
        .map((j) => [`${j.companyId}:${j.branchId}`, [j.companyId, j.branchId!] as const]),
    ).values(),
  ];
  const rows = await db
    .select()
    .from(cr)
    .where(
      and(
        inArray(cr.skillId, all),
        isNull(cr.levelId),
        or(
          inArray(
            cr.jobId,
            jobs.map((j) => j.jobId),
          ),
          cards.length
            ? and(
                isNull(cr.jobId),
                sql`(${cr.companyId}, ${cr.branchId}) in (${sql.join(
                  cards.map(([c, b]) => sql`(${c}::int, ${b}::int)`),
                  sql`, `,
                )})`,
              )
            : undefined,
        ),
      ),
    );
  const byScope = new Map<string, Map<number, ClientRateRow>>();
  for (const r of rows) {
    const key = r.jobId !== null ? `job:${r.jobId}` : `card:${r.companyId}:${r.branchId}`;
    const into = byScope.get(key) ?? new Map<number, ClientRateRow>();
    into.set(r.skillId, r);
    byScope.set(key, into);
  }
  const none = new Map<number, ClientRateRow>();
  for (const j of jobs) {
    const job = byScope.get(`job:${j.jobId}`) ?? none;
    const card =
      j.branchId === null ? none : (byScope.get(`card:${j.companyId}:${j.branchId}`) ?? none);
    const rates = new Map<number, ClientRate>();
    for (const skillId of new Set(j.skillIds)) {
      const hit = pickClientRate(job, card, skillId, parents.get(skillId) ?? null);
      if (hit) rates.set(skillId, hit);
    }
    out.set(j.jobId, rates);
  }
  return out;
}
