"use server";

import { runAction } from "@/lib/http/action";
import { changeJobReason, changeJobStatus, deleteJob } from "@/lib/services/jobs/status";

export async function setJobStatus(jobId: number, status: string, reason?: string) {
  return runAction((ctx) => changeJobStatus(ctx, jobId, status, { reason }));
}

export async function removeJob(jobId: number) {
  return runAction((ctx) => deleteJob(ctx, jobId));
}

export async function setJobReason(jobId: number, reason: string) {
  return runAction((ctx) => changeJobReason(ctx, jobId, { reason }));
}
