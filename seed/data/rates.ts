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

const roundTo = (country: OperationalIso, raw: number) => {
  const step = country === "DE" || country === "GB" ? 5 : 50;
  return Math.round(raw / step) * step;
};

/** An hourly worker rate, rounded to 50 øre/öre or 5 cents/pence. */
export function workerRate(country: OperationalIso, skill: SkillName, level: LevelName): number {
  return roundTo(country, WORKER_BASE_RATE[country] * SKILL_FACTOR[skill] * LEVEL_FACTOR[level]);
}

/**
 * Weekend and night pay on the worker cards, as factors of the standard pay: Nordic branches pay
 * a night supplement inside 22:00–06:00; German and British branches a weekend one only.
 */
export const WORKER_SUPPLEMENTS: Record<OperationalIso, { weekend: number; night: number | null }> =
  {
    DK: { weekend: 1.15, night: 1.25 },
    SE: { weekend: 1.15, night: 1.25 },
    NO: { weekend: 1.2, night: 1.3 },
    DE: { weekend: 1.1, night: null },
    GB: { weekend: 1.1, night: null },
  };

/** A worker card row's bands for a standard pay. */
export function workerBands(country: OperationalIso, amount: number) {
  const s = WORKER_SUPPLEMENTS[country];
  return {
    amount,
    weekendAmount: roundTo(country, amount * s.weekend),
    nightAmount: s.night === null ? null : roundTo(country, amount * s.night),
    nightStart: s.night === null ? null : "22:00",
    nightEnd: s.night === null ? null : "06:00",
  };
}

/**
 * A client price for a skill that a client's card does not list by hand: the experienced
 * worker's pay with the agency's markup, weekend and night on top (night 0 = no night band).
 */
export function derivedClientPrice(country: OperationalIso, skill: SkillName, nightBand: boolean) {
  const standard = roundTo(country, workerRate(country, skill, "Experienced") * 1.75);
  return {
    skill,
    standard,
    weekend: roundTo(country, standard * 1.18),
    night: nightBand ? roundTo(country, standard * 1.3) : 0,
  };
}

/** William Berg's personal forklift rate at Copenhagen (a custom per-user rate): 215.00 DKK. */
export const WILLIAM_FORKLIFT_RATE = 21500;

/**
 * The one skill with no worker rate in any branch: booking a freelancer as a driver answers
 * 410 missing_rates and offers "Book anyway" (the demo of that journey).
 */
export const UNRATED_SKILL: SkillName = "Driver";
