import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { precompiledSql, schema, type DbOrTx } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { withTx, type Ctx } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { logActivity } from "../activity";
import { isId } from "../params";
import { loadJobInScope } from "../jobs/scope";
import { chatSide, requireChatUser } from "./access";

/** Spec §8. */
export const JOB_CHAT_NEEDS_JOB = "Opening a job chat needs a job id";
export const JOB_CHAT_WORKERS = "The office opens a job's chat; you join it once you are booked.";

const FILLED = sql.join(
  FILLED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * Keeps a job chat's crew in step with the bookings, in the caller's transaction: every worker
 * holding a place (a filled status) on a live shift of the job is in the chat; a worker holding
 * none any more (removed, shift removed, job cancelled) leaves it. The job's office people
 * (creator, project manager, booker), client contacts and whoever opened the chat stay: only
 * users who work shifts come and go. A removed member's old messages stay. No chat: nothing.
 * Booking verbs call it once per job they touch.
 */
export async function syncJobChatCrew(
  tx: DbOrTx,
  jobIds: number | readonly number[],
  /** When joiners joined (the seed's clock); the transaction's time unless given. */
  at?: Date,
): Promise<void> {
  for (const jobId of new Set(typeof jobIds === "number" ? [jobIds] : jobIds))
    await syncOne(tx, jobId, at);
}

async function syncOne(tx: DbOrTx, jobId: number, at?: Date): Promise<void> {
  await crewSync(tx, { jobId, at: at?.toISOString() ?? null });
}

// Every booking runs it: a named statement (db/precompiled.ts), parsed once per connection.
const crewSync = precompiledSql<{ jobId: number; at: string | null }, never>(
  "job_chat_crew_sync",
  () => {
    const jobId = sql`${sql.placeholder("jobId")}::integer`;
    const joinedAt = sql`coalesce(${sql.placeholder("at")}::text::timestamptz, now())`;
    // A deactivated or archived worker keeps its bookings but not its seat in the chat. Read
    // once (a CTE) for both the seating and the unseating: PostgreSQL plans the join once.
    const held = sql`select a.assignee_id from applications a
      join shifts s on s.id = a.shift_id and s.deleted_at is null
      join jobs j on j.id = s.job_id and j.status <> 'Cancelled'
      join users u on u.id = a.assignee_id and u.status = 'active' and u.deleted_at is null
      where s.job_id = ${jobId} and a.status in (${FILLED})`;
    // A joiner's read mark starts at the join: the earlier history is there to scroll back to,
    // not a pile of unread messages. Joiners and leavers are disjoint sets, so one statement
    // seats the ones and unseats the others (every booking runs it: one round trip, not two).
    return sql`with held as (${held}),
    joined as (
      insert into chat_participants
        (chat_id, user_id, joined_at, last_read_message_id, last_read_at)
      select c.id, h.assignee_id, ${joinedAt}, last.id,
             case when last.id is null then null else ${joinedAt} end
      from chats c
      cross join held h
      left join lateral (select max(m.id) as id from chat_messages m where m.chat_id = c.id) last
        on true
      where c.job_id = ${jobId}
      on conflict do nothing)
    delete from chat_participants p
      using chats c join jobs j on j.id = c.job_id
      where p.chat_id = c.id and c.job_id = ${jobId}
        and p.user_id not in (select assignee_id from held)
        and p.user_id is distinct from j.created_by_id
        and p.user_id is distinct from j.project_manager_id
        and p.user_id is distinct from j.booker_id
        and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                    join role_permissions rp on rp.role_id = ur.role_id
                    join permissions pm on pm.id = rp.permission_id
                    where ur.user_id = p.user_id and pm.name = 'my_dashboard_access'
                      and r.title <> ${ROLE.admin})`;
  },
);

/**
 * Takes a user out of every job chat it sits in (deactivating or archiving it, in that verb's
 * transaction). Its messages stay; private chats stay as they are.
 */
export async function leaveJobChats(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`delete from chat_participants p using chats c
      where p.chat_id = c.id and c.type = 'job' and p.user_id = ${userId}`);
}

/**
 * Seats a reactivated worker again in the chats of the jobs it still holds a place on (as the
 * crew sync would on its next booking), its read mark at the return.
 */
export async function rejoinJobChats(tx: DbOrTx, userId: number, at: Date): Promise<void> {
  const rows = await tx
    .selectDistinct({ jobId: schema.chats.jobId })
    .from(schema.chats)
    .innerJoin(
      schema.shifts,
      and(eq(schema.shifts.jobId, schema.chats.jobId), isNull(schema.shifts.deletedAt)),
    )
    .innerJoin(schema.applications, eq(schema.applications.shiftId, schema.shifts.id))
    .where(
      and(
        eq(schema.applications.assigneeId, userId),
        inArray(schema.applications.status, [...FILLED_STATUSES]),
      ),
    );
  const jobIds = rows.flatMap((r) => (r.jobId === null ? [] : [r.jobId]));
  if (jobIds.length) await syncJobChatCrew(tx, jobIds, at);
}

/**
 * POST jobs/admin-job-chat { job_id }: opens the job's one group conversation, starting it the
 * first time with the caller, the job's office people (creator, project manager, booker) and
 * every worker booked on its shifts; again, it adds the caller if missing. The office with
 * job_view, or a client contact for its own company's jobs (others: 404); workers 403. Answers
 * { chat_id }.
 */
export async function openJobChat(ctx: Ctx, raw: unknown): Promise<{ chat_id: number }> {
  const actor = requireChatUser(ctx);
  const jobId =
    raw && typeof raw === "object" && !Array.isArray(raw)
      ? (raw as Record<string, unknown>).job_id
      : undefined;
  if (!isId(jobId)) throw new ValidationError(JOB_CHAT_NEEDS_JOB, { job_id: [JOB_CHAT_NEEDS_JOB] });
  if (chatSide(actor) === "worker") throw new ForbiddenError(JOB_CHAT_WORKERS);
  return withTx(ctx, async (ctx) => {
    const job = await loadJobInScope(ctx, jobId);
    const [created] = await ctx.db
      .insert(schema.chats)
      .values({ type: "job", jobId: job.id, createdAt: ctx.now })
      .onConflictDoNothing({ target: schema.chats.jobId })
      .returning({ id: schema.chats.id });
    const chatId =
      created?.id ??
      (
        await ctx.db
          .select({ id: schema.chats.id })
          .from(schema.chats)
          .where(eq(schema.chats.jobId, job.id))
      )[0].id;
    const people = new Set([actor.userId]);
    if (created) {
      const office = [job.createdById, job.projectManagerId, job.bookerId];
      for (const id of office) if (id) people.add(id);
    }
    const ids = [...people];
    // Only live, active users join (an archived creator does not).
    await ctx.db.execute(sql`insert into chat_participants (chat_id, user_id, joined_at)
        select ${chatId}, u.id, ${ctx.now.toISOString()}::timestamptz from users u
        where u.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and u.deleted_at is null and u.status = 'active'
        on conflict do nothing`);
    // The crew is synced on every open: a chat made before its bookings were known catches up.
    await syncJobChatCrew(ctx.db, job.id, ctx.now);
    if (created) {
      await logActivity(ctx, {
        logName: "jobs",
        description: `Opened the job chat of ${job.name}`,
        subjectType: "jobs",
        subjectId: job.id,
        properties: { chat_id: chatId },
      });
    }
    return { chat_id: chatId };
  });
}
