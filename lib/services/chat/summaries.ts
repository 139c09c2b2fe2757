import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { iso, rowsOf } from "./access";
import type { ChatSummary } from "./types";

interface SummaryRow {
  id: number;
  type: "private" | "job";
  job_id: number | null;
  job_name: string | null;
  last_message_at: unknown;
  lm_id: unknown;
  lm_body: string | null;
  lm_at: unknown;
  lm_sender_id: number | null;
  lm_sender_name: string | null;
  other_id: number | null;
  other_name: string | null;
  other_status: string | null;
  other_role: string | null;
  unread: unknown;
}

/**
 * The conversations of `userId` as GET user/chats answers them, in one statement: the last
 * message and the other person through lateral joins, the unread count (messages after the
 * user's last read one, not its own) through a subquery on chat_messages (chat_id, id).
 * `chatId`: just that one (empty when the user is not part of it).
 */
export async function chatSummaries(
  db: DbOrTx,
  userId: number,
  opts: { chatId?: number; limit?: number; offset?: number },
): Promise<ChatSummary[]> {
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`select c.id, c.type, c.job_id, j.name as job_name, c.last_message_at,
          lm.id as lm_id, lm.body as lm_body, lm.created_at as lm_at,
          lm.sender_id as lm_sender_id, su.name as lm_sender_name,
          ou.id as other_id, ou.name as other_name, ou.status as other_status,
          (select r.title from user_roles ur join roles r on r.id = ur.role_id
            where ur.user_id = ou.id order by r.id limit 1) as other_role,
          (select count(*) from chat_messages m
            where m.chat_id = c.id and m.id > coalesce(p.last_read_message_id, 0)
              and m.sender_id <> ${userId}) as unread
        from chat_participants p
        join chats c on c.id = p.chat_id
        left join jobs j on j.id = c.job_id
        left join lateral (select m.id, m.body, m.created_at, m.sender_id from chat_messages m
                           where m.chat_id = c.id order by m.id desc limit 1) lm on true
        left join users su on su.id = lm.sender_id
        left join lateral (select u.id, u.name, u.status from chat_participants op
                           join users u on u.id = op.user_id
                           where op.chat_id = c.id and op.user_id <> ${userId}
                           order by op.user_id limit 1) ou on c.type = 'private'
        where p.user_id = ${userId}
          ${opts.chatId !== undefined ? sql`and c.id = ${opts.chatId}` : sql``}
        order by c.last_message_at desc nulls last, c.id desc
        limit ${opts.limit ?? 1} offset ${opts.offset ?? 0}`,
  );
  return rows.map(toSummary);
}

function toSummary(r: SummaryRow): ChatSummary {
  const other =
    r.type === "private" && r.other_id !== null
      ? {
          id: Number(r.other_id),
          name: r.other_name ?? "",
          role: r.other_role,
          active: r.other_status === "active",
        }
      : null;
  return {
    id: Number(r.id),
    type: r.type,
    title: r.type === "job" ? (r.job_name ?? "Job chat") : (other?.name ?? "Conversation"),
    other_user: other,
    job:
      r.type === "job" && r.job_id !== null
        ? { id: Number(r.job_id), name: r.job_name ?? "" }
        : null,
    last_message:
      r.lm_id !== null && r.lm_id !== undefined
        ? {
            id: Number(r.lm_id),
            body: r.lm_body ?? "",
            sender: { id: Number(r.lm_sender_id), name: r.lm_sender_name ?? "" },
            created_at: iso(r.lm_at),
          }
        : null,
    last_message_at: r.last_message_at ? iso(r.last_message_at) : null,
    unread_messages: Number(r.unread),
  };
}
