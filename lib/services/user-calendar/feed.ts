import { and, asc, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import { schema, type Db } from "@/db";
import { randomToken, sha256 } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import { ROLE } from "@/lib/domain/permissions";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import { requireUser, withTx, type Ctx } from "../context";
import { NotFoundError } from "../errors";
import { logActivity } from "../activity";
import { addressKey, beginAttempt, finishAttempt } from "../auth/rate-limit";
import { liveJobOfShift, liveShiftOfApplication } from "../applications/on-live-shifts";
import { buildFeedIcs, type FeedEvent } from "./ics";

/**
 * The private calendar feed (issue 25): an iCal URL a user's phone subscribes to, with its
 * booked shifts. The URL carries a random token (32 bytes, base64url); only its SHA-256 is
 * stored, so the URL is shown once, when made. Regenerating replaces the hash: the old URL
 * stops at once. The feed route is outside the session: the token is the only credential.
 */

/** Every refusal of the feed route reads the same, whatever the reason. */
export const FEED_NOT_FOUND = "Not found.";
export const FEED_IS_OFF = "Your calendar feed is not turned on.";
export const FEED_CREATED =
  "Your calendar feed is on. Copy the address now: it is shown only once.";
export const FEED_TURNED_OFF = "Your calendar feed is off. Its address no longer works.";
/** How far back the feed reaches; everything ahead is in it. */
export const FEED_PAST_DAYS = 60;
/** A bound on one answer: a worker's shifts over the window never come near it. */
export const FEED_MAX_EVENTS = 2000;

const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const RATE_ACTION = "calendar_feed";

export const feedUrl = (token: string) => `${env.APP_URL}/api/v2/calendar-feed/${token}.ics`;

export interface FeedStatus {
  enabled: boolean;
  created_at: Date | null;
  last_used_at: Date | null;
}

/** GET auth/calendar-feed: whether the caller's feed is on, since when and when last read. */
export async function feedStatus(ctx: Ctx): Promise<FeedStatus> {
  const actor = requireUser(ctx);
  const f = schema.calendarFeeds;
  const [row] = await ctx.db
    .select({ createdAt: f.createdAt, lastUsedAt: f.lastUsedAt })
    .from(f)
    .where(eq(f.userId, actor.userId));
  return {
    enabled: Boolean(row),
    created_at: row?.createdAt ?? null,
    last_used_at: row?.lastUsedAt ?? null,
  };
}

/**
 * POST auth/calendar-feed: turns the caller's feed on, or gives it a new address (the old one
 * stops at once). Answers the address, which is never shown again.
 */
export async function issueFeed(ctx: Ctx) {
  const actor = requireUser(ctx);
  const token = randomToken(TOKEN_BYTES);
  const tokenHash = sha256(token);
  const regenerated = await withTx(ctx, async (ctx) => {
    const f = schema.calendarFeeds;
    const [before] = await ctx.db
      .select({ id: f.id })
      .from(f)
      .where(eq(f.userId, actor.userId))
      .for("update");
    await ctx.db
      .insert(f)
      .values({ userId: actor.userId, tokenHash, createdAt: ctx.now })
      .onConflictDoUpdate({
        target: f.userId,
        set: { tokenHash, createdAt: ctx.now, lastUsedAt: null },
      });
    await logActivity(ctx, {
      logName: "auth",
      description: before ? "Calendar feed address regenerated" : "Calendar feed turned on",
      subjectType: "users",
      subjectId: actor.userId,
    });
    return Boolean(before);
  });
  return {
    message: FEED_CREATED,
    data: { url: feedUrl(token), created_at: ctx.now, regenerated },
  };
}

/** DELETE auth/calendar-feed: turns the caller's feed off; its address answers 404 from now on. */
export async function disableFeed(ctx: Ctx) {
  const actor = requireUser(ctx);
  await withTx(ctx, async (ctx) => {
    const f = schema.calendarFeeds;
    const removed = await ctx.db
      .delete(f)
      .where(eq(f.userId, actor.userId))
      .returning({ id: f.id });
    if (!removed.length) throw new NotFoundError(FEED_IS_OFF);
    await logActivity(ctx, {
      logName: "auth",
      description: "Calendar feed turned off",
      subjectType: "users",
      subjectId: actor.userId,
    });
  });
  return { message: FEED_TURNED_OFF };
}

/**
 * GET calendar-feed/{token}.ics: the feed's owner's booked shifts as iCal, or a 404 that
 * reads the same for a malformed, unknown, replaced or turned-off token and a deactivated or
 * archived owner. Lookups are counted per client address (the login limiter): an address that
 * guesses too often gets 429.
 */
export async function readFeed(
  db: Db,
  rawToken: unknown,
  opts: { now?: Date; ip?: string } = {},
): Promise<string> {
  const now = opts.now ?? new Date();
  const token = typeof rawToken === "string" ? rawToken.replace(/\.ics$/i, "") : "";
  const attempt = await beginAttempt(
    db,
    opts.ip ? { address: addressKey(opts.ip) } : {},
    RATE_ACTION,
    now,
    { address: "Too many calendar feed requests." },
  );
  if (!TOKEN_SHAPE.test(token)) throw new NotFoundError(FEED_NOT_FOUND);
  const f = schema.calendarFeeds;
  const u = schema.users;
  // By the hash: an equality on a unique index, nothing compared byte by byte with the secret.
  const [feed] = await db
    .select({
      id: f.id,
      userId: f.userId,
      linksToJobs: sql<boolean>`exists (select 1 from ${schema.userRoles} ur
        join ${schema.roles} r on r.id = ur.role_id
        left join ${schema.rolePermissions} rp on rp.role_id = ur.role_id
        left join ${schema.permissions} p on p.id = rp.permission_id
        where ur.user_id = ${u.id} and (r.title = ${ROLE.admin} or p.name = 'job_view'))`,
    })
    .from(f)
    .innerJoin(u, eq(u.id, f.userId))
    .where(and(eq(f.tokenHash, sha256(token)), eq(u.status, "active"), isNull(u.deletedAt)));
  if (!feed) throw new NotFoundError(FEED_NOT_FOUND);
  await finishAttempt(db, attempt, true);

  const events = await feedEvents(db, feed.userId, now);
  await db.update(f).set({ lastUsedAt: now }).where(eq(f.id, feed.id));
  return buildFeedIcs(events, {
    appUrl: env.APP_URL,
    jobLink: (jobId) =>
      feed.linksToJobs ? `${env.APP_URL}/jobs/${jobId}` : `${env.APP_URL}/my-dashboard/my`,
  });
}

/**
 * The owner's places on shifts (booked, accepted or worked) from FEED_PAST_DAYS ago on, on
 * live shifts of live jobs that are not cancelled: a shift removed, a job cancelled or
 * archived, or a place taken away drops out of the feed. One query.
 */
export async function feedEvents(db: Db, userId: number, now: Date): Promise<FeedEvent[]> {
  const a = schema.applications;
  const s = schema.shifts;
  const j = schema.jobs;
  const v = schema.venues;
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const rows = await db
    .select({
      applicationId: a.id,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      timeZone: schema.countries.timeZone,
      jobId: j.id,
      jobName: j.name,
      skillName: schema.skills.name,
      venueName: v.name,
      jobAddress: j.address,
      jobZip: j.zip,
      jobCity: j.city,
      venueAddress: v.address,
      venueZip: v.zip,
      venueCity: v.city,
      crewBosses: sql<{ name: string; phone: string | null }[] | null>`(
        select json_agg(json_build_object('name', cb.name, 'phone', cb.phone) order by cb.name)
        from ${schema.shiftCrewBosses} scb join ${schema.users} cb on cb.id = scb.user_id
        where scb.shift_id = ${a.shiftId} and cb.id <> ${a.assigneeId})`,
      selfCrewBoss: sql<boolean>`exists (select 1 from ${schema.shiftCrewBosses} scb
        where scb.shift_id = ${a.shiftId} and scb.user_id = ${a.assigneeId})`,
    })
    .from(a)
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, a.shiftSlotId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .innerJoin(s, liveShiftOfApplication)
    .innerJoin(j, liveJobOfShift)
    .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
    .leftJoin(v, eq(v.id, j.venueId))
    .where(
      and(
        eq(a.assigneeId, userId),
        inArray(a.status, [...FILLED_STATUSES]),
        isNull(schema.shiftSlots.deletedAt),
        ne(j.status, "Cancelled"),
        gte(s.endsAt, since),
      ),
    )
    .orderBy(asc(s.startsAt), asc(a.id))
    .limit(FEED_MAX_EVENTS);
  return rows.map((r) => {
    const line = (street: string | null, zip: string | null, city: string | null) =>
      [street, [zip, city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
    // The job's own address when it has one, otherwise the venue's (as the crew list says it).
    const address =
      line(r.jobAddress, r.jobZip, r.jobCity) || line(r.venueAddress, r.venueZip, r.venueCity);
    return {
      applicationId: r.applicationId,
      start: r.startsAt,
      end: r.endsAt,
      timeZone: r.timeZone,
      jobId: r.jobId,
      jobName: r.jobName,
      skillName: r.skillName,
      venueName: r.venueName,
      address: address || null,
      crewBosses: r.crewBosses ?? [],
      selfCrewBoss: Boolean(r.selfCrewBoss),
    };
  });
}
