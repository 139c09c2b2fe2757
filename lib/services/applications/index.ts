export { bookApplications, bookMissingRates } from "./book";
export { checkHasRate, checkHasRateInput, type HasRateView } from "./has-rate";
export { changeApplicationStatus, deleteApplication } from "./status";
export { applicationChangeOptions, changeApplication } from "./change";
export { bookableUsers, bookableUsersInput } from "./bookable";
export {
  bookInput,
  bookAllInput,
  statusChangeInput,
  applicationChangeInput,
  removeInput,
  undoInput,
} from "./schemas";
export { undoApplicationChange } from "./undo";
export { bookAllApplicants, type BookAllResult } from "./book-all";
export { applicationViews, type ApplicationView } from "./view";
export { settleEndedShifts, recomputeJobStatuses, sweepEndedShifts } from "./settle";
export { bookBoard, type BookBoard, type BoardSlot, type BoardApplication } from "./board";
