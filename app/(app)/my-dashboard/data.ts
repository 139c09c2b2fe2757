import { cache } from "react";
import { requestCtx } from "@/lib/auth/session";
import { workerDashboard } from "@/lib/services/dashboard";
import { newJobsCount } from "@/lib/services/worker";

/**
 * Once per request, shared by the signed-in layout (the menu counter) and this screen's
 * tabs: the new-jobs counter ({ count, label }, "20+" at 20 or more).
 */
export const newJobsBadge = cache(async () => newJobsCount(await requestCtx()));

/** Once per request: the next shift and the worker's own figures. */
export const workerFigures = cache(async () => workerDashboard(await requestCtx()));

/** A page number from the query string; anything odd is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isSafeInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}
