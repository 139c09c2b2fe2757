export { bookApplications } from "./book";
export { changeApplicationStatus, deleteApplication } from "./status";
export { applicationChangeOptions, changeApplication } from "./change";
export { bookableUsers, bookableUsersInput } from "./bookable";
export { bookInput, statusChangeInput, applicationChangeInput } from "./schemas";
export { applicationViews, type ApplicationView } from "./view";
export { settleEndedShifts, recomputeJobStatuses, sweepEndedShifts } from "./settle";
export { bookBoard, type BookBoard, type BoardSlot, type BoardApplication } from "./board";
