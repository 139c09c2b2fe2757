import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  applicationChangeInput,
  applicationChangeOptions,
  bookApplications,
  bookMissingRates,
  bookableUsers,
  checkHasRate,
  checkHasRateInput,
  bookableUsersInput,
  bookInput,
  changeApplication,
  changeApplicationStatus,
  bookAllApplicants,
  bookAllInput,
  deleteApplication,
  removeInput,
  statusChangeInput,
  undoApplicationChange,
  undoInput,
} from "@/lib/services/applications";

export const postApplications = endpoint({
  method: "POST",
  path: "/applications",
  summary:
    "Book a worker onto one slot of each of several shifts (assignee_id, shiftIds, shift_slots, status Booked|Reserve|Requested, or Applied for oneself; book_anyway, booked_at, closely). 409: full slot, overlapping shift, deactivated worker; 410: rest time (repeat with closely), missing skill or missing worker rate (type missing_rates; repeat with book_anyway, or POST rates/missing-rates-book). A worker applying is told about its own bookings too: 409 at the same time, 410 rest_time (Apply anyway? repeat with closely)",
  tag: "applications",
  auth: "user",
  body: bookInput,
  status: 201,
  run: (ctx, { body }) => bookApplications(ctx, body),
});

export const putApplication = endpoint<{ id: string }>({
  method: "PUT",
  path: "/applications/{id}",
  summary:
    "Change an application's status along the transition table (e.g. Request accepted, Request denied, Booked, Reserve, Denied); closely/book_anyway confirm a 410",
  tag: "applications",
  auth: "user",
  body: statusChangeInput,
  run: (ctx, { params, body }) => changeApplicationStatus(ctx, params.id, body),
});

export const deleteApplicationEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/applications/{id}",
  summary:
    "Take a worker off a shift (not once hours are reported); notify=1 e-mails the worker. The answer's undo_activity_id undoes it (POST applications/undo)",
  tag: "applications",
  auth: "user",
  query: removeInput,
  run: (ctx, { params, query }) => deleteApplication(ctx, params.id, query),
});

export const postApplicationUndo = endpoint({
  method: "POST",
  path: "/applications/undo",
  summary:
    "Undo one's own Remove, Move or status change (activity_id = the undo_activity_id of its answer) within 10 minutes: the restored place passes the booking rule; 409 when it was taken meanwhile or the application changed since, 410 rest time (repeat with closely)",
  tag: "applications",
  auth: "user",
  body: undoInput,
  run: (ctx, { body }) => undoApplicationChange(ctx, body),
});

export const postBookApplicants = endpoint<{ id: string }>({
  method: "POST",
  path: "/shift-slots/{id}/book-applicants",
  summary:
    "Book a slot's applicants in the order they applied, up to its free positions [jobs_book_workers]; answers who was booked and why the others were not; 410 missing_client_price when the slot's skill has no client price on the job (repeat with book_anyway)",
  tag: "applications",
  auth: "user",
  body: bookAllInput,
  run: (ctx, { params, body }) => bookAllApplicants(ctx, params.id, body),
});

export const getApplicationChange = endpoint<{ shiftId: string; applicationId: string }>({
  method: "GET",
  path: "/application-change/{shiftId}/{applicationId}",
  summary:
    "Where an application may move: the job's shifts and slots with free positions and clashes",
  tag: "applications",
  auth: "user",
  run: (ctx, { params }) => applicationChangeOptions(ctx, params.shiftId, params.applicationId),
});

export const postApplicationChange = endpoint({
  method: "POST",
  path: "/application-change",
  summary:
    "Move an application to another slot or shift of its job (application_id, shift_slot_id)",
  tag: "applications",
  auth: "user",
  body: applicationChangeInput,
  run: (ctx, { body }) => changeApplication(ctx, body),
});

export const getBookableUsers = endpoint({
  method: "GET",
  path: "/bookable-users",
  summary:
    "Workers who can be booked: page, skill, branches, username; shiftIds adds each worker's clashes with those shifts and the days of them it marked unavailable (unavailable: [{ date, note, label }]; such a worker sorts after the free ones)",
  tag: "applications",
  auth: "user",
  query: bookableUsersInput,
  paginated: true,
  run: (ctx, { query }) => bookableUsers(ctx, query),
});

export const postCheckHasRate = endpoint({
  method: "POST",
  path: "/jobs/check-has-rate",
  summary:
    "Whether a worker has a worker rate for a skill on a job (job_id, skill_id, assignee_id), as the booking check reads it: { has_rate, rate?: { amount, weekend_amount, night_amount, night_start, night_end, currency_code, source } } in minor units; a client contact gets has_rate only [jobs_book_workers]",
  tag: "applications",
  auth: "user",
  body: checkHasRateInput,
  run: (ctx, { body }) => checkHasRate(ctx, body),
});

export const postMissingRatesBook = endpoint({
  method: "POST",
  path: "/rates/missing-rates-book",
  summary:
    "Book anyway: the body of POST applications (assignee_id, shiftIds, shift_slots, status Booked|Reserve|Requested, booked_at, closely) with book_anyway set, so a worker without a worker rate (410 missing_rates) or the skill is booked; the other warnings still apply",
  tag: "applications",
  auth: "user",
  body: bookInput,
  status: 201,
  run: (ctx, { body }) => bookMissingRates(ctx, body),
});

export const applicationsEndpoints: Endpoint[] = [
  postApplications as Endpoint,
  putApplication as Endpoint,
  deleteApplicationEndpoint as Endpoint,
  postApplicationUndo as Endpoint,
  postBookApplicants as Endpoint,
  getApplicationChange as Endpoint,
  postApplicationChange as Endpoint,
  getBookableUsers as Endpoint,
  postCheckHasRate as Endpoint,
  postMissingRatesBook as Endpoint,
];
