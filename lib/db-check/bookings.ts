import { sql } from "drizzle-orm";
import { filled, type Check } from "./check";

/** Bookings, slots, shifts and jobs: the rows a booking or a job edit writes together. */
export const BOOKING_CHECKS: Check[] = [
  {
    name: "slot-capacity",
    rule: "no slot holds more filled places than its positions",
    query: () =>
      sql.raw(`select ss.id from shift_slots ss
        join (select shift_slot_id, count(*) as n from applications
               where status in (${filled}) group by shift_slot_id) a on a.shift_slot_id = ss.id
       where a.n > ss.positions`),
  },
  {
    name: "slot-booked",
    rule: "every slot's stored booked count is the number of its applications holding a place",
    // Kept by the triggers of migration shift_slots_booked; the calendar reads it.
    query: () =>
      sql.raw(`select ss.id from shift_slots ss
        left join (select shift_slot_id, count(*)::int as n from applications
               where status in (${filled}) group by shift_slot_id) a on a.shift_slot_id = ss.id
       where ss.booked <> coalesce(a.n, 0)`),
  },
  {
    name: "filled-on-removed",
    rule: "no filled application on a removed shift or slot",
    query: () =>
      sql.raw(`select a.id from applications a
        join shifts s on s.id = a.shift_id
        join shift_slots ss on ss.id = a.shift_slot_id
       where a.status in (${filled}) and (s.deleted_at is not null or ss.deleted_at is not null)`),
  },
  {
    name: "application-slot-shift",
    rule: "every application's shift is its slot's shift",
    query: () =>
      sql.raw(`select a.id from applications a
        join shift_slots ss on ss.id = a.shift_slot_id
       where ss.shift_id <> a.shift_id`),
  },
  {
    name: "application-shift-start",
    rule: "every application carries its shift's start (the approvals inbox pages by it)",
    query: () =>
      sql.raw(`select a.id from applications a
        join shifts s on s.id = a.shift_id
       where a.shift_starts_at is distinct from s.starts_at`),
  },
  {
    name: "slot-book-branches",
    rule: "every slot is listed once under each branch its job books from (0: none named), with its skill and its shift's start (new-jobs walks them)",
    query: () =>
      sql.raw(`select coalesce(w.shift_slot_id, x.shift_slot_id) as id from
        (select ss.id as shift_slot_id, coalesce(jb.branch_id, 0) as branch_id, s.id as shift_id,
                s.starts_at, ss.skill_id
           from shift_slots ss join shifts s on s.id = ss.shift_id
           left join job_branches jb on jb.job_id = s.job_id) w
        full join slot_book_branches x
          on x.shift_slot_id = w.shift_slot_id and x.branch_id = w.branch_id
         and x.shift_id = w.shift_id and x.starts_at = w.starts_at and x.skill_id = w.skill_id
       where w.shift_slot_id is null or x.shift_slot_id is null`),
  },
  {
    name: "job-span",
    rule: "every live job's start and end are its live shifts' first start and last end",
    query: () =>
      sql.raw(`select j.id from jobs j
        left join (select job_id, min(starts_at) as first, max(ends_at) as last from shifts
                    where deleted_at is null group by job_id) s on s.job_id = j.id
       where j.deleted_at is null
         and (j.starts_at is distinct from s.first or j.ends_at is distinct from s.last)`),
  },
  {
    name: "shift-slots",
    rule: "every live shift has a live slot",
    query: () =>
      sql.raw(`select s.id from shifts s
       where s.deleted_at is null
         and not exists (select 1 from shift_slots ss
                          where ss.shift_id = s.id and ss.deleted_at is null)`),
  },
];
