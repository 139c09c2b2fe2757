import { NextResponse } from "next/server";
import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  checkIn,
  checkInInput,
  checkOut,
  checkOutInput,
  correctCheckTimes,
  correctCheckTimesInput,
  estimatedEarnings,
  estimatedEarningsInput,
  myShifts,
  newJobs,
  newJobsInput,
  nextShift,
  pastShifts,
  pastShiftsInput,
  pendingShifts,
  undoCheckOut,
  undoCheckOutInput,
  workerShiftsInput,
} from "@/lib/services/worker";

export const getNewJobs = endpoint({
  method: "GET",
  path: "/my-dashboard/new-jobs",
  summary:
    "Open slots of upcoming shifts the worker may apply for (its skills and branches), soonest " +
    "first, paged (meta.total is exact up to 1,000 slots past the page, a lower bound beyond); " +
    'with count=1 only { count, label } where label is the number or "20+"',
  tag: "my-dashboard",
  auth: "user",
  query: newJobsInput,
  paginated: true,
  run: async (ctx, { query }) => {
    const result = await newJobs(ctx, query);
    // The counter is one object, not a page.
    return "items" in result ? result : NextResponse.json({ data: result });
  },
});

export const getMyShifts = endpoint({
  method: "GET",
  path: "/my-dashboard/my-shifts",
  summary: "The worker's upcoming Booked, Request accepted and Requested shifts, soonest first",
  tag: "my-dashboard",
  auth: "user",
  query: workerShiftsInput,
  paginated: true,
  run: (ctx, { query }) => myShifts(ctx, query),
});

export const getPastShifts = endpoint({
  method: "GET",
  path: "/my-dashboard/past-shifts",
  summary:
    "The worker's ended shifts with hours due (Report!), reported or approved, latest first, " +
    "with the reported hours; to_report=1 lists only those whose hours are due (the Past tab's badge)",
  tag: "my-dashboard",
  auth: "user",
  query: pastShiftsInput,
  paginated: true,
  run: (ctx, { query }) => pastShifts(ctx, query),
});

export const getPendingShifts = endpoint({
  method: "GET",
  path: "/my-dashboard/pending-shifts",
  summary: "The worker's upcoming Applied and Reserve shifts, soonest first",
  tag: "my-dashboard",
  auth: "user",
  query: workerShiftsInput,
  paginated: true,
  run: (ctx, { query }) => pendingShifts(ctx, query),
});

export const postCheckIn = endpoint({
  method: "POST",
  path: "/my-dashboard/check-in",
  summary:
    "Check in on a Booked or Request accepted shift (application_id, assignee_id), from six " +
    "hours before the start until the end; a second check-in keeps the first time",
  tag: "my-dashboard",
  auth: "user",
  body: checkInInput,
  run: (ctx, { body }) => checkIn(ctx, body),
});

export const postCheckOut = endpoint({
  method: "POST",
  path: "/my-dashboard/check-out",
  summary:
    "Check out of one's own shift (application_id) after checking in (409 not_checked_in otherwise), " +
    "once it has started and until 12 hours after its end; the time is the suggested end of the " +
    "hours report. More than 30 minutes before the end it answers 410 check_out_early with the " +
    "question, unless repeated with confirm: 1. A second check-out keeps the first time; " +
    "undo_until says until when POST my-dashboard/check-out/undo takes it back [my_dashboard_access]",
  tag: "my-dashboard",
  auth: "user",
  body: checkOutInput,
  run: (ctx, { body }) => checkOut(ctx, body),
});

export const postUndoCheckOut = endpoint({
  method: "POST",
  path: "/my-dashboard/check-out/undo",
  summary:
    "Undo one's own check-out (application_id) within 10 minutes of it; later 409 undo_closed " +
    "(the office corrects it: PUT applications/{id}/check-times) [my_dashboard_access]",
  tag: "my-dashboard",
  auth: "user",
  body: undoCheckOutInput,
  run: (ctx, { body }) => undoCheckOut(ctx, body),
});

export const putCheckTimes = endpoint<{ id: string }>({
  method: "PUT",
  path: "/applications/{id}/check-times",
  summary:
    "Correct a worker's check-in and check-out (check_in_at, check_out_at: HH:mm on the shift's " +
    "day, DD/MM/YYYY HH:mm in the job's zone, or ISO 8601 with offset; empty clears, left out " +
    "keeps). A check-out needs a check-in; both obey the check-in and check-out windows and " +
    "cannot lie in the future (422). Not once the hours are approved (409). changed: false when " +
    "nothing changed [jobs_book_workers, in the job's scope]",
  tag: "applications",
  auth: "user",
  body: correctCheckTimesInput,
  run: (ctx, { params, body }) => correctCheckTimes(ctx, params.id, body),
});

export const getNextShift = endpoint({
  method: "GET",
  path: "/getNextShift",
  summary:
    "The worker's next Booked or Request accepted shift that has not ended, with can_check_in " +
    "and check_in_opens_at; null when there is none",
  tag: "my-dashboard",
  auth: "user",
  run: (ctx) => nextShift(ctx),
});

/** The worker's dashboard: new jobs, my shifts, past shifts, check-in, next shift. */
export const getEstimatedEarnings = endpoint({
  method: "GET",
  path: "/shifts/estimated-earnings",
  summary:
    "What the worker would earn on shifts it may apply for (shifts=1,2,3): per open slot of its skills, the amount of one position in minor units of the rate's currency, the minutes per band and the split, by its worker rate on that job; estimate null with a reason when it has no rate. Shifts outside its new-jobs scope are left out [my_dashboard_access; a client contact: 403]",
  tag: "shifts",
  auth: "user",
  query: estimatedEarningsInput,
  run: (ctx, { query }) => estimatedEarnings(ctx, query),
});

export const workerEndpoints: Endpoint[] = [
  getNewJobs as Endpoint,
  getMyShifts as Endpoint,
  getPastShifts as Endpoint,
  getPendingShifts as Endpoint,
  postCheckIn as Endpoint,
  postCheckOut as Endpoint,
  postUndoCheckOut as Endpoint,
  putCheckTimes as Endpoint,
  getNextShift as Endpoint,
  getEstimatedEarnings as Endpoint,
];
