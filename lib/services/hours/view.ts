import { eq } from "drizzle-orm";
import { parseId } from "../params";
import { schema, type DbOrTx } from "@/db";
import { minutesAsHours } from "@/lib/domain/reported-hours";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import { isoInZone } from "@/lib/domain/time";

export type ReportedHoursRow = typeof schema.reportedHours.$inferSelect;

/** Reported hours as the API answers them (spec §3 Reported hours, plus the figures). */
export interface ReportedHoursView {
  id: number;
  application_id: number;
  shift_slot_id: number;
  start: string;
  end: string;
  minutes: number;
  /** Decimal hours (spec §9: minutes divided by 60), rounded to 2 places. */
  hours: number;
  i_was_late: 0 | 1;
  /** The worker's comment. */
  comment: string | null;
  /** The office's comment, added when it reported or corrected the hours. */
  office_comment: string | null;
  created_by_id: number | null;
  updated_by_id: number | null;
  approved_by_id: number | null;
  approved_at: string | null;
  /** The application's status after the change. */
  status: ApplicationStatus;
}

export const minutesBetween = (start: Date, end: Date): number =>
  Math.round((end.getTime() - start.getTime()) / 60_000);

export function hoursView(
  row: ReportedHoursRow,
  status: ApplicationStatus,
  timeZone: string,
): ReportedHoursView {
  const minutes = minutesBetween(row.startsAt, row.endsAt);
  return {
    id: row.id,
    application_id: row.applicationId,
    shift_slot_id: row.shiftSlotId,
    start: isoInZone(row.startsAt, timeZone),
    end: isoInZone(row.endsAt, timeZone),
    minutes,
    hours: minutesAsHours(minutes),
    i_was_late: row.iWasLate ? 1 : 0,
    comment: row.comment,
    office_comment: row.officeComment,
    created_by_id: row.createdById,
    updated_by_id: row.updatedById,
    approved_by_id: row.approvedById,
    approved_at: row.approvedAt ? isoInZone(row.approvedAt, timeZone) : null,
    status,
  };
}

export function toReportId(value: unknown): number {
  return parseId(value, "Reported hours");
}

/** The report of an application, if any (one per application: a unique index). */
export async function reportOf(
  db: DbOrTx,
  applicationId: number,
): Promise<ReportedHoursRow | null> {
  const [row] = await db
    .select()
    .from(schema.reportedHours)
    .where(eq(schema.reportedHours.applicationId, applicationId))
    .limit(1);
  return row ?? null;
}

export async function reportById(db: DbOrTx, id: number): Promise<ReportedHoursRow | null> {
  const [row] = await db
    .select()
    .from(schema.reportedHours)
    .where(eq(schema.reportedHours.id, id))
    .limit(1);
  return row ?? null;
}
