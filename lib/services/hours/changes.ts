import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db";
import { formatDate, formatTime } from "@/lib/domain/format";
import { isoInZone } from "@/lib/domain/time";

/** The latest correction of a report, as the approvals row shows it: who changed what. */
export interface HoursChange {
  by: { id: number; name: string } | null;
  at: string;
  /** "08:00–07:00 (+1 day)" before and "08:00–16:30" after, in the job's zone. */
  from: string;
  to: string;
}

const times = (start: string, end: string, timeZone: string) => {
  const s = new Date(start);
  const e = new Date(end);
  const nextDay = formatDate(s, timeZone) !== formatDate(e, timeZone);
  return `${formatTime(s, timeZone)}–${formatTime(e, timeZone)}${nextDay ? " (+1 day)" : ""}`;
};

interface Logged {
  before?: { start?: string; end?: string };
  after?: { start?: string; end?: string };
}

/**
 * The last change of the hours of each application (from the activity log, where every
 * correction is written with its times before and after). One query for a whole page.
 */
export async function lastHoursChanges(
  db: DbOrTx,
  rows: { id: number; timeZone: string }[],
): Promise<Map<number, HoursChange>> {
  const out = new Map<number, HoursChange>();
  if (!rows.length) return out;
  const zones = new Map(rows.map((r) => [r.id, r.timeZone]));
  const a = schema.activityLog;
  const logged = await db
    .selectDistinctOn([a.subjectId], {
      subjectId: a.subjectId,
      createdAt: a.createdAt,
      properties: a.properties,
      causerId: a.causerId,
      causerName: schema.users.name,
    })
    .from(a)
    .leftJoin(schema.users, eq(schema.users.id, a.causerId))
    .where(
      and(
        eq(a.subjectType, "applications"),
        inArray(a.subjectId, [...zones.keys()]),
        eq(a.logName, "hours"),
        // Changes of the times only: a comment edit is not "who changed what" of the hours.
        sql`${a.properties} -> 'before' is not null`,
        sql`(${a.properties} #>> '{before,start}' is distinct from ${a.properties} #>> '{after,start}' or ${a.properties} #>> '{before,end}' is distinct from ${a.properties} #>> '{after,end}')`,
      ),
    )
    .orderBy(a.subjectId, desc(a.createdAt), desc(a.id));
  for (const r of logged) {
    const p = r.properties as Logged;
    const tz = zones.get(r.subjectId!);
    if (!tz || !p.before?.start || !p.before.end || !p.after?.start || !p.after.end) continue;
    out.set(r.subjectId!, {
      by: r.causerId ? { id: r.causerId, name: r.causerName ?? "" } : null,
      at: isoInZone(r.createdAt, tz),
      from: times(p.before.start, p.before.end, tz),
      to: times(p.after.start, p.after.end, tz),
    });
  }
  return out;
}
