"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  applicationChangeInput,
  applicationChangeOptions,
  bookableUsers,
  bookableUsersInput,
  bookAllApplicants,
  bookAllInput,
  bookApplications,
  bookInput,
  changeApplication,
  changeApplicationStatus,
  deleteApplication,
  removeInput,
  statusChangeInput,
  undoApplicationChange,
} from "@/lib/services/applications";
import { correctCheckTimes, correctCheckTimesInput } from "@/lib/services/worker";

type StatusChange = z.input<typeof statusChangeInput>;

/** The book dialog's worker search, a page of 8. */
export async function searchWorkers(q: Omit<z.input<typeof bookableUsersInput>, "perPage">) {
  return runParsed(bookableUsersInput, { ...q, perPage: 8 }, bookableUsers);
}

// The booking verbs look at the caller before they parse (issue 27): they get the input as sent,
// so a caller without access hears 403/404 rather than which fields were wrong.
export async function bookWorker(input: z.input<typeof bookInput>) {
  return runAction((ctx) => bookApplications(ctx, input));
}

export async function setApplicationStatus(
  id: number,
  status: StatusChange["status"],
  flags: Omit<StatusChange, "status"> = {},
) {
  return runAction((ctx) => changeApplicationStatus(ctx, id, { status, ...flags }));
}

export async function removeApplication(id: number, opts: z.input<typeof removeInput> = {}) {
  return runAction((ctx) => deleteApplication(ctx, id, opts));
}

/** Undo of a Remove, Move or status change, by the activity id its answer carried. */
export async function undoChange(activityId: number, flags: { closely?: boolean } = {}) {
  return runAction((ctx) => undoApplicationChange(ctx, { activity_id: activityId, ...flags }));
}

export async function bookApplicants(slotId: number, flags: z.input<typeof bookAllInput> = {}) {
  return runParsed(bookAllInput, flags, (ctx, input) => bookAllApplicants(ctx, slotId, input));
}

export async function moveOptions(shiftId: number, applicationId: number) {
  return runAction((ctx) => applicationChangeOptions(ctx, shiftId, applicationId));
}

export async function moveApplication(input: z.input<typeof applicationChangeInput>) {
  return runAction((ctx) => changeApplication(ctx, input));
}

/** The office corrects a worker's check-in and check-out ("HH:mm"; empty clears). */
export async function correctCheckTimesOf(
  applicationId: number,
  times: z.input<typeof correctCheckTimesInput>,
) {
  return runParsed(correctCheckTimesInput, times, (ctx, input) =>
    correctCheckTimes(ctx, applicationId, input),
  );
}
