export { checkIn, checkInInput, type CheckInResult } from "./check-in";
export {
  checkOut,
  checkOutInput,
  CHECK_OUT_CLOSES_AFTER_MS,
  undoCheckOut,
  undoCheckOutInput,
  type CheckOutResult,
  type UndoCheckOutResult,
} from "./check-out";
export { correctCheckTimes, correctCheckTimesInput, type CheckTimes } from "./correct-check-times";
export {
  CHECK_IN_OPENS_BEFORE_MS,
  checkInOpensAt,
  checkInRefusal,
  checkInWindow,
} from "./check-in-window";
export {
  NEW_JOBS_CAP,
  newJobs,
  newJobsCount,
  newJobsInput,
  newJobsLabel,
  newJobsList,
  type NewJob,
  type NewJobsCount,
} from "./new-jobs";
export type { PastShift, ReportedHoursView, WorkerShift } from "./rows";
export {
  MY_STATUSES,
  PENDING_STATUSES,
  myShifts,
  nextShift,
  pastShifts,
  pastShiftsInput,
  pendingShifts,
  shiftsToReport,
  workerShiftsInput,
  type NextShift,
} from "./shifts";
export { estimatedEarnings, estimatedEarningsInput, type ShiftEarnings } from "./earnings";
export { NO_PAY_RATE, type EarningsEstimate, type SlotEarnings } from "./earnings-of";
