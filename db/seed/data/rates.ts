import type { LevelName, OperationalIso, SkillName } from "./master";

/** A stagehand's (junior) hourly pay per country, in minor units of the country's currency. */
export const WORKER_BASE_RATE: Record<OperationalIso, number> = {
  DK: 17500, // 175.00 DKK
  SE: 16000, // 160.00 SEK
  NO: 21000, // 210.00 NOK
  DE: 1550, // 15.50 EUR
  GB: 1300, // 13.00 GBP
};

export const SKILL_FACTOR: Record<SkillName, number> = {
  Stagehand: 1,
  Rigger: 1.4,
  "Forklift driver": 1.2,
  "Truck loader": 1.05,
  "Sound technician": 1.55,
  "Light technician": 1.55,
  "Video technician": 1.6,
  Bartender: 1.05,
  Waiter: 1,
  Chef: 1.45,
  "Kitchen assistant": 0.95,
  Security: 1.15,
  Steward: 0.95,
  Runner: 0.9,
  Driver: 1.1,
};

export const LEVEL_FACTOR: Record<LevelName, number> = {
  Junior: 1,
  Experienced: 1.1,
  Senior: 1.2,
  Lead: 1.35,
};

/** An hourly worker rate, rounded to 50 øre/öre or 5 cents/pence. */
export function workerRate(country: OperationalIso, skill: SkillName, level: LevelName): number {
  const raw = WORKER_BASE_RATE[country] * SKILL_FACTOR[skill] * LEVEL_FACTOR[level];
  const step = country === "DE" || country === "GB" ? 5 : 50;
  return Math.round(raw / step) * step;
}

/** William Berg's personal forklift rate at Copenhagen (a custom per-user rate): 215.00 DKK. */
export const WILLIAM_FORKLIFT_RATE = 21500;

/**
 * The one skill with no worker rate in any branch: booking a freelancer as a driver answers
 * 410 missing_rates and offers "Book anyway" (the demo of that journey).
 */
export const UNRATED_SKILL: SkillName = "Driver";
