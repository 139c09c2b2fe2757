import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";

/**
 * Which rate applies: the one place that decides, for the booking check (410 missing_rates),
 * estimates and the job projection. Each lookup is a fixed number of queries whatever the
 * number of skills or workers (no N+1), and takes the db or transaction to read through.
 */

export interface Bands {
  /** The rate row that was chosen. */
  id: number;
  /** The skill the row prices: the asked skill, or its parent when the sub-skill has none. */
  skillId: number;
  source: "job" | "card" | "parent-job" | "parent-card";
  currencyCode: string;
  standard: number;
  weekend: number | null;
  night: number | null;
  nightStart: string | null;
  nightEnd: string | null;
}

export interface ClientRate extends Bands {
  /** The worker pay this price assumes (margins); never shown to a client contact. */
  rateWorker: number | null;
}

export interface WorkerRate extends Omit<Bands, "source"> {
  source:
    | "job-user"
    | "job"
    | "custom"
    | "card-level"
    | "card"
    | "parent-job-user"
    | "parent-job"
    | "parent-custom"
    | "parent-card-level"
    | "parent-card";
  levelId: number | null;
  branchId: number | null;
  userId: number | null;
  /**
   * For a job or custom rate: what the card pays the same worker for the skill (skill × the
   * worker's level × branch, else the card's any-level row, then the parent skill's), so a zero
   * job or custom rate can be replaced by it (salary's replaceZero). Null when the card has no
   * row; absent when the rate is the card's own.
   */
  card?: Omit<WorkerRate, "card"> | null;
}

/** Each skill's parent (null for a top-level skill). One query. */
async function parentsOf(db: DbOrTx, skillIds: number[]): Promise<Map<number, number | null>> {
  if (!skillIds.length) return new Map();
  const rows = await db
    .select({ id: schema.skills.id, parentId: schema.skills.parentId })
    .from(schema.skills)
    .where(inArray(schema.skills.id, skillIds));
  return new Map(rows.map((r) => [r.id, r.parentId]));
}

const trim = (code: string) => code.trim();

/**
 * The client rate of each skill for a company at a branch (optionally on one job), by
 * precedence: the job's own row for the skill → the company × branch card row → for a
 * sub-skill with neither, the same two for its parent skill. Rows priced per level are not
 * used here (the card prices a skill; level rows are a refinement the grid does not write).
 * A skill with no rate is absent from the map. Two queries. `branchId` null (a job with no
 * pricing branch) reads the job's own rows only: there is no card to fall back on.
 */
export async function clientRatesFor(
  db: DbOrTx,
  q: { companyId: number; branchId: number | null; jobId?: number | null; skillIds: number[] },
): Promise<Map<number, ClientRate>> {
  const out = new Map<number, ClientRate>();
  const skillIds = [...new Set(q.skillIds)];
  if (!skillIds.length || (q.branchId === null && !q.jobId)) return out;
  const parents = await parentsOf(db, skillIds);
  const all = [...new Set([...skillIds, ...[...parents.values()].filter((p) => p !== null)])];
  const cr = schema.clientRates;
  const rows = await db
    .select()
    .from(cr)
    .where(
      and(
        inArray(cr.skillId, all),
        isNull(cr.levelId),
        or(
          q.branchId === null
            ? undefined
            : and(isNull(cr.jobId), eq(cr.companyId, q.companyId), eq(cr.branchId, q.branchId)),
          q.jobId ? eq(cr.jobId, q.jobId) : undefined,
        ),
      ),
    );
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

/**
 * The key of a (worker, skill) answer; `userId` null is an open place (no worker yet), priced
 * at what the skill pays the least experienced worker.
 */
export const workerRateKey = (userId: number | null, skillId: number) =>
  `${userId ?? "open"}:${skillId}`;

/**
 * The worker rate of each (worker, skill) pair, keyed `${userId}:${skillId}`. Precedence, for
 * the skill and then, when nothing matched, the same steps for its parent skill:
 *  1. the job's row for that worker and skill (`job-user`);
 *  2. the worker's custom rate for the skill at one of the branches (`custom`): a personal
 *     agreement beats the skill's rows every job copies from the card at creation;
 *  3. the job's row for the skill with no worker (`job`), of the worker's level, else no level;
 *  4. the card row for skill × the worker's level in that skill (user_skills.level_id) at one
 *     of the branches (`card-level`);
 *  5. the card row for skill × no level at one of the branches (`card`).
 * "One of the branches" takes the branches in the order given (the job's branch first). The
 * worker's level for a parent skill is the level held in the parent, else in the sub-skill.
 * An open place (`userId` null: a planned position nobody holds yet) has no job-user, custom
 * or held level: it takes the job's level-less row, else the job's row of the entry level
 * (the lowest level weight), else the card's level-less row, else the card's entry-level row
 * — what the least experienced worker would earn, with the same weekend and night bands.
 * Rows for a country without a branch are not used (a branch row's country is informational). A pair with no rate is absent. Three
 * queries.
 */
export async function workerRatesFor(
  db: DbOrTx,
  q: WorkerRatesQuery,
): Promise<Map<string, WorkerRate>> {
  return (await workerRatesForJobs(db, [q]))[0];
}

export interface WorkerRatesQuery {
  jobId?: number | null;
  branchIds: number[];
  /** userId null: an open place (see `workerRatesFor`). */
  pairs: { userId: number | null; skillId: number }[];
}

/**
 * `workerRatesFor` for several jobs at once (a worker's list of open shifts): one answer per
 * query, in order, each decided exactly as `workerRatesFor` decides it, in the same three
 * queries whatever the number of jobs.
 */
export async function workerRatesForJobs(
  db: DbOrTx,
  queries: WorkerRatesQuery[],
): Promise<Map<string, WorkerRate>[]> {
  const answers = queries.map(() => new Map<string, WorkerRate>());
  const live = queries.filter((q) => q.pairs.length && (q.jobId || q.branchIds.length));
  if (!live.length) return answers;
  const skillIds = [...new Set(live.flatMap((q) => q.pairs.map((p) => p.skillId)))];
  const userIds = [
    ...new Set(live.flatMap((q) => q.pairs.flatMap((p) => (p.userId === null ? [] : [p.userId])))),
  ];
  const anyOpen = live.some((q) => q.pairs.some((p) => p.userId === null));
  const jobIds = [...new Set(live.map((q) => q.jobId).filter((j): j is number => !!j))];
  const branchIds = [...new Set(live.flatMap((q) => q.branchIds))];
  const parents = await parentsOf(db, skillIds);
  const all = [...new Set([...skillIds, ...[...parents.values()].filter((p) => p !== null)])];
  const wr = schema.workerRates;
  const [levels, weights, allRows] = await Promise.all([
    userIds.length
      ? db
          .select({
            userId: schema.userSkills.userId,
            skillId: schema.userSkills.skillId,
            levelId: schema.userSkills.levelId,
          })
          .from(schema.userSkills)
          .where(
            and(
              inArray(schema.userSkills.userId, userIds),
              inArray(schema.userSkills.skillId, all),
            ),
          )
      : Promise.resolve([]),
    anyOpen
      ? db.select({ id: schema.levels.id, weight: schema.levels.weight }).from(schema.levels)
      : Promise.resolve([]),
    db
      .select()
      .from(wr)
      .where(
        and(
          inArray(wr.skillId, all),
          or(
            jobIds.length ? inArray(wr.jobId, jobIds) : undefined,
            branchIds.length
              ? and(
                  isNull(wr.jobId),
                  inArray(wr.branchId, branchIds),
                  userIds.length
                    ? or(isNull(wr.userId), inArray(wr.userId, userIds))
                    : isNull(wr.userId),
                )
              : undefined,
          ),
        ),
      ),
  ]);
  queries.forEach((q, i) => {
    if (!live.includes(q)) return;
    // This query's rows only: its job's rows and the cards of its own branches.
    const rows = allRows.filter((r) =>
      r.jobId === null
        ? r.branchId !== null && q.branchIds.includes(r.branchId)
        : q.jobId != null && r.jobId === q.jobId,
    );
    resolveWorkerRates(q, rows, levels, weights, parents, answers[i]);
  });
  return answers;
}

type WorkerRateRow = typeof schema.workerRates.$inferSelect;

function resolveWorkerRates(
  q: WorkerRatesQuery,
  rows: WorkerRateRow[],
  levels: { userId: number; skillId: number; levelId: number | null }[],
  weights: { id: number; weight: number }[],
  parents: Map<number, number | null>,
  out: Map<string, WorkerRate>,
): void {
  const levelOf = new Map(levels.map((l) => [`${l.userId}:${l.skillId}`, l.levelId]));
  const weightOf = new Map(weights.map((l) => [l.id, l.weight]));
  const entryFirst = (a: Row, b: Row) =>
    (weightOf.get(a.levelId ?? 0) ?? Infinity) - (weightOf.get(b.levelId ?? 0) ?? Infinity);
  const branchRank = (b: number | null) => (b === null ? -1 : q.branchIds.indexOf(b));
  type Row = (typeof rows)[number];
  const pick = (match: (r: Row) => boolean, byLevel = false): Row | undefined =>
    rows
      .filter(match)
      .sort(
        (a, b) =>
          branchRank(a.branchId) - branchRank(b.branchId) ||
          (byLevel ? entryFirst(a, b) : 0) ||
          a.id - b.id,
      )[0];

  const resolve = (
    userId: number | null,
    skillId: number,
    level: number | null,
    cardOnly = false,
  ): [Row, string] | undefined => {
    const onJob = (r: Row) => q.jobId != null && r.jobId === q.jobId && r.skillId === skillId;
    const onCard = (r: Row) => r.jobId === null && r.skillId === skillId;
    if (userId === null) {
      const open: [(r: Row) => boolean, boolean, string][] = [
        [(r) => onJob(r) && r.userId === null && r.levelId === null, false, "job"],
        [(r) => onJob(r) && r.userId === null && r.levelId !== null, true, "job"],
        [(r) => onCard(r) && r.userId === null && r.levelId === null, false, "card"],
        [(r) => onCard(r) && r.userId === null && r.levelId !== null, true, "card-level"],
      ];
      for (const [match, byLevel, source] of open) {
        const row = pick(match, byLevel);
        if (row) return [row, source];
      }
      return undefined;
    }
    const steps: [(r: Row) => boolean, string][] = [
      [(r) => onJob(r) && r.userId === userId, "job-user"],
      [
        (r) => onCard(r) && r.userId === userId && (r.levelId === null || r.levelId === level),
        "custom",
      ],
      [(r) => onJob(r) && r.userId === null && level !== null && r.levelId === level, "job"],
      [(r) => onJob(r) && r.userId === null && r.levelId === null, "job"],
      [
        (r) => onCard(r) && r.userId === null && level !== null && r.levelId === level,
        "card-level",
      ],
      [(r) => onCard(r) && r.userId === null && r.levelId === null, "card"],
    ];
    for (const [match, source] of cardOnly ? steps.slice(4) : steps) {
      const row = pick(match);
      if (row) return [row, source];
    }
    return undefined;
  };

  for (const { userId, skillId } of q.pairs) {
    const key = workerRateKey(userId, skillId);
    if (out.has(key)) continue;
    const level = userId === null ? null : (levelOf.get(`${userId}:${skillId}`) ?? null);
    let hit = resolve(userId, skillId, level);
    const parentId = parents.get(skillId) ?? null;
    if (!hit && parentId !== null) {
      const parentLevel = levelOf.get(`${userId}:${parentId}`) ?? level;
      const p = resolve(userId, parentId, parentLevel);
      if (p) hit = [p[0], `parent-${p[1]}`];
    }
    if (!hit) continue;
    const rate = asWorkerRate(hit[0], hit[1]);
    if (userId !== null && !/card/.test(hit[1])) {
      // The card the job's or the custom row stands in for (replaceZero).
      let card = resolve(userId, skillId, level, true);
      if (!card && parentId !== null) {
        const p = resolve(userId, parentId, levelOf.get(`${userId}:${parentId}`) ?? level, true);
        if (p) card = [p[0], `parent-${p[1]}`];
      }
      rate.card = card ? asWorkerRate(card[0], card[1]) : null;
    }
    out.set(key, rate);
  }
}

function asWorkerRate(r: WorkerRateRow, source: string): WorkerRate {
  return {
    id: r.id,
    skillId: r.skillId,
    source: source as WorkerRate["source"],
    levelId: r.levelId,
    branchId: r.branchId,
    userId: r.userId,
    currencyCode: trim(r.currencyCode),
    standard: r.amount,
    weekend: r.weekendAmount,
    night: r.nightAmount,
    nightStart: r.nightStart,
    nightEnd: r.nightEnd,
  };
}
