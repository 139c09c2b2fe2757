import type { ApplicationStatus, JobPlan } from "./types";
import type { SkillName } from "../master";
import { DENMARK } from "./denmark";
import { GERMANY_UK } from "./germany-uk";
import { SWEDEN_NORWAY } from "./sweden-norway";
import { CALENDAR_SERIES } from "./calendar";

export type { ApplicationStatus, JobPlan, JobStatus, ShiftPlan } from "./types";

/**
 * About 30 jobs over five countries: paid and invoiced jobs months back, approved and reported
 * ones weeks back, jobs waiting for hours (Report!) from the last days, one running now, and
 * published jobs ahead (plus one draft and one cancelled).
 */
export const JOBS: JobPlan[] = [...DENMARK, ...SWEDEN_NORWAY, ...GERMANY_UK, ...CALENDAR_SERIES];

/**
 * William Berg's own history (worker@crewdeck.test), so every tab of the worker dashboard
 * has something: [job key, shift index, skill, status, checked in].
 */
export const WILLIAM_SHIFTS: [string, number, SkillName, ApplicationStatus, boolean][] = [
  ["dk-harbour-lights", 0, "Stagehand", "Approved", true],
  // Two finished shifts whose hours are still due: enough to try reporting on two screens.
  // Neither on an Invoiced or Paid job: their hours are final (no report can be added).
  ["dk-launch", 0, "Stagehand", "Report!", true],
  ["dk-tech-summit", 0, "Forklift driver", "Approved", true],
  ["dk-gala", 0, "Stagehand", "Approved", true],
  ["dk-rig-down", 0, "Stagehand", "Report!", true],
  // Running now: not checked in yet, so the check-in button is there to try.
  ["dk-arena-load-in", 0, "Stagehand", "Booked", false],
  ["dk-conference", 0, "Forklift driver", "Booked", false],
  ["dk-aarhus-jazz", 0, "Stagehand", "Requested", false],
  ["dk-street-food", 0, "Stagehand", "Applied", false],
];
