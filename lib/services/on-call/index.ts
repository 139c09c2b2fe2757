import { and, asc, count, eq, ilike, isNull, notExists, or, sql } from "drizzle-orm";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { z } from "zod";
import { schema, sideBySide } from "@/db";
import { logActivity } from "../activity";
import { requirePermission, requireUser, withTx, type Ctx, type UserActor } from "../context";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { containsPattern } from "../like";
import { offsetOf, pageInput, pageMeta, type Page } from "../pagination";
import { idSchema, parseId } from "../params";
import { assertSearchText } from "../users/list";
import { USERS_ID, worksShifts } from "../users/workers";
import { parseInput } from "../validate";

/**
 * The on-call list (spec §3, §7 On-call): workers the office can ring at short notice. Who
 * keeps it: the people who search and book workers (the route's freelancer_access or
 * jobs_book_workers), never a client contact, even one allowed to book its own jobs.
 */
export const ON_CALL_MESSAGES = {
  added: "Worker added to the on-call list",
  removed: "Worker removed from the on-call list",
} as const;

function onCallActor(ctx: Ctx): UserActor {
  const actor = requireUser(ctx);
  requirePermission(ctx, "freelancer_access", "jobs_book_workers");
  if (actor.isClient) throw new ForbiddenError();
  return actor;
}

export interface OnCallRow {
  user_id: number;
  name: string;
  email: string;
  phone: string | null;
  skills: string[];
  branches: { id: number; name: string }[];
  added_by: { id: number; name: string } | null;
  added_at: string;
}

export const onCallListInput = pageInput(10);

const addedBy = sql<{
  id: number;
  name: string;
} | null>`(select json_build_object('id', a.id, 'name', a.name)
  from users a where a.id = ${schema.onCall.addedById})`;

/** A live worker: active, approved, not archived, holding a worker role. */
const liveWorker = and(
  isNull(schema.users.deletedAt),
  eq(schema.users.status, "active"),
  eq(schema.users.approved, true),
  worksShifts,
);

/**
 * GET on-call: the workers on call, by name, 10 a page, each with phone, skills, branches and
 * who added them when. A worker archived or deactivated since stays listed (the office sees
 * why the call would fail) until removed. Two queries a page.
 */
export async function listOnCall(ctx: Ctx, raw: unknown): Promise<Page<OnCallRow>> {
  onCallActor(ctx);
  const input = parseInput(onCallListInput, raw ?? {});
  const [[{ total }], rows] = await sideBySide(
    ctx.db,
    () => ctx.db.select({ total: count() }).from(schema.onCall),
    () =>
      ctx.db
        .select({
          user_id: schema.users.id,
          name: schema.users.name,
          email: schema.users.email,
          phone: schema.users.phone,
          skills: sql<string[] | null>`(select json_agg(s.name order by s.order, s.id)
          from user_skills us join skills s on s.id = us.skill_id
          where us.user_id = ${USERS_ID} and s.deleted_at is null)`,
          branches: sql<{ id: number; name: string }[] | null>`(select json_agg(
          json_build_object('id', b.id, 'name', b.name) order by b.name)
          from user_branches ub join branches b on b.id = ub.branch_id
          where ub.user_id = ${USERS_ID})`,
          added_by: addedBy,
          added_at: schema.onCall.createdAt,
        })
        .from(schema.onCall)
        .innerJoin(schema.users, eq(schema.users.id, schema.onCall.userId))
        .orderBy(asc(sql`lower(${schema.users.name})`), asc(schema.users.id))
        .limit(input.perPage)
        .offset(offsetOf(input.page, input.perPage)),
  );
  return {
    items: rows.map((r) => ({
      ...r,
      skills: r.skills ?? [],
      branches: r.branches ?? [],
      added_at: new Date(r.added_at).toISOString(),
    })),
    meta: pageMeta(input.page, input.perPage, Number(total)),
  };
}

export const addOnCallInput = z.object({
  userId: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.custom((v) => v !== undefined, "The user id field is required.").pipe(idSchema),
  ),
});

export const NOT_A_WORKER = "Only an approved, active worker can be on call.";

/**
 * POST on-call (userId): puts an approved, active worker on the list. Twice is a 409 (the
 * list did not change, and the screen says so). The worker's row is locked first (lock
 * order: worker first), so a concurrent add of the same worker ends in one row and one 409.
 */
export async function addOnCall(ctx: Ctx, raw: unknown) {
  onCallActor(ctx);
  const { userId } = parseInput(addOnCallInput, raw ?? {});
  return withTx(ctx, async (ctx) => {
    const [user] = await ctx.db
      .select({ id: schema.users.id, name: schema.users.name, live: sql<boolean>`${liveWorker}` })
      .from(schema.users)
      .where(and(eq(schema.users.id, userId), isNull(schema.users.deletedAt)))
      .for("update", { of: schema.users });
    if (!user) throw new NotFoundError("User not found.");
    if (!user.live) throw new ValidationError(NOT_A_WORKER, { userId: [NOT_A_WORKER] });
    const inserted = await ctx.db
      .insert(schema.onCall)
      .values({
        userId: user.id,
        addedById: ctx.actor?.kind === "user" ? ctx.actor.userId : null,
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ userId: schema.onCall.userId });
    if (!inserted.length)
      throw new ConflictError(`${user.name} is already on the on-call list.`, "already_on_call");
    await logActivity(ctx, {
      logName: "on_call",
      description: `Added ${user.name} to the on-call list`,
      subjectType: "users",
      subjectId: user.id,
    });
    return { user_id: user.id, name: user.name, message: ON_CALL_MESSAGES.added };
  });
}

/** DELETE on-call/{userId}: takes the worker off the list; 404 when not on it. */
export async function removeOnCall(ctx: Ctx, rawUserId: unknown) {
  onCallActor(ctx);
  const userId = parseId(rawUserId, "User");
  return withTx(ctx, async (ctx) => {
    const [user] = await ctx.db
      .select({ id: schema.users.id, name: schema.users.name })
      .from(schema.users)
      .where(eq(schema.users.id, userId))
      .for("update", { of: schema.users });
    const removed = user
      ? await ctx.db
          .delete(schema.onCall)
          .where(eq(schema.onCall.userId, user.id))
          .returning({ userId: schema.onCall.userId })
      : [];
    if (!user || !removed.length) throw new NotFoundError("This user is not on the on-call list.");
    await logActivity(ctx, {
      logName: "on_call",
      description: `Removed ${user.name} from the on-call list`,
      subjectType: "users",
      subjectId: user.id,
    });
    return { user_id: user.id, message: ON_CALL_MESSAGES.removed };
  });
}

export const onCallSearchInput = z.object({
  userName: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string().trim().max(SEARCH_MAX).optional(),
  ),
});

export interface OnCallCandidate {
  id: number;
  name: string;
  email: string;
  phone: string | null;
}

/** At most this many candidates per search (a type-ahead, not a list). */
export const ON_CALL_SEARCH_LIMIT = 10;

/**
 * GET on-call/search-users (userName): approved, active workers not yet on the list whose
 * name, e-mail or phone contains the text; at most 10, by name. One query.
 */
export async function searchOnCallUsers(ctx: Ctx, raw: unknown): Promise<OnCallCandidate[]> {
  onCallActor(ctx);
  assertSearchText((raw as { userName?: unknown } | null)?.userName, "userName");
  const { userName } = parseInput(onCallSearchInput, raw ?? {});
  const u = schema.users;
  return ctx.db
    .select({ id: u.id, name: u.name, email: u.email, phone: u.phone })
    .from(u)
    .where(
      and(
        liveWorker,
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(schema.onCall)
            .where(sql`${schema.onCall.userId} = ${USERS_ID}`),
        ),
        userName
          ? or(
              ilike(u.name, containsPattern(userName)),
              ilike(u.email, containsPattern(userName)),
              ilike(u.phone, containsPattern(userName)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${u.name})`), asc(u.id))
    .limit(ON_CALL_SEARCH_LIMIT);
}
