import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { schema, type Db, type DbOrTx } from "@/db";
import { TooManyRequestsError } from "../errors";

/**
 * Failed attempts allowed per account, per single-use link (its token), and per client
 * address, within the window.
 */
export const LIMITS = { perAccount: 5, perToken: 5, perAddress: 20, windowMinutes: 15 } as const;

export const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
/** An account known by its id (a reset link names its user, not an address that may change). */
export const userKey = (userId: number) => `user:${userId}`;
/** A single-use link by the SHA-256 of its token, as password_resets stores it. */
export const tokenKey = (tokenHash: string) => `token:${tokenHash}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Failures in the window. For an account, a success starts the count afresh (the owner got
 * in); for an address it does not, or one's own account would reset the guessing budget.
 */
async function recentFailures(
  db: DbOrTx,
  key: string,
  action: string,
  now: Date,
  resetOnSuccess: boolean,
) {
  const windowStart = new Date(now.getTime() - LIMITS.windowMinutes * 60_000);
  const [lastOk] = !resetOnSuccess
    ? []
    : await db
        .select({ at: schema.authAttempts.createdAt })
        .from(schema.authAttempts)
        .where(
          and(
            eq(schema.authAttempts.key, key),
            eq(schema.authAttempts.action, action),
            eq(schema.authAttempts.succeeded, true),
            gt(schema.authAttempts.createdAt, windowStart),
          ),
        )
        .orderBy(desc(schema.authAttempts.createdAt))
        .limit(1);
  const since = lastOk?.at && lastOk.at > windowStart ? lastOk.at : windowStart;
  const [row] = await db
    .select({
      n: count(),
      oldest: sql<Date | string | null>`min(${schema.authAttempts.createdAt})`,
    })
    .from(schema.authAttempts)
    .where(
      and(
        eq(schema.authAttempts.key, key),
        eq(schema.authAttempts.action, action),
        eq(schema.authAttempts.succeeded, false),
        gt(schema.authAttempts.createdAt, since),
      ),
    );
  return { failures: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export type AttemptKeys = { account?: string; token?: string; address?: string };

/**
 * What a refused caller reads before "Please try again in N minutes.", per key that refused;
 * "Too many attempts." unless given.
 */
export type AttemptMessages = Partial<Record<keyof AttemptKeys, string>>;

const waitMessage = (what: string, seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${what} Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/** An attempt counted (as a failure) before its outcome is known; see beginAttempt. */
export interface Attempt {
  ids: number[];
}

/**
 * 429 when the account or the address has failed too often lately; otherwise the attempt is
 * counted as a failure at once. Counting before the slow password check (and under a lock per
 * key) is what makes the limit hold against a burst of parallel guesses: each one sees the
 * ones before it. `finishAttempt(…, true)` turns it into a success.
 */
export async function beginAttempt(
  db: Db,
  keys: AttemptKeys,
  action: string,
  now: Date,
  messages: AttemptMessages = {},
): Promise<Attempt> {
  // The most particular key first: its message says best why the caller waits.
  const checks: [string, number, boolean, string | undefined][] = [];
  if (keys.token) checks.push([keys.token, LIMITS.perToken, false, messages.token]);
  if (keys.account) checks.push([keys.account, LIMITS.perAccount, true, messages.account]);
  if (keys.address) checks.push([keys.address, LIMITS.perAddress, false, messages.address]);
  if (!checks.length) return { ids: [] };
  return db.transaction(async (tx) => {
    // One lock order (sorted keys) so two attempts on the same pair never deadlock.
    for (const key of checks.map((c) => c[0]).sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${action}:${key}`}))`);
    }
    for (const [key, limit, resetOnSuccess, message] of checks) {
      const { failures, oldest } = await recentFailures(tx, key, action, now, resetOnSuccess);
      if (failures >= limit) {
        const until = (oldest ?? now).getTime() + LIMITS.windowMinutes * 60_000;
        const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
        throw new TooManyRequestsError(
          waitMessage(message ?? "Too many attempts.", seconds),
          seconds,
        );
      }
    }
    const rows = await tx
      .insert(schema.authAttempts)
      .values(checks.map(([key]) => ({ key, action, succeeded: false, createdAt: now })))
      .returning({ id: schema.authAttempts.id });
    return { ids: rows.map((r) => r.id) };
  });
}

/** Records the outcome of a counted attempt; a failure is already recorded as such. */
export async function finishAttempt(db: Db, attempt: Attempt, succeeded: boolean): Promise<void> {
  if (!succeeded || !attempt.ids.length) return;
  await db
    .update(schema.authAttempts)
    .set({ succeeded: true })
    .where(inArray(schema.authAttempts.id, attempt.ids));
}
