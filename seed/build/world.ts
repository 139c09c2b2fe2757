import type { DbOrTx } from "@/db/client";
import type { RoleTitle } from "@/lib/domain/permissions";
import { addDays, shiftInstants, toLocal } from "@/lib/domain/time";
import type { Rng } from "../random";
import type { CompanyKey } from "../data/clients";
import type { VenuePlan } from "../data/venues";
import type { JobPlan, JobStatus } from "../data/jobs";
import type { CountryIso, LevelName } from "../data/master";
import type { StaffPlan } from "../data/people";

export type StaffKey = StaffPlan["key"];

export interface CountryRow {
  id: number;
  iso: CountryIso;
  timeZone: string;
  currencyCode: string;
  restHours: number;
}

export interface WorkerRow {
  id: number;
  email: string;
  name: string;
  country: CountryIso;
  approved: boolean;
  active: boolean;
  createdAt: Date;
  branchIds: Set<number>;
  /** skill id → level id */
  skills: Map<number, number>;
}

export interface SlotRow {
  id: number;
  shiftId: number;
  skillId: number;
  positions: number;
}

export interface ShiftRow {
  id: number;
  jobId: number;
  startsAt: Date;
  endsAt: Date;
  slots: SlotRow[];
}

export interface JobRow {
  id: number;
  plan: JobPlan;
  status: JobStatus;
  companyId: number;
  country: CountryRow;
  branchIds: number[];
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  shifts: ShiftRow[];
}

export interface CompanyRow {
  id: number;
  key: CompanyKey;
  name: string;
  country: CountryRow;
  defaultBranchId: number;
  contactIds: number[];
}

export interface VenueRow extends VenuePlan {
  id: number;
}

/** Everything the seed steps share: the transaction, the clock, the dice, and the ids so far. */
export interface World {
  tx: DbOrTx;
  now: Date;
  rng: Rng;
  passwordHash: string;
  roles: Map<RoleTitle, number>;
  countries: Map<CountryIso, CountryRow>;
  branches: Map<string, { id: number; country: CountryIso }>;
  languages: Map<string, number>;
  levels: Map<LevelName, number>;
  dressCodes: Map<string, number>;
  skills: Map<string, number>;
  staff: Record<StaffKey, number>;
  workers: WorkerRow[];
  companies: Map<CompanyKey, CompanyRow>;
  venues: Map<string, VenueRow>;
  jobs: JobRow[];
}

export function jobByKey(w: Pick<World, "jobs">, key: string): JobRow {
  const j = w.jobs.find((x) => x.plan.key === key);
  if (!j) throw new Error(`Demo seed: unknown job ${key}`);
  return j;
}

export function must<K, V>(map: Map<K, V>, key: K, what: string): V {
  const v = map.get(key);
  if (v === undefined) throw new Error(`Demo seed: unknown ${what} "${String(key)}"`);
  return v;
}

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const minutes = (n: number) => n * MINUTE;
export const hours = (n: number) => n * HOUR;
export const days = (n: number) => n * DAY;

/** A time of the seeded history, never later than a few minutes before `now`. */
export const clampPast = (w: Pick<World, "now">, t: number) =>
  new Date(Math.min(t, w.now.getTime() - minutes(5)));

/** An instant rounded down to the whole minute (seed times look typed in, not measured). */
export const atMinute = (t: number) => new Date(Math.floor(t / MINUTE) * MINUTE);

/**
 * A random instant in [from, to], whole minutes; `to` before `from` gives `from`. Always
 * draws one number, so the rest of the sequence does not depend on the dates.
 */
export function between(rng: Rng, from: number, to: number): Date {
  const r = rng.next();
  return atMinute(to <= from ? from : from + r * (to - from));
}

const hm = (s: string) => {
  const [h, m] = s.split(":").map(Number);
  return { hour: h, minute: m };
};

/**
 * A planned shift's instants in the country's zone: local date = today + `dayOffset`, times
 * "HH:mm" (overnight ends the next day). "running" times make a shift that is under way at
 * `now` and looks planned: by day an eight-hour shift that began about three hours ago, in
 * the evening 20:00–04:00, at night 23:00–08:00 (from the evening before); later days of
 * the job repeat the same clock times.
 */
export function plannedInstants(
  now: Date,
  timeZone: string,
  dayOffset: number,
  start: string,
  end: string,
) {
  if (start === "running") {
    const local = toLocal(now, timeZone);
    let began: { year: number; month: number; day: number; hour: number; minute: number };
    let length = 8;
    if (local.hour >= 7 && local.hour < 21) {
      began = toLocal(
        new Date(Math.floor((now.getTime() - hours(3)) / (30 * MINUTE)) * 30 * MINUTE),
        timeZone,
      );
    } else if (local.hour >= 21) {
      began = { ...local, hour: 20, minute: 0 };
    } else {
      began = { ...addDays(local, -1), hour: 23, minute: 0 };
      length = 9;
    }
    const from = { hour: began.hour, minute: began.minute };
    return shiftInstants(
      addDays(began, dayOffset),
      from,
      { hour: (began.hour + length) % 24, minute: began.minute },
      timeZone,
    );
  }
  const today = toLocal(now, timeZone);
  return shiftInstants(addDays(today, dayOffset), hm(start), hm(end), timeZone);
}
