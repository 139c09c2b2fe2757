import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { TooManyRequestsError } from "../errors";

/** Failed attempts allowed per account, and per client address, within the window. */
export const LIMITS = { perAccount: 5, perAddress: 20, windowMinutes: 15 } as const;

export const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Failures in the window. For an account, a success starts the count afresh (the owner got
 * in); for an address it does not, or one's own account would reset the guessing budget.
 */
async function recentFailures(
  db: Db,
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

/** 429 when the account or the address has failed too often lately. */
export async function assertNotRateLimited(
  db: Db,
  keys: { account?: string; address?: string },
  action: string,
  now: Date,
): Promise<void> {
  const checks: [string | undefined, number, boolean][] = [
    [keys.account, LIMITS.perAccount, true],
    [keys.address, LIMITS.perAddress, false],
  ];
  for (const [key, limit, resetOnSuccess] of checks) {
    if (!key) continue;
    const { failures, oldest } = await recentFailures(db, key, action, now, resetOnSuccess);
    if (failures >= limit) {
      const until = (oldest ?? now).getTime() + LIMITS.windowMinutes * 60_000;
      const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new TooManyRequestsError(
        `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        seconds,
      );
    }
  }
}

export async function recordAttempt(
  db: Db,
  keys: { account?: string; address?: string },
  action: string,
  succeeded: boolean,
  now: Date,
): Promise<void> {
  const rows = [keys.account, keys.address]
    .filter((k): k is string => Boolean(k))
    .map((key) => ({ key, action, succeeded, createdAt: now }));
  if (rows.length) await db.insert(schema.authAttempts).values(rows);
}
