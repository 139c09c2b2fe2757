import "server-only";
import { eq, sql } from "drizzle-orm";
import { schema, type Db, type DbOrTx } from "@/db";
import type { Permission } from "@/lib/domain/permissions";
import { percentOf, type ProgressStatus } from "@/lib/domain/progress";
import { can, requireUser, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { parseId } from "../params";

/**
 * Progress of background work (DESIGN.md §7): a row a screen polls (`GET job-progress/{id}`),
 * written by the job as it goes. Kinds name what runs; each kind says which permission may
 * read its monitors besides the user who started it.
 */
export const MONITOR_READ_PERMISSION: Record<string, Permission> = {
  "salary-run": "salary_access",
  "salary-export": "salary_access",
};

const pm = schema.progressMonitors;

export type MonitorStatus = ProgressStatus;

export async function createMonitor(
  db: DbOrTx,
  m: { kind: string; payload?: Record<string, unknown>; createdById: number | null },
): Promise<number> {
  const [row] = await db
    .insert(pm)
    .values({ kind: m.kind, payload: m.payload ?? {}, createdById: m.createdById })
    .returning({ id: pm.id });
  return row.id;
}

/** The monitor is taken up by a worker (again, after a restart: progress starts over). */
export async function startMonitor(db: DbOrTx, id: number, worker: string): Promise<void> {
  await db
    .update(pm)
    .set({
      status: "running",
      progress: 0,
      total: 0,
      message: null,
      errors: [],
      claimedBy: worker,
      claimedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(pm.id, id));
}

/** Done or failed, with what to tell the user and what went wrong for single items. */
export async function finishMonitor(
  db: DbOrTx,
  id: number,
  end: { status: "done" | "failed"; message: string; errors?: string[] },
): Promise<void> {
  await db
    .update(pm)
    .set({
      status: end.status,
      message: end.message,
      errors: end.errors ?? [],
      // A finished run shows its bar full; a failed one where it stopped.
      ...(end.status === "done" ? { progress: sql`greatest(${pm.total}, ${pm.progress})` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(pm.id, id));
}

/** At most this often a progress write (a run reports per worker; the bar needs no more). */
export const PROGRESS_WRITE_EVERY_MS = 250;

export interface ProgressWriter {
  /** Records done/total; written at most every PROGRESS_WRITE_EVERY_MS. Never waits for it. */
  report: (done: number, total: number) => Promise<void>;
  /** Writes the last figures and waits for every write begun. */
  flush: () => Promise<void>;
}

/**
 * Progress of one monitor, written through the top-level handle outside any transaction of the
 * job (on PGlite a write waits for an open transaction: `report` returns at once and the write
 * follows, so a job may report from inside its own transaction without waiting on itself).
 */
export function progressWriter(
  db: Db,
  id: number,
  everyMs = PROGRESS_WRITE_EVERY_MS,
): ProgressWriter {
  let latest: { done: number; total: number } | null = null;
  let written: { done: number; total: number } | null = null;
  let lastAt = 0;
  let chain: Promise<void> = Promise.resolve();

  const write = () => {
    const figures = latest!;
    written = figures;
    lastAt = Date.now();
    chain = chain
      .then(() =>
        db
          .update(pm)
          .set({ progress: figures.done, total: figures.total, updatedAt: sql`now()` })
          .where(sql`${pm.id} = ${id} and ${pm.status} = 'running'`),
      )
      .then(
        () => undefined,
        (err: unknown) => console.error("[progress] write failed", err),
      );
  };

  return {
    report: async (done, total) => {
      latest = { done: Math.max(0, Math.trunc(done)), total: Math.max(0, Math.trunc(total)) };
      if (Date.now() - lastAt >= everyMs) write();
    },
    flush: async () => {
      if (latest && latest !== written) write();
      await chain;
    },
  };
}

export interface JobProgress {
  id: number;
  kind: string;
  status: MonitorStatus;
  done: number;
  total: number;
  /** 0–100, whole; 100 once done. */
  percent: number;
  errors: string[];
  message: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * GET job-progress/{id}: the user who started the work, or whoever holds the permission of its
 * kind (salary_access for salary runs). Anyone else — a worker, a client contact, an office
 * user without it — gets the same 404 as for a monitor that does not exist: ids are not probed.
 */
export async function readJobProgress(ctx: Ctx, rawId: unknown): Promise<JobProgress> {
  const actor = requireUser(ctx);
  const id = parseId(rawId, "Progress");
  const [row] = await ctx.db.select().from(pm).where(eq(pm.id, id));
  const permission = row ? MONITOR_READ_PERMISSION[row.kind] : undefined;
  const allowed =
    row && (row.createdById === actor.userId || (permission !== undefined && can(ctx, permission)));
  if (!allowed) throw new NotFoundError("Progress not found.");
  const status = row.status as MonitorStatus;
  return {
    id: row.id,
    kind: row.kind,
    status,
    done: row.progress,
    total: row.total,
    percent: percentOf(status, row.progress, row.total),
    errors: Array.isArray(row.errors) ? (row.errors as unknown[]).map(String) : [],
    message: row.message,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
