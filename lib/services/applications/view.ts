import { eq, sql } from "drizzle-orm";
import { aliasedTable } from "drizzle-orm";
import { anyOf, precompiled, schema, type Db, type DbOrTx } from "@/db";
import { isoInZone } from "@/lib/domain/time";
import type { ApplicationStatus } from "@/lib/domain/statuses";

/** An application as the API answers it (spec §3 Application; status as spec §4 writes it). */
export interface ApplicationView {
  id: number;
  assignee_id: number;
  assignee: { id: number; name: string };
  created_by_id: number | null;
  booked_by: { id: number; name: string } | null;
  status: ApplicationStatus;
  shift_id: number;
  shift_slot_id: number;
  shift_slots: { id: number; shift_id: number; skill_id: number; skill: string };
  job_id: number;
  start: string;
  end: string;
  check_in_at: string | null;
  booked_at: string | null;
  book_anyway: boolean;
  closely: boolean;
}

const assignees = aliasedTable(schema.users, "assignee");

/** What every booking answers: precompiled (db/precompiled.ts). */
const viewRows = precompiled<{ ids: number[] }, ReturnType<typeof viewQuery>>(
  "applications_views",
  (db) => viewQuery(db),
);
function viewQuery(db: DbOrTx) {
  return db
    .select({
      id: schema.applications.id,
      assigneeId: schema.applications.assigneeId,
      assigneeName: assignees.name,
      createdById: schema.applications.createdById,
      bookedById: schema.applications.bookedById,
      bookedByName: sql<
        string | null
      >`(select ${schema.users.name} from ${schema.users} where ${schema.users.id} = ${schema.applications.bookedById})`,
      status: schema.applications.status,
      shiftId: schema.applications.shiftId,
      shiftSlotId: schema.applications.shiftSlotId,
      skillId: schema.shiftSlots.skillId,
      skillName: schema.skills.name,
      jobId: schema.shifts.jobId,
      startsAt: schema.shifts.startsAt,
      endsAt: schema.shifts.endsAt,
      checkInAt: schema.applications.checkInAt,
      bookedAt: schema.applications.bookedAt,
      bookAnyway: schema.applications.bookAnyway,
      closely: schema.applications.closely,
      timeZone: schema.countries.timeZone,
    })
    .from(schema.applications)
    .innerJoin(assignees, eq(assignees.id, schema.applications.assigneeId))
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .innerJoin(schema.shifts, eq(schema.shifts.id, schema.applications.shiftId))
    .innerJoin(schema.jobs, eq(schema.jobs.id, schema.shifts.jobId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .where(anyOf(schema.applications.id, "ids"));
}

/** The views of some applications, in the order of `ids`, in two queries whatever their number. */
export async function applicationViews(db: Db, ids: number[]): Promise<ApplicationView[]> {
  if (!ids.length) return [];
  const rows = await viewRows(db, { ids });
  const byId = new Map(rows.map((r) => [r.id, r] as const));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const tz = r.timeZone;
    return [
      {
        id: r.id,
        assignee_id: r.assigneeId,
        assignee: { id: r.assigneeId, name: r.assigneeName },
        created_by_id: r.createdById,
        booked_by: r.bookedById ? { id: r.bookedById, name: r.bookedByName ?? "" } : null,
        status: r.status,
        shift_id: r.shiftId,
        shift_slot_id: r.shiftSlotId,
        shift_slots: {
          id: r.shiftSlotId,
          shift_id: r.shiftId,
          skill_id: r.skillId,
          skill: r.skillName,
        },
        job_id: r.jobId,
        start: isoInZone(r.startsAt, tz),
        end: isoInZone(r.endsAt, tz),
        check_in_at: r.checkInAt ? isoInZone(r.checkInAt, tz) : null,
        booked_at: r.bookedAt ? isoInZone(r.bookedAt, tz) : null,
        book_anyway: r.bookAnyway,
        closely: r.closely,
      },
    ];
  });
}
