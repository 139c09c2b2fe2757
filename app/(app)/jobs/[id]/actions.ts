"use server";

import type { z } from "zod";
import { runAction, runParsed } from "@/lib/http/action";
import {
  bookedCrewCount,
  changeJobReason,
  changeJobStatus,
  changeReasonInput,
  deleteJob,
  statusChangeInput,
} from "@/lib/services/jobs/status";

export async function setJobStatus(
  jobId: number,
  status: string,
  reason?: z.input<typeof statusChangeInput>["reason"],
  invoice_reference?: z.input<typeof statusChangeInput>["invoice_reference"],
) {
  return runParsed(statusChangeInput, { reason, invoice_reference }, (ctx, input) =>
    changeJobStatus(ctx, jobId, status, input),
  );
}

export async function removeJob(jobId: number) {
  return runAction((ctx) => deleteJob(ctx, jobId));
}

export async function setJobReason(
  jobId: number,
  reason: z.input<typeof changeReasonInput>["reason"],
) {
  return runParsed(changeReasonInput, { reason }, (ctx, input) =>
    changeJobReason(ctx, jobId, input),
  );
}

/** How many people are booked on the job's coming shifts (asked before Draft or Cancelled). */
export async function crewCount(jobId: number) {
  return runAction((ctx) => bookedCrewCount(ctx, jobId));
}
