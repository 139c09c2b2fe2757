import { endpoint } from "../endpoint";
import {
  changeStatusInput,
  changeUserStatus,
  createUser,
  createUserBody,
  deleteUser,
  endSessionsOf,
  sendPasswordLinkTo,
  turnOffTwoFactorOf,
  fieldsInput,
  listUsers,
  mailColAndPmInput,
  possibleRoles,
  searchBookers,
  searchBookersInput,
  sendMailToColAndPM,
  userListInput,
  wizardFields,
} from "@/lib/services/users";

export const getUsers = endpoint({
  method: "GET",
  path: "/users",
  summary:
    "The user list, 10 a page: filter[search] (name, e-mail, phone; a non-string is 422 Badly formed data), role, parent_skill, sub_skill, showDeactivatedUsers, filter[roles], filter[company_id], sort (name, email, created_at, status), order. A client contact sees its own company's users; a worker has no list",
  tag: "users",
  auth: "user",
  query: userListInput,
  paginated: true,
  run: (ctx, { query }) => listUsers(ctx, query),
});

export const postUser = endpoint({
  method: "POST",
  path: "/users",
  summary:
    "[user_create] Create an approved, active user with the wizard's fields for its role (GET userCreate/fields); 422 with field errors, e.g. a taken e-mail",
  tag: "users",
  auth: "user",
  body: createUserBody,
  status: 201,
  run: (ctx, { body }) => createUser(ctx, body),
});

export const deleteUserEndpoint = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/users/{id}",
  summary:
    "[user_create] Archive a user (its sessions and tokens end). Not yourself nor the last administrator (409); upcoming bookings answer 410 confirm_required with details.bookings: repeat with ?confirm=1",
  tag: "users",
  auth: "user",
  run: (ctx, { params, query, body }) =>
    deleteUser(ctx, params.id, { ...(body as object | undefined), ...query }),
});

export const postChangeStatus = endpoint<{ id: string }>({
  method: "POST",
  path: "/users/{id}/change-status",
  summary:
    "[user_create] status active|deactivated. Deactivating ends the user's sessions and tokens at once; upcoming bookings answer 410 confirm_required with details.bookings: repeat with confirm: 1 (the bookings stay)",
  tag: "users",
  auth: "user",
  body: changeStatusInput,
  run: (ctx, { params, body }) => changeUserStatus(ctx, params.id, body),
});

export const postEndSessions = endpoint<{ id: string }>({
  method: "POST",
  path: "/users/{id}/end-sessions",
  summary:
    "[user_create] Sign a user out everywhere: its browser sessions, API tokens and remembered devices end at once (not yourself: 409); the account stays active",
  tag: "users",
  auth: "user",
  run: (ctx, { params }) => endSessionsOf(ctx, params.id),
});

export const postPasswordLink = endpoint<{ id: string }>({
  method: "POST",
  path: "/users/{id}/password-link",
  summary:
    "[user_create] Mail a user a single-use link to choose a new password (24 hours), within the rule of who may manage whom; not yourself (409), not a deactivated account (409)",
  tag: "users",
  auth: "user",
  run: (ctx, { params }) => sendPasswordLinkTo(ctx, params.id),
});

export const postTwoFactorOff = endpoint<{ id: string }>({
  method: "POST",
  path: "/users/{id}/two-factor/disable",
  summary:
    "[user_create] Turn off a user's two-factor login (a lost phone) and forget its remembered devices; the user is told by e-mail. 409 when it is off, or for yourself",
  tag: "users",
  auth: "user",
  run: (ctx, { params }) => turnOffTwoFactorOf(ctx, params.id),
});

export const getPossibleRoles = endpoint({
  method: "GET",
  path: "/userCreate/possible-roles",
  summary:
    "[user_create] The roles you may give a new user (only an administrator creates administrators)",
  tag: "users",
  auth: "user",
  run: (ctx) => possibleRoles(ctx),
});

export const getWizardFields = endpoint({
  method: "GET",
  path: "/userCreate/fields",
  summary:
    "[user_create] The wizard's steps for a role (role: id or title) and the fields of one step (step: name or number from 1; payment=1: Danish bank numbers instead of IBAN)",
  tag: "users",
  auth: "user",
  query: fieldsInput,
  run: (ctx, { query }) => wizardFields(ctx, query),
});

export const getSearchBookers = endpoint({
  method: "GET",
  path: "/search-bookers",
  summary:
    "[job_create, job_edit or can_select_job_booker] Active users who may book crew (jobs_book_workers or can_request_worker), by userName or filter[search]",
  tag: "users",
  auth: "user",
  query: searchBookersInput,
  paginated: true,
  run: (ctx, { query }) => searchBookers(ctx, query),
});

export const postMailColAndPm = endpoint({
  method: "POST",
  path: "/sendMailToColAndPM",
  summary:
    "[job_view] Mail the job's contact on location and project manager (job_id, subject, message)",
  tag: "users",
  auth: "user",
  body: mailColAndPmInput,
  run: (ctx, { body }) => sendMailToColAndPM(ctx, body),
});

export const usersEndpoints = [
  getUsers,
  postUser,
  deleteUserEndpoint,
  postChangeStatus,
  postEndSessions,
  postPasswordLink,
  postTwoFactorOff,
  getPossibleRoles,
  getWizardFields,
  getSearchBookers,
  postMailColAndPm,
];
