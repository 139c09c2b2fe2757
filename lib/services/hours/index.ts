export * from "./schemas";
export * from "./view";
export { reportHours, updateReportedHours, deleteReportedHours } from "./report";
export {
  approveApplication,
  disapproveApplication,
  approveMany,
  disapproveMany,
  type ApprovalResult,
  type BulkResult,
} from "./approve";
export { listApprovals, approvalFilterOptions, type ApprovalRow } from "./list";
export { APPROVED_LOCKED } from "./access";
export {
  approveMatching,
  approveMatchingInput,
  APPROVE_MATCHING_LIMIT,
  type ApproveMatchingResult,
} from "./approve-matching";
export type { HoursChange } from "./changes";
