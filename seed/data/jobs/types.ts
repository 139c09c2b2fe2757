import type { APPLICATION_STATUSES, JOB_STATUSES } from "@/db/schema";
import type { CompanyKey } from "../clients";
import type { DressCodeName, SkillName } from "../master";

export type JobStatus = (typeof JOB_STATUSES)[number];
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export interface ShiftPlan {
  /** Days after the job's first day. */
  day: number;
  /** Local "HH:mm" in the country's zone; "running" puts the shift around `now`. */
  start: string;
  end: string;
  slots: [SkillName, number][];
  notesForWorkers?: string;
  description?: string;
  dressCodeNotes?: string;
}

export interface JobPlan {
  key: string;
  company: CompanyKey;
  venue: string;
  name: string;
  status: JobStatus;
  /** First day, relative to today's date in the country's zone. */
  day: number;
  branches: string[];
  dressCode: DressCodeName;
  details: string;
  shifts: ShiftPlan[];
  /** Upcoming shifts: share of positions already booked (slots stay open for the demo). */
  fill?: number;
  reason?: string;
  withBooker?: boolean;
  createdBy?: "pm" | "col";
}

export const LOAD_IN =
  "Meet the crew boss at the crew entrance 15 minutes before start. Bring gloves.";
export const BAR =
  "Bar briefing 30 minutes after start. Cash-free bars; card terminals are handed out at the briefing.";
export const NIGHT =
  "Night shift: the last metro leaves before the end; taxi home is reimbursed on receipt.";
