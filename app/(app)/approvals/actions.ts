"use server";

import { runAction } from "@/lib/http/action";
import {
  approveApplication,
  approveMany,
  disapproveApplication,
  disapproveMany,
  reportHours,
  updateReportedHours,
} from "@/lib/services/hours";

export interface HoursFormValues {
  start: string;
  end: string;
  i_was_late: 0 | 1;
  comment: string;
}

export async function approve(applicationId: number) {
  return runAction((ctx) => approveApplication(ctx, applicationId));
}

export async function disapprove(applicationId: number) {
  return runAction((ctx) => disapproveApplication(ctx, applicationId));
}

export async function approveSelected(applicationIds: number[]) {
  return runAction((ctx) => approveMany(ctx, { application_ids: applicationIds }));
}

export async function disapproveSelected(applicationIds: number[]) {
  return runAction((ctx) => disapproveMany(ctx, { application_ids: applicationIds }));
}

/** "Edit hours" on a row with a report. */
export async function editHours(reportId: number, values: HoursFormValues) {
  return runAction((ctx) => updateReportedHours(ctx, reportId, values));
}

/** "Enter hours" on a row with none (a booker or the crew boss, for the worker). */
export async function enterHours(applicationId: number, values: HoursFormValues) {
  return runAction((ctx) => reportHours(ctx, { application_id: applicationId, ...values }));
}
