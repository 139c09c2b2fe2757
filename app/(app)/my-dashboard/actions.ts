"use server";

import type { z } from "zod";
import { APPLICATION_MESSAGES } from "@/lib/domain/application-status";
import { runAction, runParsed } from "@/lib/http/action";
import { requireUser } from "@/lib/services/context";
import { bookApplications } from "@/lib/services/applications/book";
import { changeApplicationStatus } from "@/lib/services/applications/status";
import {
  reportHours,
  reportHoursInput,
  updateHoursInput,
  updateReportedHours,
} from "@/lib/services/hours";
import { checkIn, checkOut, undoCheckOut } from "@/lib/services/worker";

/** The hours form's fields; the application comes from the shift card. */
type HoursReport = Omit<z.input<typeof reportHoursInput>, "application_id">;

/**
 * "Apply" on a new job: the worker applies for that slot itself. A shift leaving too little
 * rest next to one the worker is booked on answers 410 first; "Apply anyway" repeats with
 * `closely`.
 */
export async function applyForShift(shiftId: number, slotId: number, closely = false) {
  return runAction(async (ctx) => {
    const me = requireUser(ctx).userId;
    await bookApplications(ctx, {
      assignee_id: me,
      shiftIds: [shiftId],
      shift_slots: [slotId],
      status: "Applied",
      closely,
    });
    return { message: APPLICATION_MESSAGES.applied };
  });
}

/** "Unapply" on a pending shift (Applied or Reserve → Denied). */
export async function unapplyFromShift(applicationId: number) {
  return runAction(async (ctx) => {
    const r = await changeApplicationStatus(ctx, applicationId, { status: "Denied" });
    return { message: r.message };
  });
}

/** "Accept" or "Decline" a request for the worker. */
export async function answerRequest(applicationId: number, accept: boolean) {
  return runAction(async (ctx) => {
    const r = await changeApplicationStatus(ctx, applicationId, {
      status: accept ? "Request accepted" : "Request denied",
    });
    return { message: r.message };
  });
}

export async function checkInOnShift(applicationId: number) {
  return runAction((ctx) =>
    checkIn(ctx, { application_id: applicationId, assignee_id: requireUser(ctx).userId }),
  );
}

/** "Check out"; `confirm` after the worker said yes to the early check-out question (410). */
export async function checkOutOfShift(applicationId: number, confirm = false) {
  return runAction((ctx) => checkOut(ctx, { application_id: applicationId, confirm }));
}

/** "Undo" of a check-out, within ten minutes of it. */
export async function undoCheckOutOfShift(applicationId: number) {
  return runAction((ctx) => undoCheckOut(ctx, { application_id: applicationId }));
}

/** reportHours looks at the caller before it parses (issue 27), so it gets the input as sent. */
export async function reportMyHours(applicationId: number, values: HoursReport) {
  return runAction((ctx) => reportHours(ctx, { application_id: applicationId, ...values }));
}

export async function editMyHours(reportId: number, values: z.input<typeof updateHoursInput>) {
  return runParsed(updateHoursInput, values, (ctx, input) =>
    updateReportedHours(ctx, reportId, input),
  );
}
