import { FILLED_STATUSES } from "@/lib/domain/statuses";
import {
  AHEAD_DAYS,
  APPS_PER_SHIFT,
  CONTACTS_PER_CLIENT,
  DAYS,
  SHIFTS_PER_JOB,
  VENUES_PER_CLIENT,
  type Add,
  type BulkEnv,
} from "./bulk";
import { lit, textArray } from "./random-sql";

/** The statuses that hold one of a slot's positions, as an SQL list. */
const FILLED = `(${FILLED_STATUSES.map(lit).join(", ")})`;

const EVENTS = [
  "Summer Gala",
  "Product Launch",
  "Trade Fair",
  "Concert load-in",
  "Festival build",
  "Conference",
  "Corporate Dinner",
  "Awards Night",
  "Exhibition",
  "Sports Final",
  "Christmas Party",
  "Fashion Show",
  "Car Launch",
  "Charity Ball",
  "Club Night",
  "Opening Night",
];

/** Work: jobs, their branches, shifts, slots and applications. */
export function workStatements(e: BulkEnv, add: Add): void {
  const { b, R, NOW, TODAY, C, J, NS, SKILLS, pm, handler, contactBase, jobHour, jobSkill } = e;
  const { poolSize, workerOfSkill } = e;
  const jobCompany = (j: string) => `(${R.pick(50, j, C)} + 1)`;
  // One job in twelve falls in the fortnight around today (hours to report, shifts running).
  const jobDay = (j: string) =>
    `(${TODAY} + (case when ${R.r(59, j)} < 0.08 then ${R.pick(51, j, 21)} - 13
                       else ${R.pick(51, j, DAYS)} - ${DAYS - AHEAD_DAYS} end))`;
  const slotCount = (shift: string) =>
    `(case when ${NS} > 1 and ${R.r(61, shift)} < 0.3 then 2 else 1 end)`;
  // ---- Jobs, shifts, slots -----------------------------------------------------------------
  add(
    "jobs",
    `insert into jobs (id, name, status, company_id, country_id, venue_id, city, address, zip, entrance,
       invoice_reference, contact_on_location_id, project_manager_id, booker_id, created_by_id,
       created_at, updated_at)
     overriding system value
     select ${b.jobs} + j,
       (${textArray(EVENTS)})[${R.pick(52, "j", EVENTS.length)} + 1] || ' – ' || cm.name,
       'Published', cm.id, cm.country_id, v.id, v.city, v.address, v.zip, v.entrance,
       'PO-' || (100000 + j), ${contactBase} + (x.ci - 1) * ${CONTACTS_PER_CLIENT} + 1, ${pm}, ${handler}, ${pm},
       least(${NOW} - interval '1 hour', x.day - make_interval(days => 7 + ${R.pick(56, "j", 60)})),
       least(${NOW} - interval '1 hour', x.day - make_interval(days => 7 + ${R.pick(56, "j", 60)}))
     from (select j, ${jobCompany("j")} as ci, ${jobDay("j")}::timestamptz as day
             from generate_series(1, ${J}) j) x
     join companies cm on cm.id = ${b.companies} + x.ci
     join venues v on v.id = ${b.venues} + (x.ci - 1) * ${VENUES_PER_CLIENT} + 1 + ${R.pick(57, "j", VENUES_PER_CLIENT)}`,
  );
  add(
    "job branches",
    `insert into job_branches (job_id, branch_id)
     select j.id, cm.default_branch_id from jobs j join companies cm on cm.id = j.company_id
      where j.id > ${b.jobs}`,
  );
  // Two days of a morning and an evening shift each, in the job's time zone.
  add(
    "shifts",
    `insert into shifts (id, job_id, starts_at, ends_at, project_manager_id, notes_for_workers, created_at, updated_at)
     overriding system value
     select ${b.shifts} + (jn - 1) * ${SHIFTS_PER_JOB} + k + 1, j.id,
       ((${jobDay("jn")} + k / 2)::timestamp + make_interval(hours => ${jobHour("jn")} + (k % 2) * 8)) at time zone co.time_zone,
       ((${jobDay("jn")} + k / 2)::timestamp + make_interval(hours => ${jobHour("jn")} + 8 + (k % 2) * 7)) at time zone co.time_zone,
       ${pm}, case when k = 0 then 'Meet at the staff entrance 15 minutes before the start.' end,
       j.created_at, j.created_at
     from (select j.id, j.id - ${b.jobs} as jn, j.country_id, j.created_at from jobs j where j.id > ${b.jobs}) j
     cross join generate_series(0, ${SHIFTS_PER_JOB - 1}) k
     join countries co on co.id = j.country_id`,
  );
  add(
    "job spans and statuses",
    `update jobs j set starts_at = s.first, ends_at = s.last,
       status = (case
         when ${R.r(54, `j.id - ${b.jobs}`)} < 0.03 then 'Cancelled'
         when s.last > ${NOW} then 'Published'
         when s.last < ${NOW} - interval '60 days' then case when ${R.r(58, `j.id - ${b.jobs}`)} < 0.93 then 'Paid' else 'Invoiced' end
         when s.last < ${NOW} - interval '14 days' then case when ${R.r(58, `j.id - ${b.jobs}`)} < 0.5 then 'Approved' else 'Invoiced' end
         when s.last < ${NOW} - interval '4 days' then 'Reported'
         else 'Report!' end)::job_status,
       reason = case when ${R.r(54, `j.id - ${b.jobs}`)} < 0.03 then 'The client called the event off.' end
     from (select job_id, min(starts_at) as first, max(ends_at) as last from shifts
            where id > ${b.shifts} group by job_id) s
     where j.id = s.job_id`,
  );
  // One slot per shift, two on three shifts in ten; the job's skill first.
  add(
    "shift slots",
    `insert into shift_slots (id, shift_id, skill_id, positions, created_at, updated_at)
     overriding system value
     select ${b.slots} + (s.id - ${b.shifts} - 1) * 2 + k + 1, s.id,
       (${SKILLS})[((${jobSkill(`s.job_id - ${b.jobs}`)} + k * 3) % ${NS}) + 1],
       3 + ${R.pick(60, `s.id * 2 + k`, 3)}, s.created_at, s.created_at
     from shifts s cross join generate_series(0, 1) k
     where s.id > ${b.shifts} and k < ${slotCount("s.id")}`,
  );
  // Five applications a shift, each by another worker; at most three hold a place (slots have
  // three or more positions). Statuses fit the dates: past shifts approved (or reported),
  // the running ones booked, upcoming ones booked, applied, requested or on the reserve list.
  // Each application's worker holds the slot's skill: it is drawn from the workers whose first
  // skill that is (workerOfSkill). The places held on one local day take distinct workers of
  // that pool (idx: the day's places held on earlier shifts, then this shift's places held,
  // then its other applications), so no worker holds two places on overlapping shifts (a day's
  // shifts run 06:00–24:00 local, so shifts of different days never overlap). A place past the
  // end of its pool (a tiny factor: a day with more places in a skill than workers with it)
  // goes on the reserve list instead.
  add(
    "applications",
    `insert into applications (id, shift_slot_id, shift_id, shift_starts_at, assignee_id, created_by_id,
       booked_by_id, status, booked_at, check_in_at, check_out_at, created_at, updated_at)
     overriding system value
     select ${b.applications} + (x.shift_id - ${b.shifts} - 1) * ${APPS_PER_SHIFT} + x.a + 1,
       x.slot_id, x.shift_id, x.starts_at, x.assignee_id,
       case when x.status in ('Requested', 'Request accepted', 'Request denied') then ${handler}
            else x.assignee_id end,
       case when x.filled then ${handler} end,
       x.status::application_status,
       case when x.filled then least(${NOW}, x.created + make_interval(hours => 1 + ${R.pick(72, "x.id", 48)})) end,
       case when x.filled and x.starts_at <= ${NOW} then x.starts_at - make_interval(mins => ${R.pick(73, "x.id", 20)}) end,
       case when x.status in ('Reported', 'Approved') then x.ends_at end,
       x.created,
       case when x.ends_at < ${NOW} then least(${NOW}, x.ends_at + interval '1 day')
            else least(${NOW}, x.created + interval '2 days') end
     from (
       select w.*, w.status in ${FILLED} as filled
       from (
         select v.*,
           case when v.filled0 and v.idx >= v.pool then 'Reserve' else v.status0 end as status,
           ${workerOfSkill("v.si", `(${R.pick(70, `(v.day - date '2000-01-01') * ${NS} + v.si`, "v.pool")} + v.idx) % v.pool`)} as assignee_id
         from (
           select u.*,
             sum(u.filled0::int) over (partition by u.day, u.si order by u.shift_id)
               - sum(u.filled0::int) over (partition by u.shift_id, u.si)
               + row_number() over (partition by u.shift_id, u.si order by u.filled0 desc, u.a) - 1 as idx
           from (
             select y.*, y.status0 in ${FILLED} as filled0, ${poolSize("y.si")} as pool
             from (
               select s.id as shift_id, s.starts_at, s.ends_at, g.a,
                 ${b.slots} + (s.id - ${b.shifts} - 1) * 2 + g.a % ${slotCount("s.id")} + 1 as slot_id, s.id * 8 + g.a as id,
                 (${jobSkill(`s.job_id - ${b.jobs}`)} + (g.a % ${slotCount("s.id")}) * 3) % ${NS} as si,
                 ${jobDay(`s.job_id - ${b.jobs}`)} + (s.id - ${b.shifts} - 1) % ${SHIFTS_PER_JOB} / 2 as day,
                 least(${NOW} - make_interval(mins => 5 + ${R.pick(74, `s.id * 8 + g.a`, 600)}),
                       s.starts_at - make_interval(days => 2 + ${R.pick(75, `s.id * 8 + g.a`, 28)})) as created,
                 case
                   when j.status = 'Cancelled' then case when g.a < 3 then 'Request denied' else 'Denied' end
                   when s.ends_at <= ${NOW} then case
                     when g.a < 3 then case j.status
                       when 'Report!' then case when ${R.r(76, `s.id * 8 + g.a`)} < 0.6 then 'Report!' else 'Reported' end
                       when 'Reported' then case when ${R.r(76, `s.id * 8 + g.a`)} < 0.8 then 'Reported' else 'Approved' end
                       else 'Approved' end
                     when g.a = 3 then case when ${R.r(77, `s.id * 8 + g.a`)} < 0.5 then 'Denied' else 'Request denied' end
                     else 'Reserve' end
                   when s.starts_at <= ${NOW} then case when g.a < 3 then 'Booked' when g.a = 3 then 'Denied' else 'Reserve' end
                   else case
                     when g.a < 2 then case when ${R.r(78, `s.id * 8 + g.a`)} < 0.8 then 'Booked' else 'Request accepted' end
                     when g.a = 2 then case when ${R.r(78, `s.id * 8 + g.a`)} < 0.5 then 'Booked' else 'Applied' end
                     when g.a = 3 then case when ${R.r(78, `s.id * 8 + g.a`)} < 0.5 then 'Applied' else 'Requested' end
                     else case when ${R.r(78, `s.id * 8 + g.a`)} < 0.4 then 'Reserve'
                               when ${R.r(78, `s.id * 8 + g.a`)} < 0.7 then 'Requested' else 'Denied' end
                   end
                 end as status0
               from shifts s
               join jobs j on j.id = s.job_id
               cross join generate_series(0, ${APPS_PER_SHIFT - 1}) g(a)
               where s.id > ${b.shifts}
             ) y
           ) u
         ) v
       ) w
     ) x`,
  );
}
