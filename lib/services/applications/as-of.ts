import { and, gt, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import { schema } from "@/db";
import { BOOKED_STATUSES } from "@/lib/domain/application-status";
import type { ApplicationStatus } from "@/lib/domain/statuses";

const a = schema.applications;
const s = schema.shifts;
const held: readonly ApplicationStatus[] = BOOKED_STATUSES;

/**
 * `statusAsOf` (lib/domain) in SQL, for lists that filter or count by status: a held place
 * whose shift has ended reads as Report! before the sweep writes it. Needs `shifts` joined.
 */
export const statusAsOfSql = (now: Date) =>
  sql<ApplicationStatus>`(case when ${inArray(a.status, [...held])} and ${s.endsAt} <= ${now} then 'Report!' else ${a.status}::text end)`;

/** The applications that read as one of `statuses` at `now` (index-friendly: no CASE). */
export function statusInAsOf(statuses: readonly ApplicationStatus[], now: Date): SQL {
  const plain = statuses.filter((x) => !held.includes(x));
  const stillHeld = statuses.filter((x) => held.includes(x));
  const due = statuses.includes("Report!");
  return (
    or(
      plain.length ? inArray(a.status, plain) : undefined,
      stillHeld.length ? and(inArray(a.status, stillHeld), gt(s.endsAt, now)) : undefined,
      due ? and(inArray(a.status, [...held]), lte(s.endsAt, now)) : undefined,
    ) ?? sql`false`
  );
}
