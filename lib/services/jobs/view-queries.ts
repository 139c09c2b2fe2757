import { aliasedTable, and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { schema, sideBySide } from "@/db";
import { FILLED_STATUSES } from "@/lib/domain/statuses";
import type { Ctx } from "../context";
import { slotParentSkill, slotSkillOrder } from "../shifts/slot-order";
import { filledOfSlot } from "./list";

/**
 * The queries behind a job's page (fetchJobForView in view.ts): the same few however many
 * shifts the job has.
 */

const pm = aliasedTable(schema.users, "pm");
const col = aliasedTable(schema.users, "col");
const booker = aliasedTable(schema.users, "booker");
const spm = aliasedTable(schema.users, "spm");
const scol = aliasedTable(schema.users, "scol");
const sdress = aliasedTable(schema.dressCodes, "sdress");

type Db = Ctx["db"];

/** The names the job's ids point at: company, country (zone, currency), venue, people, dress code. */
export async function jobNames(db: Db, jobId: number) {
  const [names] = await db
    .select({
      companyName: schema.companies.name,
      countryName: schema.countries.name,
      timeZone: schema.countries.timeZone,
      currency: schema.countries.currencyCode,
      venue: schema.venues,
      pmName: pm.name,
      colName: col.name,
      bookerName: booker.name,
      dressName: schema.dressCodes.name,
    })
    .from(schema.jobs)
    .innerJoin(schema.companies, eq(schema.companies.id, schema.jobs.companyId))
    .innerJoin(schema.countries, eq(schema.countries.id, schema.jobs.countryId))
    .leftJoin(schema.venues, eq(schema.venues.id, schema.jobs.venueId))
    .leftJoin(pm, eq(pm.id, schema.jobs.projectManagerId))
    .leftJoin(col, eq(col.id, schema.jobs.contactOnLocationId))
    .leftJoin(booker, eq(booker.id, schema.jobs.bookerId))
    .leftJoin(schema.dressCodes, eq(schema.dressCodes.id, schema.jobs.dressCodeId))
    .where(eq(schema.jobs.id, jobId));
  return names;
}

/** The branches the job books from, by name. */
export function bookFromBranches(db: Db, jobId: number) {
  return db
    .select({ id: schema.branches.id, name: schema.branches.name })
    .from(schema.jobBranches)
    .innerJoin(schema.branches, eq(schema.branches.id, schema.jobBranches.branchId))
    .where(eq(schema.jobBranches.jobId, jobId))
    .orderBy(asc(schema.branches.name));
}

/** The job's live shifts in time order, with the names of their people and dress code. */
export function liveShifts(db: Db, jobId: number) {
  return db
    .select({
      shift: schema.shifts,
      pmName: spm.name,
      colName: scol.name,
      dressName: sdress.name,
    })
    .from(schema.shifts)
    .leftJoin(spm, eq(spm.id, schema.shifts.projectManagerId))
    .leftJoin(scol, eq(scol.id, schema.shifts.contactOnLocationId))
    .leftJoin(sdress, eq(sdress.id, schema.shifts.dressCodeId))
    .where(and(eq(schema.shifts.jobId, jobId), isNull(schema.shifts.deletedAt)))
    .orderBy(asc(schema.shifts.startsAt), asc(schema.shifts.id));
}
export type ShiftRow = Awaited<ReturnType<typeof liveShifts>>[number];

/** The live slots of the shifts in skill order, each with its filled places (at most its positions). */
function liveSlots(db: Db, shiftIds: number[]) {
  return db
    .select({
      id: schema.shiftSlots.id,
      shiftId: schema.shiftSlots.shiftId,
      skillId: schema.skills.id,
      skillName: schema.skills.name,
      positions: schema.shiftSlots.positions,
      filled: sql<number>`least(${filledOfSlot}, ${schema.shiftSlots.positions})`,
    })
    .from(schema.shiftSlots)
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .leftJoin(slotParentSkill, eq(slotParentSkill.id, schema.skills.parentId))
    .where(and(inArray(schema.shiftSlots.shiftId, shiftIds), isNull(schema.shiftSlots.deletedAt)))
    .orderBy(...slotSkillOrder);
}

/** The crew bosses of the shifts, by name. */
function crewBosses(db: Db, shiftIds: number[]) {
  return db
    .select({
      shiftId: schema.shiftCrewBosses.shiftId,
      id: schema.users.id,
      name: schema.users.name,
    })
    .from(schema.shiftCrewBosses)
    .innerJoin(schema.users, eq(schema.users.id, schema.shiftCrewBosses.userId))
    .where(inArray(schema.shiftCrewBosses.shiftId, shiftIds))
    .orderBy(asc(schema.users.name));
}

/** Who holds a place on the shifts (filled statuses), by name, with the slot's skill. */
function crewOnShifts(db: Db, shiftIds: number[]) {
  return db
    .select({
      applicationId: schema.applications.id,
      shiftId: schema.applications.shiftId,
      id: schema.users.id,
      name: schema.users.name,
      status: schema.applications.status,
      skill: schema.skills.name,
    })
    .from(schema.applications)
    .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
    .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
    .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
    .where(
      and(
        inArray(schema.applications.shiftId, shiftIds),
        inArray(schema.applications.status, [...FILLED_STATUSES]),
      ),
    )
    .orderBy(asc(schema.users.name));
}

/** Slots, crew bosses and crew of the shifts: three queries for all of them, none for none. */
export async function shiftDetails(db: Db, shiftIds: number[]) {
  const [slots, bosses, crew] = shiftIds.length
    ? await sideBySide(
        db,
        () => liveSlots(db, shiftIds),
        () => crewBosses(db, shiftIds),
        () => crewOnShifts(db, shiftIds),
      )
    : [[], [], []];
  return { slots, bosses, crew };
}
export type ShiftDetails = Awaited<ReturnType<typeof shiftDetails>>;
