import * as schema from "@/db/schema";
import { ROLE, type RoleTitle } from "@/lib/domain/permissions";
import type { CompanyKey } from "../data/clients";
import { days, must, type World } from "./world";

interface ExtraUser {
  first: string;
  last: string;
  role: RoleTitle;
  branch?: string;
  company?: CompanyKey;
  status: "active" | "deactivated";
  archived?: boolean;
  skill?: string;
  ageDays: number;
}

/**
 * More office people for the user list (issue 10): staff in other branches, a deactivated
 * crew handler and client contact, and an archived freelancer who never shows in any list,
 * so every filter of /users has something to find.
 */
const EXTRA: ExtraUser[] = [
  {
    first: "Henrik",
    last: "Holm",
    role: ROLE.crewHandler,
    branch: "Aarhus",
    status: "active",
    ageDays: 410,
  },
  {
    first: "Oliver",
    last: "Berg",
    role: ROLE.projectManager,
    branch: "Oslo",
    status: "active",
    ageDays: 380,
  },
  {
    first: "Sofie",
    last: "Lind",
    role: ROLE.crewHandler,
    branch: "Stockholm",
    status: "deactivated",
    ageDays: 520,
  },
  {
    first: "Elin",
    last: "Svensson",
    role: ROLE.client,
    company: "svea",
    status: "deactivated",
    ageDays: 300,
  },
  {
    first: "Mads",
    last: "Arkiv",
    role: ROLE.worker,
    branch: "Copenhagen",
    status: "deactivated",
    archived: true,
    skill: "Stagehand",
    ageDays: 700,
  },
];

export async function seedUsersExtra(w: World): Promise<void> {
  for (const u of EXTRA) {
    const createdAt = new Date(w.now.getTime() - days(u.ageDays));
    const company = u.company ? must(w.companies, u.company, "company") : null;
    const [row] = await w.tx
      .insert(schema.users)
      .values({
        email: `${u.first}.${u.last}@crewdeck.test`.toLowerCase(),
        name: `${u.first} ${u.last}`,
        firstName: u.first,
        lastName: u.last,
        phone: `+45 40 ${String(10 + EXTRA.indexOf(u)).padStart(2, "0")} 77 00`,
        passwordHash: w.passwordHash,
        status: u.status,
        approved: true,
        companyId: company?.id ?? null,
        countryId: company?.country.id ?? null,
        createdAt,
        updatedAt: createdAt,
        deletedAt: u.archived ? new Date(w.now.getTime() - days(30)) : null,
      })
      .returning({ id: schema.users.id });
    await w.tx
      .insert(schema.userRoles)
      .values({ userId: row.id, roleId: must(w.roles, u.role, "role") });
    if (u.branch)
      await w.tx
        .insert(schema.userBranches)
        .values({ userId: row.id, branchId: must(w.branches, u.branch, "branch").id });
    if (u.skill)
      await w.tx
        .insert(schema.userSkills)
        .values({ userId: row.id, skillId: must(w.skills, u.skill, "skill"), experience: 2 });
  }
}
