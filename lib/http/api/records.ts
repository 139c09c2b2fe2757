import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import {
  activityLogInput,
  activityTypes,
  listActivityLog,
  listUserActivities,
  userActivitiesInput,
} from "@/lib/services/activity-log";
import {
  addOnCall,
  addOnCallInput,
  listOnCall,
  onCallListInput,
  onCallSearchInput,
  removeOnCall,
  searchOnCallUsers,
} from "@/lib/services/on-call";
import { freelancerListInput, listFreelancers } from "@/lib/services/users/freelancers";
import { flag } from "@/lib/services/params";

/** Issue 11 "records": the freelancer search, the activity log, a user's activities, on-call. */
export const getFreelancers = endpoint({
  method: "GET",
  path: "/freelancers",
  summary:
    "[freelancer_access] The worker search, 10 a page, by last name A–Z unless sort/order say otherwise: filter[search] (name, e-mail, phone), parent_skill, sub_skill, level_id, branch_id, language_id, has_valid_documents (yes|no), showDeactivatedUsers",
  tag: "users",
  auth: "user",
  query: freelancerListInput,
  paginated: true,
  run: (ctx, { query }) => listFreelancers(ctx, query),
});

export const getActivityLog = endpoint({
  method: "GET",
  path: "/activity-log",
  summary:
    "[can_view_all_activities] Everyone's activity, newest first, 20 a page: filter[log_name], filter[causer_id], filter[from]/filter[to] (DD/MM/YYYY, the viewer's days); cursor=start adds meta.next_cursor, cursor=<next_cursor> with page=<its page> reads the next page by keyset, past the 10,000-row offset too (a cursor of other filters, or edited: 400 bad_cursor); with types=true the list of log names ({ data: [name…] })",
  tag: "activity",
  auth: "user",
  query: activityLogInput,
  paginated: true,
  run: async (ctx, { query }) => {
    const types = flag.safeParse(query.types);
    if (types.success && types.data) return Response.json({ data: await activityTypes(ctx) });
    return listActivityLog(ctx, query);
  },
});

export const getUserActivities = endpoint<{ userId: string }>({
  method: "GET",
  path: "/activities/{userId}",
  summary:
    "[view_user_activity] One user's activities (what the user did and what was done to the user), 15 a page; 404 outside the viewer's scope",
  tag: "activity",
  auth: "user",
  query: userActivitiesInput,
  paginated: true,
  run: (ctx, { params, query }) => listUserActivities(ctx, params.userId, query),
});

export const getOnCall = endpoint({
  method: "GET",
  path: "/on-call",
  summary:
    "[freelancer_access or jobs_book_workers, office only] The workers on call, by name, 10 a page: phone, skills, branches, added by and when",
  tag: "on-call",
  auth: "user",
  query: onCallListInput,
  paginated: true,
  run: (ctx, { query }) => listOnCall(ctx, query),
});

export const postOnCall = endpoint({
  method: "POST",
  path: "/on-call",
  summary:
    "[freelancer_access or jobs_book_workers, office only] Put an approved, active worker on call (userId); 409 when already on the list, 422 for anyone else",
  tag: "on-call",
  auth: "user",
  body: addOnCallInput,
  status: 201,
  run: (ctx, { body }) => addOnCall(ctx, body),
});

export const deleteOnCall = endpoint<{ userId: string }>({
  method: "DELETE",
  path: "/on-call/{userId}",
  summary:
    "[freelancer_access or jobs_book_workers, office only] Take a worker off the on-call list; 404 when not on it",
  tag: "on-call",
  auth: "user",
  run: (ctx, { params }) => removeOnCall(ctx, params.userId),
});

export const getOnCallSearchUsers = endpoint({
  method: "GET",
  path: "/on-call/search-users",
  summary:
    "[freelancer_access or jobs_book_workers, office only] Up to 10 approved, active workers not on call whose name, e-mail or phone contains userName",
  tag: "on-call",
  auth: "user",
  query: onCallSearchInput,
  run: (ctx, { query }) => searchOnCallUsers(ctx, query),
});

export const recordsEndpoints: Endpoint[] = [
  getFreelancers,
  getActivityLog,
  getUserActivities,
  getOnCall,
  postOnCall,
  deleteOnCall,
  getOnCallSearchUsers,
] as Endpoint[];
