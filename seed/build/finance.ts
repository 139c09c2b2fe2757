import * as schema from "@/db/schema";
import {
  FJORD_CLIENT_RATES,
  NORDLYS_CLIENT_RATES,
  SPREEWERK_CLIENT_RATES,
  SVEA_CLIENT_RATES,
  THAMES_CLIENT_RATES,
  type ClientRatePlan,
} from "../data/client-rates";
import type { CompanyKey } from "../data/clients";
import {
  BRANCHES,
  EQUIPMENT_CATEGORIES,
  LEVELS,
  SKILL_TREE,
  type OperationalIso,
  type SkillName,
} from "../data/master";
import {
  derivedClientPrice,
  UNRATED_SKILL,
  WILLIAM_FORKLIFT_RATE,
  workerBands,
  workerRate,
} from "../data/rates";
import { copyCardsToJob } from "@/lib/services/rates/job-copy";
import { days, hours, jobByKey, must, type World } from "./world";

const SUB_SKILLS: SkillName[] = SKILL_TREE.flatMap((p) => p.children.map((c) => c.name));

/**
 * Skills Nordlys buys elsewhere (its security firm and stewards come with the venue), so its
 * card leaves them out: the demo of "No client rate for …" in estimates and the projection.
 */
const NORDLYS_UNPRICED: SkillName[] = ["Security", "Steward"];

/** A client's card: its hand-set prices, and a derived price for every other sub-skill. */
function fullCard(
  country: OperationalIso,
  plans: ClientRatePlan[],
  nightBand: boolean,
  unpriced: SkillName[] = [],
) {
  const set = new Set(plans.map((p) => p.skill));
  return [
    ...plans,
    ...SUB_SKILLS.filter((s) => !set.has(s) && !unpriced.includes(s)).map((s) =>
      derivedClientPrice(country, s, nightBand),
    ),
  ];
}
/** Every sub-skill but one has worker rates, so booking a driver shows "missing rates". */
const RATED_SKILLS = SUB_SKILLS.filter((s) => s !== UNRATED_SKILL);

/**
 * Worker rates per branch, skill and level, plus an any-level row (none for UNRATED_SKILL); one custom rate for
 * William; client rate cards for each demo client at its default branch; two presets.
 */
export async function seedRates(w: World): Promise<void> {
  const { tx, now } = w;
  const createdAt = new Date(now.getTime() - days(200));
  const rows: (typeof schema.workerRates.$inferInsert)[] = [];
  for (const b of BRANCHES) {
    const country = must(w.countries, b.country, "country");
    for (const skill of RATED_SKILLS) {
      for (const level of LEVELS) {
        rows.push({
          skillId: must(w.skills, skill, "skill"),
          levelId: must(w.levels, level.name, "level"),
          branchId: must(w.branches, b.name, "branch").id,
          countryId: country.id,
          currencyCode: country.currencyCode,
          ...workerBands(b.country, workerRate(b.country, skill, level.name)),
          createdAt,
        });
      }
      // The card's "any level" row: what a worker whose level is not set yet (a newcomer from
      // sign-up) earns, at the junior rate, so that booking them asks nothing.
      rows.push({
        skillId: must(w.skills, skill, "skill"),
        branchId: must(w.branches, b.name, "branch").id,
        countryId: country.id,
        currencyCode: country.currencyCode,
        ...workerBands(b.country, workerRate(b.country, skill, "Junior")),
        createdAt,
      });
    }
  }
  rows.push({
    skillId: must(w.skills, "Forklift driver", "skill"),
    branchId: must(w.branches, "Copenhagen", "branch").id,
    countryId: must(w.countries, "DK", "country").id,
    userId: w.staff.worker,
    currencyCode: "DKK",
    amount: WILLIAM_FORKLIFT_RATE,
    createdAt: new Date(now.getTime() - days(60)),
  });
  // The driver on a job that has already run was agreed for that job (a job worker rate):
  // booking a driver onto an upcoming job still shows "missing rates", while the approved
  // hours of past months are priced, so the demo's salary run of last month starts whatever
  // today's date (salary/all refuses unpriced hours with 410).
  for (const job of w.jobs) {
    if (job.startsAt >= now) continue;
    if (!job.plan.shifts.some((sh) => sh.slots.some(([skill]) => skill === UNRATED_SKILL)))
      continue;
    const iso = job.country.iso as OperationalIso;
    rows.push({
      skillId: must(w.skills, UNRATED_SKILL, "skill"),
      jobId: job.id,
      currencyCode: job.country.currencyCode,
      ...workerBands(iso, workerRate(iso, UNRATED_SKILL, "Experienced")),
      createdAt: job.createdAt,
    });
  }
  await tx.insert(schema.workerRates).values(rows);

  const clientRates = (
    company: CompanyKey,
    branch: string,
    country: OperationalIso,
    plans: ClientRatePlan[],
    nightWindow = true,
  ) => {
    const c = must(w.companies, company, "company");
    return plans.map((r) => ({
      companyId: c.id,
      branchId: must(w.branches, branch, "branch").id,
      skillId: must(w.skills, r.skill, "skill"),
      currencyCode: c.country.currencyCode,
      standardPrice: r.standard,
      weekendPrice: r.weekend,
      nightPrice: nightWindow ? r.night : null,
      nightStart: nightWindow ? "22:00" : null,
      nightEnd: nightWindow ? "06:00" : null,
      rateWorker: workerRate(country, r.skill, "Experienced"),
      createdAt,
    }));
  };
  await tx
    .insert(schema.clientRates)
    .values([
      ...clientRates(
        "nordlys",
        "Copenhagen",
        "DK",
        fullCard("DK", NORDLYS_CLIENT_RATES, true, NORDLYS_UNPRICED),
      ),
      ...clientRates("svea", "Stockholm", "SE", fullCard("SE", SVEA_CLIENT_RATES, true)),
      ...clientRates("fjord", "Oslo", "NO", fullCard("NO", FJORD_CLIENT_RATES, true)),
      ...clientRates(
        "spreewerk",
        "Berlin",
        "DE",
        fullCard("DE", SPREEWERK_CLIENT_RATES, false),
        false,
      ),
      ...clientRates("thames", "London", "GB", fullCard("GB", THAMES_CLIENT_RATES, false), false),
    ]);

  // Presets hold the rows as the card grid sends them (lib/services/rates/presets.ts).
  const preset = (
    name: string,
    company: CompanyKey,
    branch: string,
    currency: string,
    plans: ClientRatePlan[],
    country: OperationalIso,
  ) => ({
    name,
    companyId: must(w.companies, company, "company").id,
    branchId: must(w.branches, branch, "branch").id,
    createdById: w.staff.pm,
    createdAt: new Date(now.getTime() - days(30)),
    jsonData: {
      currency_code: currency,
      rates: plans.map((r) => ({
        skill_id: must(w.skills, r.skill, "skill"),
        level_id: null,
        standard_price: r.standard,
        weekend_price: r.weekend,
        night_price: r.night,
        night_start: "22:00",
        night_end: "06:00",
        rate_worker: workerRate(country, r.skill, "Experienced"),
      })),
    },
  });
  await tx
    .insert(schema.ratePresets)
    .values([
      preset("Danish festival crew", "nordlys", "Copenhagen", "DKK", NORDLYS_CLIENT_RATES, "DK"),
      preset("Swedish arena standard", "svea", "Stockholm", "SEK", SVEA_CLIENT_RATES, "SE"),
    ]);
  await copyRatesOntoJobs(w);
}

/** Each demo job gets its own rates copied from the cards, dated when the job was created. */
async function copyRatesOntoJobs(w: World): Promise<void> {
  for (const job of w.jobs) await copyCardsToJob(w.tx, job.id, job.createdAt);
}

/** Extra costs on a few jobs (crew van, equipment hire, catering …). */
export async function seedCostsAndQuote(w: World): Promise<void> {
  const { tx, now } = w;
  const job = (key: string) => jobByKey(w, key);
  const kinds = new Map(
    (
      await tx
        .select({ id: schema.equipmentCategories.id, name: schema.equipmentCategories.name })
        .from(schema.equipmentCategories)
    ).map((e) => [e.name, e.id]),
  );
  const cost = (
    key: string,
    category: "travel" | "equipment" | "food" | "other",
    description: string,
    quantity: number,
    unitAmount: number,
    equipment?: (typeof EQUIPMENT_CATEGORIES)[number]["name"],
  ) => {
    const j = job(key);
    const createdAt = new Date(Math.min(now.getTime() - hours(1), j.createdAt.getTime() + days(2)));
    return {
      jobId: j.id,
      category,
      equipmentCategoryId: equipment ? must(kinds, equipment, "equipment category") : null,
      description,
      quantity,
      unitAmount,
      currencyCode: j.country.currencyCode,
      createdById: w.staff.pm,
      createdAt,
      updatedAt: createdAt,
    };
  };
  await tx
    .insert(schema.additionalCosts)
    .values([
      cost("dk-tech-summit", "travel", "Crew van hire (Sprinter, 3 days)", 1, 450000),
      cost("dk-tech-summit", "travel", "Parking permits at Royal Arena", 8, 12000),
      cost("dk-tech-summit", "equipment", "Chain hoists, 1 t (3 days)", 4, 95000, "Rigging"),
      cost("dk-tech-summit", "food", "Catering for the load-in crew", 24, 9500),
      cost("dk-gala", "travel", "Taxi home for night crew", 6, 25000),
      cost("dk-gala", "food", "Crew dinner before doors", 18, 12500),
      cost("dk-conference", "equipment", "Extra forklift rental (1 day)", 1, 180000, "Trucks"),
      cost("dk-conference", "other", "Hi-vis vests for the venue crew", 12, 4500),
      cost("gb-tech-expo", "food", "Crew hot meal (night shift)", 10, 1000),
      cost("gb-tech-expo", "equipment", "Radio hire (12 handsets, 2 days)", 12, 1500, "Audio"),
    ]);
}
