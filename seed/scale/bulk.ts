import type { ScaleContext } from "./context";
import { SqlRandom, intArray, lit } from "./random-sql";

/** Sizes of the bulk at a factor (1 = full scale). */
export interface ScaleSizes {
  workers: number;
  clients: number;
  jobs: number;
}

export const FULL: ScaleSizes = { workers: 25_000, clients: 500, jobs: 50_000 };
export const SHIFTS_PER_JOB = 4;
export const APPS_PER_SHIFT = 5;
export const CONTACTS_PER_CLIENT = 2;
export const VENUES_PER_CLIENT = 2;
export const RATES_PER_CLIENT = 4;
/** Jobs fall on days from about 33 months ago to 3 months ahead. */
export const DAYS = 3 * 365;
export const AHEAD_DAYS = 92;

export function sizesAt(factor: number): ScaleSizes {
  return {
    workers: Math.max(10, Math.round(FULL.workers * factor)),
    clients: Math.max(2, Math.round(FULL.clients * factor)),
    jobs: Math.max(8, Math.round(FULL.jobs * factor)),
  };
}

/** The first id of each bulk table's rows (the demo's highest id), read before the bulk. */
export interface Bases {
  users: number;
  companies: number;
  venues: number;
  jobs: number;
  shifts: number;
  slots: number;
  applications: number;
  hours: number;
  documents: number;
  clientRates: number;
  salaryRuns: number;
  salaryLines: number;
  quotes: number;
  quoteLines: number;
  chats: number;
  messages: number;
  activity: number;
}

export const BASE_TABLES: Record<keyof Bases, string> = {
  users: "users",
  companies: "companies",
  venues: "venues",
  jobs: "jobs",
  shifts: "shifts",
  slots: "shift_slots",
  applications: "applications",
  hours: "reported_hours",
  documents: "documents",
  clientRates: "client_rates",
  salaryRuns: "salary_runs",
  salaryLines: "salary_lines",
  quotes: "quotes",
  quoteLines: "quote_lines",
  chats: "chats",
  messages: "chat_messages",
  activity: "activity_log",
};

/** Adds one labelled statement to the bulk. */
export type Add = (label: string, text: string) => void;

/**
 * What the areas' statements share: the sizes, the id bases, and SQL expressions of the seed,
 * of now and of a row number, recomputed wherever a later statement needs them.
 */
export interface BulkEnv {
  ctx: ScaleContext;
  b: Bases;
  opts: { seed: number; now: Date; passwordHash: string };
  R: SqlRandom;
  NOW: string;
  TODAY: string;
  W: number;
  C: number;
  J: number;
  NB: number;
  NS: number;
  SKILLS: string;
  FACTORS: string;
  LEVELS: string;
  pm: number;
  handler: number;
  contactBase: number;
  jobHour: (j: string) => string;
  jobSkill: (j: string) => string;
  /**
   * Worker pools by skill: worker number n (1…W) has skill index (n - 1) % NS first, so the
   * workers whose first skill is `si` are numbered si + 1, si + 1 + NS, … — a pool the
   * applications draw from by position, with no table to look it up in.
   */
  primarySkill: (n: string) => string;
  poolSize: (si: string) => string;
  /** The user id of the `i`-th (from 0) worker whose first skill is `si`. */
  workerOfSkill: (si: string, i: string) => string;
}

export function bulkEnv(
  ctx: ScaleContext,
  sizes: ScaleSizes,
  b: Bases,
  opts: { seed: number; now: Date; passwordHash: string },
): BulkEnv {
  const R = new SqlRandom(opts.seed);
  const NOW = `${lit(opts.now.toISOString())}::timestamptz`;
  const NS = ctx.skills.length;
  const W = sizes.workers;
  return {
    ctx,
    b,
    opts,
    R,
    NOW,
    TODAY: `(${NOW} at time zone 'UTC')::date`,
    W,
    C: sizes.clients,
    J: sizes.jobs,
    NB: ctx.branches,
    NS,
    SKILLS: intArray(ctx.skills),
    FACTORS: intArray(ctx.skillFactors),
    LEVELS: intArray(ctx.levels),
    pm: ctx.staff.pm,
    handler: ctx.staff.handler,
    contactBase: b.users + sizes.workers,
    jobHour: (j) => `(6 + ${R.pick(53, j, 4)})`,
    jobSkill: (j) => R.pick(55, j, NS),
    primarySkill: (n) => `((${n} - 1) % ${NS})`,
    poolSize: (si) => `((${W - 1} - (${si})) / ${NS} + 1)`,
    workerOfSkill: (si, i) => `(${b.users} + 1 + (${si}) + (${i}) * ${NS})`,
  };
}
