export { requireApplicantsOffice } from "./access";
export {
  countApplicants,
  listApplicants,
  recentlyPromoted,
  type ApplicantRow,
  type PromotedRow,
} from "./list";
export {
  ALREADY_APPROVED,
  APPLICANT_APPROVED,
  APPLICANT_APPROVE_FAILED,
  approveApplicant,
  type ApprovedApplicant,
} from "./approve";
export { applicantsListInput, approveApplicantInput, RECENTLY_PROMOTED } from "./schemas";
