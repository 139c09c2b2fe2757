import { and, eq, isNull } from "drizzle-orm";
import { schema } from "@/db";

const a = schema.applications;
const s = schema.shifts;
const j = schema.jobs;

/**
 * An application counts only while its shift and job are still there: a shift removed from its
 * job, or an archived job, takes its applications out of the worker's lists and figures, a
 * user's upcoming bookings and every clash check. Applications are joined to their shift and
 * job on these two conditions, so that rule is written once:
 * `.from(applications).innerJoin(shifts, liveShiftOfApplication).innerJoin(jobs, liveJobOfShift)`.
 */
export const liveShiftOfApplication = and(eq(s.id, a.shiftId), isNull(s.deletedAt))!;
export const liveJobOfShift = and(eq(j.id, s.jobId), isNull(j.deletedAt))!;
