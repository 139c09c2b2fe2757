import { and, eq, sql, type SQL } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { requireUser, type Ctx, type UserActor } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { parseId } from "../params";

/**
 * Who may talk to whom (issue 26). Everyone needs has_live_chat. The office (a role with
 * dashboard_access, not a client contact) may talk to anyone; a worker and a client contact
 * privately only with the office, and in the job chats they belong to (a worker: its own jobs;
 * a client contact: its own company's). A conversation one is not part of is a 404, never a
 * 403: its existence is not revealed.
 */
export type ChatSide = "office" | "worker" | "client";

export const NO_LIVE_CHAT = "You do not have access to the live chat.";
export const CHAT_NOT_FOUND = "Conversation not found.";

export function chatSide(actor: UserActor): ChatSide {
  if (actor.isClient) return "client";
  if (actor.isAdmin || actor.permissions.has("dashboard_access")) return "office";
  return "worker";
}

/** The signed-in user with has_live_chat, or 401/403. */
export function requireChatUser(ctx: Ctx): UserActor {
  const actor = requireUser(ctx);
  if (!actor.permissions.has("has_live_chat")) throw new ForbiddenError(NO_LIVE_CHAT);
  return actor;
}

const holds = (userId: SQL, permission: string, extra: SQL = sql`true`) =>
  sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
        join role_permissions rp on rp.role_id = ur.role_id
        join permissions p on p.id = rp.permission_id
        where ur.user_id = ${userId} and p.name = ${permission} and ${extra})`;

const hasRole = (userId: SQL, title: string) =>
  sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ${userId} and r.title = ${title})`;

/**
 * The user `userId` is office, as chatSide tells for an actor: dashboard_access through a role,
 * and no client contact (an administrator never is one).
 */
export const officeUserSql = (userId: SQL): SQL =>
  sql`(${holds(userId, "dashboard_access", sql`r.title <> ${ROLE.client}`)}
       and (${hasRole(userId, ROLE.admin)} or not ${hasRole(userId, ROLE.client)}))`;

/** The user `userId` holds has_live_chat. */
export const liveChatUserSql = (userId: SQL): SQL => holds(userId, "has_live_chat");

/**
 * The chat `rawChatId` with the caller as participant, or 404 (unknown id, bad id, or a
 * conversation the caller is not part of). `lock`: the caller's participant row is read FOR
 * UPDATE (marking read).
 */
export async function participantChat(
  db: DbOrTx,
  actor: UserActor,
  rawChatId: unknown,
  opts: { lock?: boolean } = {},
) {
  const chatId = parseId(rawChatId, "Conversation");
  const p = schema.chatParticipants;
  const q = db
    .select({
      chatId: p.chatId,
      type: schema.chats.type,
      jobId: schema.chats.jobId,
      lastReadMessageId: p.lastReadMessageId,
    })
    .from(p)
    .innerJoin(schema.chats, eq(schema.chats.id, p.chatId))
    .where(and(eq(p.chatId, chatId), eq(p.userId, actor.userId)))
    .limit(1);
  const [row] = await (opts.lock ? q.for("update", { of: p }) : q);
  if (!row) throw new NotFoundError(CHAT_NOT_FOUND);
  return row;
}

/** Raw statements answer `{ rows }` on node-postgres and PGlite alike. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const iso = (v: unknown): string =>
  (v instanceof Date ? v : new Date(String(v))).toISOString();
