import type { SkillName } from "./master";

/** The hand-set client prices of the demo cards (the rest derive from worker pay, finance.ts). */
export interface ClientRatePlan {
  skill: SkillName;
  standard: number;
  weekend: number;
  night: number;
}

/** Client rates of Nordlys Events at the Copenhagen branch, per hour in øre (DKK minor units). */
export const NORDLYS_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 32500, weekend: 38500, night: 42500 },
  { skill: "Rigger", standard: 45000, weekend: 52500, night: 57500 },
  { skill: "Forklift driver", standard: 39500, weekend: 46000, night: 51000 },
  { skill: "Truck loader", standard: 33500, weekend: 39500, night: 43500 },
  { skill: "Light technician", standard: 52000, weekend: 60000, night: 66000 },
  { skill: "Sound technician", standard: 52000, weekend: 60000, night: 66000 },
  { skill: "Bartender", standard: 34500, weekend: 40500, night: 44500 },
];

/** Client rates of Svea Arena AB at the Stockholm branch, per hour in öre. */
export const SVEA_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 42000, weekend: 50000, night: 55000 },
  { skill: "Rigger", standard: 58000, weekend: 68000, night: 74000 },
  { skill: "Security", standard: 46000, weekend: 54000, night: 59000 },
];

/** Client rates of Fjord Live AS at the Oslo branch, per hour in øre (NOK minor units). */
export const FJORD_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 49500, weekend: 59000, night: 64500 },
  { skill: "Rigger", standard: 68000, weekend: 79500, night: 86000 },
  { skill: "Sound technician", standard: 76000, weekend: 88000, night: 95000 },
  { skill: "Driver", standard: 52000, weekend: 61000, night: 66000 },
];

/**
 * Client rates of Spreewerk at the Berlin branch, per hour in cents (EUR). Spreewerk pays no
 * night premium: the card has no night price and no night window.
 */
export const SPREEWERK_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 3450, weekend: 4100, night: 0 },
  { skill: "Forklift driver", standard: 3990, weekend: 4650, night: 0 },
  { skill: "Security", standard: 3700, weekend: 4350, night: 0 },
];

/** Client rates of Thames Exhibitions at the London branch, per hour in pence (GBP). */
export const THAMES_CLIENT_RATES: ClientRatePlan[] = [
  { skill: "Stagehand", standard: 2850, weekend: 3400, night: 0 },
  { skill: "Rigger", standard: 3900, weekend: 4600, night: 0 },
  { skill: "Light technician", standard: 4250, weekend: 4950, night: 0 },
];
