import { and, asc, eq, ilike, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { schema } from "@/db";
import { SEARCH_MAX } from "@/lib/domain/text-limits";
import { isOffice } from "@/lib/domain/profile-tabs";
import { requireUser, type Ctx } from "../context";
import { ForbiddenError } from "../errors";
import { containsPattern } from "../like";
import { assertSearchText } from "../users/list";
import { viewerOf } from "../users/access";
import { worksShifts } from "../users/workers";
import { parseInput } from "../validate";

/** At most this many workers per answer: the picker is a type-ahead. */
export const CALENDAR_FILTER_MAX = 20;

export const calendarFilterInput = z.object({
  userName: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string().trim().max(SEARCH_MAX).optional(),
  ),
  limit: z.coerce
    .number({ error: "The limit must be a whole number from 1 to 20." })
    .int("The limit must be a whole number from 1 to 20.")
    .min(1, "The limit must be a whole number from 1 to 20.")
    .max(CALENDAR_FILTER_MAX, "The limit must be a whole number from 1 to 20.")
    .optional(),
});

export interface CalendarFilterWorker {
  id: number;
  name: string;
}

/**
 * GET users-calendar-filter (userName, limit ≤ 20): the office's worker picker of the calendar
 * (spec §7): active, approved workers whose name contains the text, by name. Office users
 * holding calendar_access only; a worker or a client contact gets 403. One query.
 */
export async function calendarFilterWorkers(
  ctx: Ctx,
  raw: unknown,
): Promise<CalendarFilterWorker[]> {
  const actor = requireUser(ctx);
  if (!actor.permissions.has("calendar_access") || !isOffice(viewerOf(actor)))
    throw new ForbiddenError();
  assertSearchText((raw as { userName?: unknown } | null)?.userName, "userName");
  const { userName, limit } = parseInput(calendarFilterInput, raw ?? {});
  const u = schema.users;
  return ctx.db
    .select({ id: u.id, name: u.name })
    .from(u)
    .where(
      and(
        isNull(u.deletedAt),
        eq(u.status, "active"),
        eq(u.approved, true),
        worksShifts,
        userName ? ilike(u.name, containsPattern(userName)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${u.name})`), asc(u.id))
    .limit(limit ?? CALENDAR_FILTER_MAX);
}
