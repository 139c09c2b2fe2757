import { and, asc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema, sideBySide } from "@/db";
import { formatDate, formatDateTime, formatTime, formatWeekdayDate } from "@/lib/domain/format";
import {
  ROSTER_FILENAME,
  ROSTER_NO_DATA,
  ROSTER_STATUSES,
  rosterSheetNames,
  rosterStatusWord,
} from "@/lib/domain/roster";
import type { ApplicationStatus } from "@/lib/domain/statuses";
import type { Ctx } from "../context";
import { requireCrewReader } from "../crew/access";
import { NotFoundError } from "../errors";
import { jobScope } from "../jobs/scope";
import { parseInput } from "../validate";
import { rosterInput } from "./schemas";

/** One worker's line on a shift, as text (what the sheet writes and the tests read). */
export interface RosterWorker {
  name: string;
  phone: string;
  skill: string;
  plannedStart: string;
  plannedEnd: string;
  status: string;
  checkIn: string;
}

export interface RosterShift {
  id: number;
  /** "10/12/2026" and "Thu 10/12" in the job's zone. */
  date: string;
  weekday: string;
  /** "08:00–12:00" in the job's zone. */
  times: string;
  workers: RosterWorker[];
}

export interface RosterSheet {
  jobId: number;
  /** The sheet's name: the job's, made legal and unique. */
  sheet: string;
  title: string;
  client: string;
  venue: string;
  /** "10/12/2026 – 12/12/2026": the first and last shift in the range. */
  dates: string;
  projectManager: string;
  crewBosses: string;
  timeZone: string;
  shifts: RosterShift[];
}

export interface Roster {
  filename: string;
  sheets: RosterSheet[];
}

const DAY_MS = 86_400_000;
const s = schema.shifts;
const j = schema.jobs;

/** "Name, phone" or the name alone; "" for nobody. */
const person = (name: string | null, phone: string | null) =>
  name ? [name, phone].filter(Boolean).join(", ") : "";

const statusRank = new Map<string, number>(ROSTER_STATUSES.map((x, i) => [x, i]));

/**
 * The crew roster of several jobs (issue 25): per job its shifts whose local start date lies in
 * [start, end] and the people on them (booked, accepted, requested, reserves). Four queries
 * whatever the number of jobs and shifts. Scope: crew readers (job_view and booking, requesting
 * or approving, as the crew list PDF); a client contact only its own company's jobs — a foreign
 * or unknown job id is a 404 for the whole roster, never a partial one; a worker 403.
 */
export async function crewRoster(ctx: Ctx, raw: unknown): Promise<Roster> {
  const actor = requireCrewReader(ctx);
  const input = parseInput(rosterInput, raw ?? {});
  if (input.client !== undefined && actor.isClient && input.client !== actor.companyId)
    throw new NotFoundError("Client not found.");

  // A coarse UTC window first (any zone is within a day of UTC), so the shifts index serves
  // the read; the exact local-date test follows in the job's zone.
  const lo = new Date(Date.parse(`${input.start}T00:00:00Z`) - DAY_MS);
  const hi = new Date(Date.parse(`${input.end}T00:00:00Z`) + 2 * DAY_MS);
  const localDay = sql`(${s.startsAt} at time zone ${schema.countries.timeZone})::date`;
  const inRange = and(
    isNull(s.deletedAt),
    gte(s.startsAt, lo),
    lt(s.startsAt, hi),
    sql`${localDay} between ${input.start}::date and ${input.end}::date`,
  );

  const pm = alias(schema.users, "roster_pm");
  const jobColumns = {
    id: j.id,
    name: j.name,
    address: j.address,
    city: j.city,
    zip: j.zip,
    company: schema.companies.name,
    timeZone: schema.countries.timeZone,
    venueName: schema.venues.name,
    venueAddress: schema.venues.address,
    venueCity: schema.venues.city,
    venueZip: schema.venues.zip,
    pmName: pm.name,
    pmPhone: pm.phone,
  };
  const readJobs = (ids: number[]) =>
    ctx.db
      .select(jobColumns)
      .from(j)
      .innerJoin(schema.companies, eq(schema.companies.id, j.companyId))
      .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
      .leftJoin(schema.venues, eq(schema.venues.id, j.venueId))
      .leftJoin(pm, eq(pm.id, j.projectManagerId))
      .where(and(inArray(j.id, ids), jobScope(actor)));
  const readShifts = (where: ReturnType<typeof and>) =>
    ctx.db
      .select({ id: s.id, jobId: s.jobId, startsAt: s.startsAt, endsAt: s.endsAt })
      .from(s)
      .innerJoin(j, eq(j.id, s.jobId))
      .innerJoin(schema.countries, eq(schema.countries.id, j.countryId))
      .where(and(where, inRange, jobScope(actor)))
      .orderBy(asc(s.startsAt), asc(s.id));

  let jobs: Awaited<ReturnType<typeof readJobs>>;
  let shifts: Awaited<ReturnType<typeof readShifts>>;
  if (input.jobs) {
    const wanted = [...new Set(input.jobs)];
    jobs = await readJobs(wanted);
    // One id outside the user's scope (or gone) and there is no roster at all.
    if (jobs.length !== wanted.length) throw new NotFoundError("Job not found.");
    shifts = await readShifts(inArray(s.jobId, wanted));
  } else {
    shifts = await readShifts(eq(j.companyId, input.client!));
    const ids = [...new Set(shifts.map((x) => x.jobId))];
    jobs = ids.length ? await readJobs(ids) : [];
  }
  if (!shifts.length) throw new NotFoundError(ROSTER_NO_DATA, "no_roster_data");

  const shiftIds = shifts.map((x) => x.id);
  const [crew, bosses] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({
          shiftId: schema.applications.shiftId,
          name: schema.users.name,
          phone: schema.users.phone,
          skill: schema.skills.name,
          skillOrder: schema.skills.order,
          status: schema.applications.status,
          checkInAt: schema.applications.checkInAt,
        })
        .from(schema.applications)
        .innerJoin(schema.users, eq(schema.users.id, schema.applications.assigneeId))
        .innerJoin(schema.shiftSlots, eq(schema.shiftSlots.id, schema.applications.shiftSlotId))
        .innerJoin(schema.skills, eq(schema.skills.id, schema.shiftSlots.skillId))
        .where(
          and(
            inArray(schema.applications.shiftId, shiftIds),
            isNull(schema.shiftSlots.deletedAt),
            inArray(schema.applications.status, [...ROSTER_STATUSES]),
          ),
        ),
    () =>
      ctx.db
        .select({
          shiftId: schema.shiftCrewBosses.shiftId,
          userId: schema.users.id,
          name: schema.users.name,
          phone: schema.users.phone,
        })
        .from(schema.shiftCrewBosses)
        .innerJoin(schema.users, eq(schema.users.id, schema.shiftCrewBosses.userId))
        .where(inArray(schema.shiftCrewBosses.shiftId, shiftIds))
        .orderBy(asc(schema.users.name), asc(schema.users.id)),
  );

  const jobById = new Map(jobs.map((x) => [x.id, x]));
  // Sheets in the order of each job's first shift in the range.
  const order = [...new Set(shifts.map((x) => x.jobId))].filter((id) => jobById.has(id));
  const names = rosterSheetNames(order.map((id) => jobById.get(id)!));
  const sheets = order.map((jobId, i): RosterSheet => {
    const job = jobById.get(jobId)!;
    const tz = job.timeZone;
    const own = shifts.filter((x) => x.jobId === jobId);
    const ownIds = new Set(own.map((x) => x.id));
    const bossSeen = new Set<number>();
    const bossList = bosses
      .filter((b) => ownIds.has(b.shiftId) && !bossSeen.has(b.userId) && bossSeen.add(b.userId))
      .map((b) => person(b.name, b.phone));
    const jobAddress = [job.address, [job.zip, job.city].filter(Boolean).join(" ")].filter(Boolean);
    const venueAddress = [
      job.venueAddress,
      [job.venueZip, job.venueCity].filter(Boolean).join(" "),
    ];
    const address = jobAddress.length ? jobAddress : venueAddress.filter(Boolean);
    const first = own[0];
    const last = own[own.length - 1];
    return {
      jobId,
      sheet: names[i],
      title: job.name,
      client: job.company,
      venue: [job.venueName, ...address].filter(Boolean).join(", "),
      dates: `${formatDate(first.startsAt, tz)} – ${formatDate(last.startsAt, tz)}`,
      projectManager: person(job.pmName, job.pmPhone),
      crewBosses: bossList.join("; "),
      timeZone: tz,
      shifts: own.map((shift) => {
        const date = formatDate(shift.startsAt, tz);
        const start = formatTime(shift.startsAt, tz);
        const end = formatTime(shift.endsAt, tz);
        const checkIn = (at: Date | null) =>
          !at ? "" : formatDate(at, tz) === date ? formatTime(at, tz) : formatDateTime(at, tz);
        return {
          id: shift.id,
          date,
          weekday: formatWeekdayDate(shift.startsAt, tz),
          times: `${start}–${end}`,
          workers: crew
            .filter((c) => c.shiftId === shift.id)
            .sort(
              (a, b) =>
                a.skillOrder - b.skillOrder ||
                a.skill.localeCompare(b.skill) ||
                statusRank.get(a.status)! - statusRank.get(b.status)! ||
                a.name.localeCompare(b.name, "en", { sensitivity: "base", numeric: true }),
            )
            .map((c) => ({
              name: c.name,
              phone: c.phone ?? "",
              skill: c.skill,
              plannedStart: start,
              plannedEnd: end,
              status: rosterStatusWord(c.status as ApplicationStatus),
              checkIn: checkIn(c.checkInAt),
            })),
        };
      }),
    };
  });
  return { filename: ROSTER_FILENAME, sheets };
}
