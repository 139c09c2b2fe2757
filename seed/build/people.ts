import { eq } from "drizzle-orm";
import * as schema from "@/db/schema";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import { COMPANIES } from "../data/clients";
import { JOBS } from "../data/jobs";
import {
  BRANCHES,
  COUNTRIES,
  type LevelName,
  type OperationalIso,
  type SkillName,
} from "../data/master";
import {
  APPLICANT_INDEX,
  DEACTIVATED,
  HOME_STREETS,
  REFERRED_DK_INDEX,
  STAFF,
  WORKER_NAMES,
  workerEmail,
} from "../data/people";
import { coverDemand } from "./coverage";
import { paymentFor } from "./payment";
import { days, hours, minutes, must, type StaffKey, type WorkerRow, type World } from "./world";

type UserInsert = typeof schema.users.$inferInsert;

interface PersonPlan {
  user: UserInsert;
  role: RoleTitle;
  branches: string[];
  languages: string[];
  skills: [SkillName, LevelName, number][];
  staffKey?: StaffKey;
  companyKey?: string;
  worker?: { country: OperationalIso; approved: boolean; active: boolean };
  payment: boolean;
}

const LEVEL_WEIGHTS: [LevelName, number][] = [
  ["Junior", 25],
  ["Experienced", 40],
  ["Senior", 25],
  ["Lead", 10],
];
const YEARS: Record<LevelName, [number, number]> = {
  Junior: [0, 1],
  Experienced: [2, 4],
  Senior: [5, 9],
  Lead: [8, 15],
};

/** How many positions of each skill the country's jobs ask for: freelancers' skills follow demand. */
function skillDemand(): Map<OperationalIso, [SkillName, number][]> {
  const companyCountry = new Map(COMPANIES.map((c) => [c.key, c.country]));
  const demand = new Map<OperationalIso, Map<SkillName, number>>();
  for (const job of JOBS) {
    const country = companyCountry.get(job.company)!;
    const m = demand.get(country) ?? new Map<SkillName, number>();
    for (const s of job.shifts)
      for (const [skill, n] of s.slots) m.set(skill, (m.get(skill) ?? 0) + n);
    demand.set(country, m);
  }
  return new Map([...demand].map(([c, m]) => [c, [...m]]));
}

function phone(w: World, country: OperationalIso): string {
  const { rng } = w;
  switch (country) {
    case "DK":
      return `+45 ${rng.pick(["2", "3", "4", "5", "6"])}${rng.digits(1)} ${rng.digits(2)} ${rng.digits(2)} ${rng.digits(2)}`;
    case "SE":
      return `+46 7${rng.pick(["0", "2", "3", "6"])} ${rng.digits(3)} ${rng.digits(2)} ${rng.digits(2)}`;
    case "NO":
      return `+47 ${rng.pick(["4", "9"])}${rng.digits(2)} ${rng.digits(2)} ${rng.digits(3)}`;
    case "DE":
      return `+49 15${rng.pick(["1", "2", "7"])} ${rng.digits(4)} ${rng.digits(4)}`;
    case "GB":
      // Ofcom's range reserved for drama: never a real number.
      return `+44 7700 900${rng.digits(3)}`;
  }
}

function workerPlans(w: World): PersonPlan[] {
  const { rng, now } = w;
  const demand = skillDemand();
  const plans: PersonPlan[] = [];
  const deactivated = new Set(DEACTIVATED.map(([c, i]) => `${c}:${i}`));
  for (const [country, names] of Object.entries(WORKER_NAMES) as [
    OperationalIso,
    [string, string, string[]?][],
  ][]) {
    const info = COUNTRIES.find((c) => c.isoCode === country)!;
    const countryBranches = BRANCHES.filter((b) => b.country === country);
    const main = countryBranches.find((b) => b.main)!.name;
    const other = countryBranches.find((b) => !b.main)!.name;
    names.forEach(([first, last, extraLanguages = []], i) => {
      const applicant = APPLICANT_INDEX[country] === i;
      const active = !deactivated.has(`${country}:${i}`);
      // Half at the main branch only, a quarter at the second branch, a quarter at both.
      const branches = i % 4 === 0 ? [main, other] : i % 4 === 1 ? [other] : [main];
      const [street, zip, city] = rng.pick(HOME_STREETS[branches[0]]);
      const createdAt = applicant
        ? new Date(now.getTime() - days(rng.int(1, 9)) - hours(rng.int(0, 20)))
        : country === "DK" && i === REFERRED_DK_INDEX
          ? new Date(now.getTime() - days(58))
          : new Date(now.getTime() - days(rng.int(120, 900)));
      const skillCount = rng.weighted<number>([
        [1, 35],
        [2, 45],
        [3, 20],
      ]);
      const skills: [SkillName, LevelName, number][] = [];
      const pool = [...demand.get(country)!];
      while (skills.length < skillCount && pool.length) {
        const skill = rng.weighted(pool);
        pool.splice(
          pool.findIndex(([s]) => s === skill),
          1,
        );
        const level = rng.weighted(LEVEL_WEIGHTS);
        skills.push([skill, level, rng.int(...YEARS[level])]);
      }
      const languages = [
        ...new Set([info.language, ...(rng.chance(0.9) ? ["English"] : []), ...extraLanguages]),
      ];
      const year = now.getUTCFullYear() - rng.int(19, 46);
      plans.push({
        user: {
          email: workerEmail(first, last),
          name: `${first} ${last}`,
          firstName: first,
          lastName: last,
          phone: phone(w, country),
          passwordHash: w.passwordHash,
          status: active ? "active" : "deactivated",
          approved: !applicant,
          countryId: w.countries.get(country)!.id,
          address: `${street} ${rng.int(1, 120)}`,
          city,
          zip,
          birthDate: `${year}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
          nationality: extraLanguages.includes("Polish")
            ? "Polish"
            : extraLanguages.includes("Spanish") && first === "Lucía"
              ? "Spanish"
              : info.nationality,
          issuesInvoice: rng.chance(0.1),
          emailVerifiedAt: new Date(createdAt.getTime() + minutes(12)),
          lastLoginAt:
            applicant || !active ? null : new Date(now.getTime() - hours(rng.int(2, 24 * 20))),
          createdAt,
        },
        role: ROLE.worker,
        branches,
        languages,
        skills,
        worker: { country, approved: !applicant, active },
        payment: !applicant && rng.chance(0.7),
      });
    });
  }
  coverDemand(
    rng,
    plans.map((p) => ({
      branches: p.branches,
      skills: p.skills,
      bookable: p.worker!.approved && p.worker!.active,
    })),
    () => {
      const level = rng.weighted(LEVEL_WEIGHTS);
      return [level, rng.int(...YEARS[level])];
    },
  );
  return plans;
}

function staffPlans(w: World): PersonPlan[] {
  const { now } = w;
  return STAFF.map((s) => {
    const createdAt = new Date(now.getTime() - days(s.key === "worker" ? 420 : 900));
    const isWorker = s.key === "worker";
    return {
      user: {
        email: s.email,
        name: `${s.firstName} ${s.lastName}`,
        firstName: s.firstName,
        lastName: s.lastName,
        phone: s.phone,
        passwordHash: w.passwordHash,
        status: "active",
        approved: true,
        countryId: w.countries.get(s.country)!.id,
        companyId: s.company ? must(w.companies, s.company, "company").id : null,
        address: isWorker ? "Sønder Boulevard 88, 3. tv." : null,
        city: isWorker ? "København V" : null,
        zip: isWorker ? "1720" : null,
        birthDate: isWorker ? "1996-04-18" : null,
        nationality: isWorker ? "Danish" : null,
        emailVerifiedAt: new Date(createdAt.getTime() + minutes(5)),
        lastLoginAt: new Date(now.getTime() - hours(isWorker ? 20 : 2)),
        createdAt,
      },
      role: s.role,
      branches: s.branches,
      languages: isWorker ? ["Danish", "English"] : [],
      skills: isWorker
        ? [
            ["Stagehand", "Experienced", 3],
            ["Forklift driver", "Senior", 5],
          ]
        : [],
      staffKey: s.key,
      worker: isWorker ? { country: "DK", approved: true, active: true } : undefined,
      payment: isWorker,
    };
  });
}

/** Client contacts other than col@crewdeck.test (that one is a demo account). */
function contactPlans(w: World): PersonPlan[] {
  return COMPANIES.flatMap((c) =>
    c.contacts
      .filter((p) => !p.staffKey)
      .map((p) => {
        const createdAt = new Date(w.now.getTime() - days(w.rng.int(200, 700)));
        return {
          user: {
            email: p.email,
            name: `${p.firstName} ${p.lastName}`,
            firstName: p.firstName,
            lastName: p.lastName,
            phone: p.phone,
            passwordHash: w.passwordHash,
            status: "active" as const,
            approved: true,
            companyId: must(w.companies, c.key, "company").id,
            countryId: w.countries.get(c.country)!.id,
            emailVerifiedAt: createdAt,
            createdAt,
          },
          role: ROLE.client,
          branches: [],
          languages: [],
          skills: [],
          companyKey: c.key,
          payment: false,
        };
      }),
  );
}

/** All users in one insert, then their roles, branches, languages, skills and payment details. */
export async function seedPeople(w: World): Promise<void> {
  const { tx } = w;
  const plans = [...staffPlans(w), ...contactPlans(w), ...workerPlans(w)];
  const taken = await tx.select({ email: schema.users.email }).from(schema.users);
  const clash = taken.map((t) => t.email).filter((e) => plans.some((p) => p.user.email === e));
  if (clash.length)
    throw new Error(`Demo seed: these e-mail addresses are already in use: ${clash.join(", ")}`);

  const rows = await tx
    .insert(schema.users)
    .values(plans.map((p) => p.user))
    .returning({ id: schema.users.id, email: schema.users.email });
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  const withIds = plans.map((p) => ({ ...p, id: idOf.get(p.user.email)! }));

  const staff: Partial<Record<StaffKey, number>> = {};
  for (const p of withIds) if (p.staffKey) staff[p.staffKey] = p.id;
  w.staff = staff as Record<StaffKey, number>;

  await tx
    .insert(schema.userRoles)
    .values(withIds.map((p) => ({ userId: p.id, roleId: must(w.roles, p.role, "role") })));
  const branchRows = withIds.flatMap((p) =>
    p.branches.map((b) => ({ userId: p.id, branchId: must(w.branches, b, "branch").id })),
  );
  await tx.insert(schema.userBranches).values(branchRows);
  const languageRows = withIds.flatMap((p) =>
    p.languages.map((l) => ({ userId: p.id, languageId: must(w.languages, l, "language") })),
  );
  await tx.insert(schema.userLanguages).values(languageRows);
  const skillRows = withIds.flatMap((p) =>
    p.skills.map(([skill, level, years]) => ({
      userId: p.id,
      skillId: must(w.skills, skill, "skill"),
      levelId: must(w.levels, level, "level"),
      experience: years,
      createdAt: p.user.createdAt,
    })),
  );
  await tx.insert(schema.userSkills).values(skillRows);
  await tx
    .insert(schema.paymentSettings)
    .values(
      withIds
        .filter((p) => p.payment && p.worker)
        .map((p) =>
          paymentFor(
            w.rng,
            p.id,
            p.worker!.country,
            p.user.birthDate ?? "1990-01-01",
            p.user.lastName ?? "",
            p.user.issuesInvoice ?? false,
          ),
        ),
    );

  // The referral: William invited this friend, who signed up (the invitation row is in extras).
  const referred = WORKER_NAMES.DK[REFERRED_DK_INDEX];
  await tx
    .update(schema.users)
    .set({ invitedById: w.staff.worker })
    .where(eq(schema.users.id, idOf.get(workerEmail(referred[0], referred[1]))!));

  w.workers = withIds
    .filter((p) => p.worker)
    .map((p): WorkerRow => ({
      id: p.id,
      email: p.user.email,
      name: p.user.name,
      country: p.worker!.country,
      approved: p.worker!.approved,
      active: p.worker!.active,
      createdAt: p.user.createdAt!,
      branchIds: new Set(p.branches.map((b) => must(w.branches, b, "branch").id)),
      skills: new Map(
        p.skills.map(([s, l]) => [must(w.skills, s, "skill"), must(w.levels, l, "level")]),
      ),
    }));
}
