import os from "node:os";
import PgBoss from "pg-boss";
import type { DbHandle, DbOrTx } from "@/db";
import { sqlState } from "@/lib/http/errors";
import { ServiceUnavailableError } from "@/lib/services/errors";
import { executeSqlFor } from "./execute-sql";

/**
 * The background queue port (DESIGN.md §7): pg-boss 10 on the app's own database handle, on
 * PGlite (one process: the queue shares the app's client) and on PostgreSQL (the app's pool;
 * several app instances claim each job once). A kind is a pg-boss queue; its handler is
 * registered once, the queue started once per server process (instrumentation.ts through
 * lib/jobs startBackgroundWork).
 */
export type QueueKind = "salary-run" | "salary-export";

/** How a kind's jobs are kept and retried. */
export interface KindOptions {
  /**
   * How long one attempt may stay active: past it (a server killed mid-job) pg-boss's
   * maintenance fails the attempt and, with retries left, hands the job out again.
   */
  expireInSeconds: number;
  /** Further attempts after a failed one (a stop or crash mid-job counts as one). */
  retryLimit: number;
  /** "singleton": never two active jobs of one singletonKey, whichever instance runs them. */
  policy?: "standard" | "singleton";
}

export interface QueuedJob<P> {
  id: string;
  payload: P;
  /** Attempts before this one (0 the first time). */
  retryCount: number;
}

type Handler = (job: QueuedJob<unknown>) => Promise<void>;

interface Registered {
  options: KindOptions;
  handler: Handler;
}

export interface StartOptions {
  /** How often an idle worker looks for new jobs; pg-boss takes 0.5 s at least. */
  pollingIntervalSeconds?: number;
  /** How often expired attempts are failed (and retried) and old jobs archived. */
  maintenanceIntervalSeconds?: number;
}

/** A production pace: a started run is picked up within two seconds. */
const DEFAULTS: Required<StartOptions> = {
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
};

// Next bundles instrumentation, route handlers and pages apart: module variables would give
// each bundle its own registry and boss; the process has one.
interface QueueState {
  handlers: Map<string, Registered>;
  boss?: PgBoss;
  starting?: Promise<PgBoss>;
  handle?: DbHandle;
}
const holder = globalThis as unknown as { __crewdeckQueue?: QueueState };
const state: QueueState = (holder.__crewdeckQueue ??= { handlers: new Map() });

/** Says what runs a kind; registered before startQueue (a later registration is not worked). */
export function registerHandler<P>(
  kind: QueueKind,
  options: KindOptions,
  handler: (job: QueuedJob<P>) => Promise<void>,
): void {
  state.handlers.set(kind, { options, handler: handler as Handler });
}

/**
 * Starts pg-boss on the handle once per process: installs or migrates its schema (`pgboss`),
 * creates a queue per registered kind and works each one job at a time.
 */
export function startQueue(
  handleOrPromise: DbHandle | Promise<DbHandle>,
  options: StartOptions = {},
): Promise<PgBoss> {
  if (state.boss) return Promise.resolve(state.boss);
  state.starting ??= (async () => {
    const handle = await handleOrPromise;
    const settings = { ...DEFAULTS, ...options };
    const boss = new PgBoss({
      db: executeSqlFor(handle.db),
      maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
      // The app needs no cron schedules (state counts are off unless asked for): fewer polls.
      schedule: false,
    });
    boss.on("error", (err) => console.error("[queue]", err.message));
    await boss.start();
    try {
      await workKinds(boss, settings);
    } catch (err) {
      // Half started (a kind's queue not created): stopped, so a retry starts one boss only.
      await boss.stop({ graceful: false, close: false }).catch(() => undefined);
      throw err;
    }
    state.boss = boss;
    state.handle = handle;
    return boss;
  })().finally(() => {
    state.starting = undefined;
  });
  return state.starting;
}

/**
 * Two instances starting at the same moment both find a kind's queue missing and both create it;
 * pg-boss's create_queue takes its locks in an order PostgreSQL can see as a deadlock, and one
 * of them is cancelled (40P01: the other's queue start goes on). The cancelled one tries again
 * at once and finds the queue made, instead of leaving the process without a queue until the
 * next retry (a salary run started meanwhile answered 503; seen in fault:two-instances).
 */
export async function createQueue(
  boss: PgBoss,
  kind: string,
  queue: Parameters<PgBoss["createQueue"]>[1],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(kind, queue);
    } catch (err) {
      if (attempt >= 5 || sqlState(err) !== "40P01") throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 50));
    }
  }
}

/** Creates (or updates) each registered kind's queue and works it one job at a time. */
async function workKinds(boss: PgBoss, settings: Required<StartOptions>): Promise<void> {
  for (const [kind, { options: o }] of state.handlers) {
    const queue = {
      name: kind,
      policy: o.policy ?? "standard",
      expireInSeconds: o.expireInSeconds,
      retryLimit: o.retryLimit,
      retryDelay: 0,
    } as const;
    await createQueue(boss, kind, queue);
    // An existing queue (created by an earlier version) takes today's settings.
    await boss.updateQueue(kind, queue);
    await boss.work<unknown>(
      kind,
      {
        pollingIntervalSeconds: settings.pollingIntervalSeconds,
        batchSize: 1,
        includeMetadata: true,
      },
      // Looked up per job: a handler registered again (dev reload) is the one that runs.
      async ([job]) =>
        state.handlers.get(kind)!.handler({
          id: job.id,
          payload: job.data,
          retryCount: job.retryCount,
        }),
    );
  }
}

export const QUEUE_NOT_STARTED =
  "Crewdeck's background work is starting up. Please try again in a moment.";

/** The started boss, or an error the caller can name (the queue is started at server start). */
async function startedBoss(): Promise<PgBoss> {
  // A request right after the server started may come while the queue is still starting.
  const boss = state.boss ?? (await state.starting);
  // Not started yet (its start failed and is being retried: lib/jobs): a 503, not a 500.
  if (!boss) throw new ServiceUnavailableError(QUEUE_NOT_STARTED, 5, "queue_unavailable");
  return boss;
}

/**
 * Queues a job. Given a transaction, the job is written in it: it exists exactly when the
 * rows that describe it commit. Answers the job's id, or null when pg-boss refuses it (a
 * singleton already waiting).
 */
export async function enqueue(
  db: DbOrTx,
  kind: QueueKind,
  payload: object,
  options: { singletonKey?: string } = {},
): Promise<string | null> {
  return (await startedBoss()).send(kind, payload, {
    singletonKey: options.singletonKey,
    db: executeSqlFor(db),
  } as PgBoss.SendOptions);
}

/** Jobs of a kind not yet finished (waiting, to retry or running), by id. */
export async function unfinishedJobIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { rows } = await executeSqlFor(db).executeSql(
    `select id::text as id from pgboss.job
      where id = any($1::uuid[]) and state in ('created', 'retry', 'active')`,
    [ids],
  );
  return new Set((rows as { id: string }[]).map((r) => r.id));
}

/**
 * Stops the workers: a running job gets `timeoutMs` to finish (none when not graceful), then
 * its attempt is failed (retried by whichever instance polls next). The database handle stays
 * open (it is the app's).
 */
export async function stopQueue(
  options: { timeoutMs?: number; graceful?: boolean } = {},
): Promise<void> {
  const boss = state.boss ?? (await state.starting?.catch(() => undefined));
  if (!boss) return;
  state.boss = undefined;
  state.handle = undefined;
  await boss.stop({
    graceful: options.graceful ?? true,
    close: false,
    timeout: options.timeoutMs ?? 10_000,
    wait: true,
  });
}

/** Whether this process works the queue (tests and the shutdown hook ask). */
export const queueStarted = (): boolean => state.boss !== undefined;

/**
 * Waits until no job of `kind` is waiting, retrying or running (tests; a script that must see
 * its work done). Rejects after `timeoutMs`.
 */
export async function drainQueue(kind: QueueKind, timeoutMs = 15_000): Promise<void> {
  await startedBoss();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await executeSqlFor(state.handle!.db).executeSql(
      `select count(*)::int as n from pgboss.job
        where name = $1 and state in ('created', 'retry', 'active')`,
      [kind],
    );
    if ((rows[0] as { n: number }).n === 0) return;
    if (Date.now() > until) throw new Error(`[queue] ${kind} still busy after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A worker's name in claims and logs: which instance ran a job. */
export const workerName = (): string => `${os.hostname()}:${process.pid}`;
