import { and, isNull, or, sql, type SQL } from "drizzle-orm";
import { anyOf, precompiled, schema, sideBySide, type DbOrTx } from "@/db";
import { skillOrParent, trim, type Bands } from "./lookup-base";

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
 * Rows for a country without a branch are not used (a branch row's country is informational). A pair with no rate is absent. Two
 * queries (the rows with the skills' parents, the worker's levels), three with an open place
 * (the levels' weights).
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

// Every booking looks its worker's rate up: the lookup's two reads are precompiled.
const workerLevels = precompiled<
  { userIds: number[]; skillIds: number[] },
  ReturnType<typeof workerLevelsQuery>
>("rates_worker_levels", (db) => workerLevelsQuery(db));
function workerLevelsQuery(db: DbOrTx) {
  return db
    .select({
      userId: schema.userSkills.userId,
      skillId: schema.userSkills.skillId,
      levelId: schema.userSkills.levelId,
    })
    .from(schema.userSkills)
    .where(
      and(anyOf(schema.userSkills.userId, "userIds"), skillOrParent(schema.userSkills.skillId)),
    );
}

const workerRateRows = precompiled<
  { skillIds: number[]; jobIds: number[]; branchIds: number[]; userIds: number[] },
  ReturnType<typeof workerRateRowsQuery>
>("rates_worker_rate_rows", (db) => workerRateRowsQuery(db));
function workerRateRowsQuery(db: DbOrTx) {
  return db
    .select({
      rate: schema.workerRates,
      // The asked skills' parents ride on each row: with no row there is nothing to resolve.
      parents: sql<Record<string, number | null>>`(
        select json_object_agg(${schema.skills.id}, ${schema.skills.parentId})
        from ${schema.skills} where ${schema.skills.id} = any(${sql.placeholder("skillIds")}))`,
    })
    .from(schema.workerRates)
    .where(workerRateRowsOf(anyOf(schema.workerRates.branchId, "branchIds")));
}

/**
 * The rows a lookup chooses from: the asked skills' and their parents' (`skillIds`), the jobs'
 * own (`jobIds`), and the cards' at the branches `atBranches` says, of no worker or of the
 * asked workers (`userIds`). A statement that reads the branches itself (`bookingRates`) gives
 * its own condition.
 */
export function workerRateRowsOf(atBranches: SQL) {
  const wr = schema.workerRates;
  return and(
    skillOrParent(wr.skillId),
    or(
      anyOf(wr.jobId, "jobIds"),
      and(isNull(wr.jobId), atBranches, or(isNull(wr.userId), anyOf(wr.userId, "userIds"))),
    ),
  );
}

/**
 * What a caller has already read about the skills and workers of a lookup (the worker's own
 * list reads its skills first): each asked skill's parent, and every skill each asked worker
 * holds with its level. Given it, the lookup skips its two reads of the same and sends only
 * the rates query.
 */
export interface KnownSkills {
  parents: Map<number, number | null>;
  levels: { userId: number; skillId: number; levelId: number | null }[];
  /** The rate rows too, when the caller read them with the rest (`bookingRates`). */
  rows?: WorkerRateRow[];
}

/**
 * `workerRatesFor` for several jobs at once (a worker's list of open shifts): one answer per
 * query, in order, each decided exactly as `workerRatesFor` decides it, in the same
 * statements whatever the number of jobs (the levels read left out with `known`).
 */
export async function workerRatesForJobs(
  db: DbOrTx,
  queries: WorkerRatesQuery[],
  known?: KnownSkills,
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
  const [levels, weights, found] = await sideBySide(
    db,
    () =>
      known
        ? Promise.resolve(known.levels)
        : userIds.length
          ? workerLevels(db, { userIds, skillIds })
          : Promise.resolve([]),
    () =>
      anyOpen
        ? db.select({ id: schema.levels.id, weight: schema.levels.weight }).from(schema.levels)
        : Promise.resolve([]),
    // An empty list matches nothing: no job's rows, or no card's, or no worker's own.
    () =>
      known?.rows
        ? Promise.resolve([])
        : workerRateRows(db, { skillIds, jobIds, branchIds, userIds }),
  );
  const allRows = known?.rows ?? found.map((f) => f.rate);
  const parents =
    known?.parents ??
    new Map<number, number | null>(
      Object.entries(found[0]?.parents ?? {}).map(([k, v]) => [Number(k), v]),
    );
  // Rows grouped once (by job; cards by branch), so each query reads its own in one step.
  const byJob = new Map<number, WorkerRateRow[]>();
  const byBranch = new Map<number, WorkerRateRow[]>();
  for (const r of allRows) {
    const [map, key] = r.jobId !== null ? [byJob, r.jobId] : [byBranch, r.branchId];
    if (key === null) continue;
    const list = map.get(key);
    if (list) list.push(r);
    else map.set(key, [r]);
  }
  const levelOf = new Map(levels.map((l) => [`${l.userId}:${l.skillId}`, l.levelId]));
  const weightOf = new Map(weights.map((l) => [l.id, l.weight]));
  const isLive = new Set(live);
  queries.forEach((q, i) => {
    if (!isLive.has(q)) return;
    // This query's rows only: its job's rows and the cards of its own branches.
    const rows = [
      ...(q.jobId != null ? (byJob.get(q.jobId) ?? []) : []),
      ...[...new Set(q.branchIds)].flatMap((b) => byBranch.get(b) ?? []),
    ];
    resolveWorkerRates(q, rows, levelOf, weightOf, parents, answers[i]);
  });
  return answers;
}

export type WorkerRateRow = typeof schema.workerRates.$inferSelect;

function resolveWorkerRates(
  q: WorkerRatesQuery,
  allRows: WorkerRateRow[],
  levelOf: Map<string, number | null>,
  weightOf: Map<number, number>,
  parents: Map<number, number | null>,
  out: Map<string, WorkerRate>,
): void {
  // A pair only ever matches rows of its skill (or parent's), of no worker or its own worker:
  // grouped once so each step reads a handful of rows.
  const shared = new Map<number, WorkerRateRow[]>();
  const own = new Map<number, WorkerRateRow[]>();
  for (const r of allRows) {
    const [map, key] = r.userId === null ? [shared, r.skillId] : [own, r.userId];
    const list = map.get(key);
    if (list) list.push(r);
    else map.set(key, [r]);
  }
  let mine: WorkerRateRow[] = [];
  let rows: WorkerRateRow[] = [];
  const entryFirst = (a: Row, b: Row) =>
    (weightOf.get(a.levelId ?? 0) ?? Infinity) - (weightOf.get(b.levelId ?? 0) ?? Infinity);
  const branchRank = (b: number | null) => (b === null ? -1 : q.branchIds.indexOf(b));
  type Row = WorkerRateRow;
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
    rows = [...(shared.get(skillId) ?? []), ...mine.filter((r) => r.skillId === skillId)];
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
    mine = (userId === null ? undefined : own.get(userId)) ?? [];
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
