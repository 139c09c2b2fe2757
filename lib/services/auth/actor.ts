import { sql, type SQL } from "drizzle-orm";
import { precompiledSql, type DbOrTx } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { sha256 } from "@/lib/auth/secret";
import type { UserActor } from "../actor-types";

/** Bearer-token calls allowed per token and minute; the next ones answer 429 until it ends. */
export const API_CALLS_PER_MINUTE = 600;

/** One row of the actor query; the json columns arrive parsed (pg and PGlite both do that). */
interface ActorRow {
  id: number | null;
  name: string;
  email: string;
  company_id: number | null;
  status: string;
  approved: boolean;
  totp_enabled_at: unknown;
  roles: { id: number; title: string }[] | null;
  permissions: string[] | null;
  branch_ids: number[] | null;
  maintenance: boolean | null;
}

/**
 * The actor's columns for the user `u` (joined with its TOTP row `ts`): roles, permissions
 * and branches come as json arrays from subselects, so who acts is read in one statement.
 */
const actorColumns = sql`
  u.id, u.name, u.email, u.company_id, u.status, u.approved, ts.enabled_at as totp_enabled_at,
  coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title) order by r.id)
            from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = u.id), '[]'::json) as roles,
  coalesce((select json_agg(distinct p.name)
            from user_roles ur
            join role_permissions rp on rp.role_id = ur.role_id
            join permissions p on p.id = rp.permission_id
            where ur.user_id = u.id), '[]'::json) as permissions,
  coalesce((select json_agg(ub.branch_id order by ub.branch_id)
            from user_branches ub where ub.user_id = u.id), '[]'::json) as branch_ids,
  coalesce((select st.value = 'true'::jsonb from settings st
            where st.key = 'maintenance_mode'), false) as maintenance`;

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  // node-postgres and PGlite both answer raw statements as { rows }.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * What an applicant (registered, not yet approved) may do, whatever its role holds: its own
 * awaiting-approval dashboard and the help articles. It can neither book nor apply.
 */
export const APPLICANT_PERMISSIONS: readonly string[] = ["my_dashboard_access", "help_access"];

/** Null for a user who may not act: unknown, archived or deactivated. */
function actorOf(row: ActorRow | undefined, sessionId?: number): UserActor | null {
  if (!row || row.id === null || row.status !== "active") return null;
  const approved = row.approved !== false;
  const roles = row.roles ?? [];
  const isAdmin = approved && roles.some((r) => r.title === ROLE.admin);
  const held = row.permissions ?? [];
  return {
    kind: "user",
    userId: row.id,
    name: row.name,
    email: row.email,
    roles,
    permissions: new Set(approved ? held : held.filter((p) => APPLICANT_PERMISSIONS.includes(p))),
    companyId: row.company_id,
    branchIds: row.branch_ids ?? [],
    isAdmin,
    isClient: !isAdmin && roles.some((r) => r.title === ROLE.client),
    totpEnabled: row.totp_enabled_at != null,
    approved,
    // Read with the actor so that checking it costs no query of its own on every call.
    shutOut: row.maintenance === true && !isAdmin,
    ...(sessionId ? { sessionId } : {}),
  };
}

/** A user's roles, permissions and scope in one query (the session path). */
export async function queryActor(db: DbOrTx, userId: number): Promise<UserActor | null> {
  const [row] = await rowsOf<ActorRow>(
    db,
    sql`select ${actorColumns}
        from users u left join totp_secrets ts on ts.user_id = u.id
        where u.id = ${userId} and u.deleted_at is null`,
  );
  return actorOf(row);
}

// Every page, its guard in proxy.ts and every server action runs it: a named statement
// (db/precompiled.ts), parsed once per connection and its text built once per process, and
// planned once per connection (plannedOnce: every lookup is by key, the generic plan is the
// custom one — checked with EXPLAIN at full scale; planning it each call cost PostgreSQL 0.35 ms
// quiet, ~0.9 ms under load, for 0.2–0.3 ms of running).
const sessionActorRow = precompiledSql<
  { hash: string; userId: number; at: string },
  ActorRow & { session_id: number }
>(
  "actor_by_session",
  () => sql`select s.id as session_id, ${actorColumns}
      from user_sessions s
      join users u on u.id = s.user_id and u.deleted_at is null
      left join totp_secrets ts on ts.user_id = u.id
      where s.sid_hash = ${sql.placeholder("hash")} and s.user_id = ${sql.placeholder("userId")}::integer
        and s.revoked_at is null and s.expires_at > ${sql.placeholder("at")}::timestamptz`,
  { plannedOnce: true },
);

/**
 * The actor of a browser request: the user of a live session row (not revoked, not expired)
 * found by the JWT's sid, in the same one query. A JWT without a sid, or whose row has ended,
 * is signed out. Reads only (a GET never writes): no last-seen update.
 */
export async function querySessionActor(
  db: DbOrTx,
  userId: number,
  sid: string,
  now: Date,
): Promise<UserActor | null> {
  if (!sid || sid.length > 200) return null;
  const [row] = await sessionActorRow(db, {
    hash: sha256(sid),
    userId,
    at: now.toISOString(),
  });
  return row ? actorOf(row, Number(row.session_id)) : null;
}

export type TokenActor =
  | { status: "unknown" }
  | { status: "inactive"; tokenId: number }
  | { status: "limited"; tokenId: number; retryAfterSeconds: number }
  | { status: "ok"; tokenId: number; actor: UserActor };

// Every bearer call runs it: a named statement (db/precompiled.ts), parsed and planned once per
// connection (as the session's, above) and its text built once per process (issue 27: the
// server's CPU a call).
const tokenActorRow = precompiledSql<
  { at: string; hash: string },
  ActorRow & { token_id: number; calls_in_window: number; call_window_started_at: unknown }
>(
  "actor_by_token",
  () => {
    const at = sql`${sql.placeholder("at")}::timestamptz`;
    return sql`with t as (
      update api_tokens set
        calls_in_window = case when call_window_started_at > ${at} - interval '1 minute'
                               then calls_in_window + 1 else 1 end,
        call_window_started_at = case when call_window_started_at > ${at} - interval '1 minute'
                                      then call_window_started_at else ${at} end,
        last_used_at = ${at}
      where token_hash = ${sql.placeholder("hash")} and revoked_at is null
        and expires_at > ${at}
      returning id, user_id, calls_in_window, call_window_started_at)
    select t.id as token_id, t.calls_in_window, t.call_window_started_at, ${actorColumns}
    from t
    left join users u on u.id = t.user_id and u.deleted_at is null
    left join totp_secrets ts on ts.user_id = u.id`;
  },
  { plannedOnce: true },
);

/**
 * Resolves a bearer token to its actor and counts the call against the token's per-minute
 * limit, in one statement: the UPDATE claims the call (atomically, so parallel calls each
 * count) and the SELECT around it reads the user as queryActor does.
 */
export async function resolveTokenActor(db: DbOrTx, token: string, now: Date): Promise<TokenActor> {
  if (!token || token.length > 200) return { status: "unknown" };
  const [row] = await tokenActorRow(db, { at: now.toISOString(), hash: sha256(token) });
  if (!row) return { status: "unknown" };
  const tokenId = Number(row.token_id);
  if (Number(row.calls_in_window) > API_CALLS_PER_MINUTE) {
    const ends = new Date(row.call_window_started_at as string | Date).getTime() + 60_000;
    return {
      status: "limited",
      tokenId,
      retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)),
    };
  }
  const actor = actorOf(row);
  return actor ? { status: "ok", tokenId, actor } : { status: "inactive", tokenId };
}
