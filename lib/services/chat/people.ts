import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { containsPattern } from "../like";
import { parseInput } from "../validate";
import { chatSide, liveChatUserSql, officeUserSql, requireChatUser, rowsOf } from "./access";
import { SEARCH_RESULTS, searchChatUsersInput } from "./schemas";
import type { ChatPerson } from "./types";

/**
 * GET search-users-chat?userName=: people the caller may start a conversation with, whose name
 * or e-mail contains userName (empty: everyone, by name), at most 20. Active, approved users
 * with the live chat, never the caller; a worker or client contact finds only the office.
 */
export async function searchChatUsers(ctx: Ctx, raw: unknown): Promise<ChatPerson[]> {
  const actor = requireChatUser(ctx);
  const { userName } = parseInput(searchChatUsersInput, raw ?? {});
  const userId = sql`u.id`;
  const pattern = userName ? containsPattern(userName) : null;
  const rows = await rowsOf<{ id: number; name: string; role: string | null }>(
    ctx.db,
    sql`select u.id, u.name,
          (select r.title from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = u.id order by r.id limit 1) as role
        from users u
        where u.deleted_at is null and u.status = 'active' and u.approved
          and u.id <> ${actor.userId}
          and ${liveChatUserSql(userId)}
          ${chatSide(actor) === "office" ? sql`` : sql`and ${officeUserSql(userId)}`}
          ${pattern ? sql`and (u.name ilike ${pattern} or u.email ilike ${pattern})` : sql``}
        order by lower(u.name), u.id
        limit ${SEARCH_RESULTS}`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, role: r.role, active: true }));
}
