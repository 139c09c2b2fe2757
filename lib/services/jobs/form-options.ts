import { sideBySide } from "@/db";
import { ROLE } from "@/lib/domain/permissions";
import { can, requirePermission, type Ctx } from "../context";
import {
  dressCodeOptions,
  frequentSkills,
  listBranches,
  listCompanies,
  listCountries,
  listSkills,
  pickUsers,
  preferredVenues,
} from "../reference";

/** Everything the job form offers, in one call for the create and edit pages. */
export async function jobFormOptions(ctx: Ctx) {
  requirePermission(ctx, "job_create", "job_edit");
  const [companies, countries, skills, dressCodes, branches, staff] = await sideBySide(
    ctx.db,
    () => listCompanies(ctx, { dropdown: true }),
    () => listCountries(ctx, {}),
    () => listSkills(ctx, {}),
    () => dressCodeOptions(ctx),
    () => listBranches(ctx),
    () =>
      pickUsers(ctx, {
        perPage: 100,
        filter: { roles: [ROLE.projectManager, ROLE.admin, ROLE.crewHandler] },
      }),
  );
  return {
    companies: companies.items,
    countries,
    skills,
    dressCodes,
    branches,
    staff: staff.items,
    canSelectBooker: can(ctx, "can_select_job_booker"),
  };
}

/** What the job form needs once a company is chosen: its venues, people and frequent skills. */
export async function jobFormCompanyOptions(ctx: Ctx, companyId: number) {
  requirePermission(ctx, "job_create", "job_edit");
  const [venues, contacts, frequent] = await sideBySide(
    ctx.db,
    () => preferredVenues(ctx, { company_id: companyId }),
    () => pickUsers(ctx, { perPage: 100, filter: { company_id: companyId } }),
    () => frequentSkills(ctx, { company_id: companyId }),
  );
  return { venues, contacts: contacts.items, frequentSkillIds: frequent.map((s) => s.id) };
}
