import { sql } from "drizzle-orm";
import { filled, type Check } from "./check";

/**
 * Activity rows written in the same transaction as their verb; only changes since the given
 * moment (the seed writes activity rows for some of its history only).
 */
export const ACTIVITY_CHECKS: Check[] = [
  {
    name: "activity-bookings",
    rule: "every application filled and changed since then has an activity row since then",
    needsSince: true,
    query: ({ since }) =>
      sql`select a.id from applications a
       where a.status in (${sql.raw(filled)}) and a.booked_at is not null
         and a.updated_at >= ${since}
         and not exists (select 1 from activity_log l
                          where l.subject_type = 'applications' and l.subject_id = a.id
                            and l.created_at >= ${since})`,
  },
  {
    name: "activity-jobs",
    rule: "every job created since then has its activity row",
    needsSince: true,
    query: ({ since }) =>
      sql`select j.id from jobs j
       where j.created_at >= ${since}
         and not exists (select 1 from activity_log l
                          where l.subject_type = 'jobs' and l.subject_id = j.id
                            and l.log_name = 'jobs')`,
  },
  {
    name: "activity-hours",
    rule: "every report of hours approved since then has its approval's activity row",
    needsSince: true,
    query: ({ since }) =>
      sql`select h.id from reported_hours h
       where h.approved_at >= ${since}
         and not exists (select 1 from activity_log l
                          where l.subject_type = 'applications' and l.subject_id = h.application_id
                            and l.log_name = 'hours' and l.created_at >= ${since})`,
  },
  {
    name: "activity-salary-runs",
    rule: "every salary run started since then has its activity row",
    needsSince: true,
    query: ({ since }) =>
      sql`select r.id from salary_runs r
       where r.created_at >= ${since}
         and not exists (select 1 from activity_log l
                          where l.subject_type = 'salary_run' and l.subject_id = r.id)`,
  },
];
