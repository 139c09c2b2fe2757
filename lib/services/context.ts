import "server-only";
import { genericTransaction, type Db, type Tx } from "@/db";
import type { Permission } from "@/lib/domain/permissions";
import type { Actor, SystemActor, UserActor } from "./actor-types";
import { queryActor, querySessionActor } from "./auth/actor";
import { ForbiddenError, UnauthenticatedError } from "./errors";

export type { Actor, SystemActor, UserActor } from "./actor-types";

/** Everything a verb needs: the database, who acts, and the clock (injectable for tests). */
export interface Ctx {
  db: Db;
  actor: Actor | null;
  now: Date;
  /** Client address, for rate limits and the activity log. */
  ip?: string;
  /** The caller's User-Agent, kept with the sessions, tokens and devices it opens. */
  userAgent?: string;
}

/**
 * A context bound to an open transaction: its `db` *is* the transaction, so everything a verb
 * reads or writes through it belongs to that transaction (DESIGN.md §9 "Transactions and locks").
 */
export interface TxCtx extends Omit<Ctx, "db"> {
  db: Tx;
}

/**
 * Runs `fn` in one transaction with a context bound to it. Name the callback's parameter `ctx`
 * too: shadowing the outer context leaves no way to reach the database outside the
 * transaction by mistake (on PGlite such a query waits for the transaction forever).
 * Called with a context that is already in a transaction, it opens a savepoint.
 */
export function withTx<T>(
  ctx: Ctx | TxCtx,
  fn: (ctx: TxCtx) => Promise<T>,
  opts: { plans?: "generic" } = {},
): Promise<T> {
  // Planned generically: see genericTransaction (db/precompiled.ts).
  if (opts.plans === "generic") return genericTransaction(ctx.db, (tx) => fn({ ...ctx, db: tx }));
  return (ctx.db as Db).transaction((tx) => fn({ ...ctx, db: tx }));
}

export const systemActor = (name = "system"): SystemActor => ({ kind: "system", name });

export function makeCtx(
  db: Db,
  actor: Actor | null,
  extra: Partial<Omit<Ctx, "db" | "actor">> = {},
): Ctx {
  return { db, actor, now: extra.now ?? new Date(), ip: extra.ip, userAgent: extra.userAgent };
}

/** The signed-in user, or 401. */
export function requireUser(ctx: Ctx): UserActor {
  if (!ctx.actor || ctx.actor.kind !== "user") throw new UnauthenticatedError();
  return ctx.actor;
}

export const AWAITING_APPROVAL =
  "Your account is awaiting approval. You can apply for shifts once the agency has approved it.";

/** The signed-in user, or 401; an applicant (not yet approved) gets 403 account_not_approved. */
export function requireApprovedUser(ctx: Ctx): UserActor {
  const actor = requireUser(ctx);
  if (!actor.approved) throw new ForbiddenError(AWAITING_APPROVAL, "account_not_approved");
  return actor;
}

export function can(ctx: Ctx, permission: Permission): boolean {
  const a = ctx.actor;
  if (!a) return false;
  if (a.kind === "system") return true;
  return a.permissions.has(permission);
}

/** 403 unless the actor holds any one of the permissions (system actors hold all). */
export function requirePermission(ctx: Ctx, ...anyOf: Permission[]): Actor {
  const a = ctx.actor;
  if (!a) throw new UnauthenticatedError();
  if (a.kind === "system") return a;
  if (anyOf.some((p) => a.permissions.has(p))) return a;
  throw new ForbiddenError();
}

export const actorId = (ctx: Pick<Ctx, "actor">): number | null =>
  ctx.actor && ctx.actor.kind === "user" ? ctx.actor.userId : null;

/**
 * Loads a user's roles, permissions and scope. Returns null for a user who may not act
 * (unknown, archived or deactivated), so a session of a deactivated user stops working at
 * once. One query (lib/services/auth/actor.ts): it runs on every request.
 */
export async function loadActor(db: Db, userId: number): Promise<UserActor | null> {
  return queryActor(db, userId);
}

/**
 * The actor of a browser session: the user of the live user_sessions row whose sid the JWT
 * carries (one query). Null when the JWT has no sid (issued before sessions were rows), or the
 * row is revoked or expired, or the user may not act.
 */
export async function loadSessionActor(
  db: Db,
  session: { uid: number; sid: string | null },
  now: Date,
): Promise<UserActor | null> {
  if (!session.sid) return null;
  return querySessionActor(db, session.uid, session.sid, now);
}
