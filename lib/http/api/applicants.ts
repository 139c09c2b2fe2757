import { endpoint, type Endpoint } from "../endpoint";
import {
  applicantsListInput,
  approveApplicant,
  approveApplicantInput,
  countApplicants,
  listApplicants,
  recentlyPromoted,
} from "@/lib/services/applicants";

export const getApplicants = endpoint({
  method: "GET",
  path: "/applicants",
  summary:
    "Registered users awaiting approval (10 a page, the longest waiting first), filter[search] over name, e-mail and phone; each with skills, branches, document counts by state, profile completeness and who invited them [can_view_applicants_list, agency staff]",
  tag: "applicants",
  auth: "user",
  query: applicantsListInput,
  paginated: true,
  run: (ctx, { query }) => listApplicants(ctx, query),
});

export const postApproveApplicant = endpoint({
  method: "POST",
  path: "/applicants/approve",
  summary:
    "Approve an applicant (applicant_id): 'User approved succesfully.'; already approved 409; the user is e-mailed and has its role's full rules on its next request [can_view_applicants_list, agency staff]",
  tag: "applicants",
  auth: "user",
  body: approveApplicantInput,
  run: (ctx, { body }) => approveApplicant(ctx, body),
});

export const getRecentlyPromoted = endpoint({
  method: "GET",
  path: "/applicants/recently-promoted",
  summary:
    "The last 10 users approved, newest first, with who approved them and when [can_view_applicants_list, agency staff]",
  tag: "applicants",
  auth: "user",
  run: (ctx) => recentlyPromoted(ctx),
});

export const getApplicantsCount = endpoint({
  method: "GET",
  path: "/applicants/count",
  summary: "How many users await approval: { count } [can_view_applicants_list, agency staff]",
  tag: "applicants",
  auth: "user",
  run: (ctx) => countApplicants(ctx),
});

/** Applicants (spec §7 Applicants). */
export const applicantsEndpoints: Endpoint[] = [
  getApplicants,
  postApproveApplicant,
  getRecentlyPromoted,
  getApplicantsCount,
];
