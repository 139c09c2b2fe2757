export * from "./schemas";
export * from "./view";
export { reportHours, updateReportedHours, deleteReportedHours, NOTHING_CHANGED } from "./report";
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
  approveMatchingPreviewInput,
  previewApproveMatching,
  APPROVE_MATCHING_LIMIT,
  type ApproveMatchingPreview,
  type ApproveMatchingResult,
  type MatchingReport,
} from "./approve-matching";
export {
  undoApproveMatching,
  undoApproveMatchingInput,
  type UndoApproveMatchingResult,
} from "./undo-matching";
export type { HoursChange } from "./changes";
