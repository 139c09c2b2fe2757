import { asc, eq } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import type { Ctx, UserActor } from "../context";
import { companyReader, loadCompany, type CompanyRow } from "./access";
import { managersOf } from "./list";

export interface CompanyFileView {
  id: number;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: string;
}

/** GET companies/{id} (spec §3 Company, with names for the screen and what the viewer may do). */
export interface CompanyView {
  id: number;
  name: string;
  taxid: string | null;
  countryid: number;
  country: { id: number; name: string; iso_code: string; time_zone: string };
  default_branch: { id: number; name: string } | null;
  key_account_managers: { id: number; name: string }[];
  address: string | null;
  city: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  type_of_work: string | null;
  safety_requirements: string | null;
  water_policy: string | null;
  dresscode: string | null;
  food_policy: string | null;
  value_workers: string | null;
  uploaded_files: CompanyFileView[];
  created_at: string;
  updated_at: string;
  can: { edit: boolean; delete: boolean; rates: boolean; venues: boolean };
}

export function companyRights(actor: UserActor) {
  const staff = !actor.isClient;
  return {
    edit: staff && actor.permissions.has("company_edit"),
    delete: staff && actor.permissions.has("company_edit"),
    rates: staff && actor.permissions.has("rate_access"),
    venues: actor.permissions.has("venue_access"),
  };
}

export async function toCompanyView(
  db: DbOrTx,
  actor: UserActor,
  c: CompanyRow,
): Promise<CompanyView> {
  const [[country], branch, managers, files] = await sideBySide(
    db,
    () =>
      db
        .select({
          id: schema.countries.id,
          name: schema.countries.name,
          iso_code: schema.countries.isoCode,
          time_zone: schema.countries.timeZone,
        })
        .from(schema.countries)
        .where(eq(schema.countries.id, c.countryId)),
    async () =>
      c.defaultBranchId
        ? db
            .select({ id: schema.branches.id, name: schema.branches.name })
            .from(schema.branches)
            .where(eq(schema.branches.id, c.defaultBranchId))
            .then((r) => r[0] ?? null)
        : null,
    () => managersOf(db, [c.id]),
    () =>
      db
        .select()
        .from(schema.companyFiles)
        .where(eq(schema.companyFiles.companyId, c.id))
        .orderBy(asc(schema.companyFiles.fileName), asc(schema.companyFiles.id)),
  );
  return {
    id: c.id,
    name: c.name,
    taxid: c.taxId,
    countryid: c.countryId,
    country,
    default_branch: branch,
    key_account_managers: managers.get(c.id) ?? [],
    address: c.address,
    city: c.city,
    zip: c.zip,
    phone: c.phone,
    email: c.email,
    type_of_work: c.typeOfWork,
    safety_requirements: c.safetyRequirements,
    water_policy: c.waterPolicy,
    dresscode: c.dressCode,
    food_policy: c.foodPolicy,
    value_workers: c.valueWorkers,
    uploaded_files: files.map((f) => ({
      id: f.id,
      file_name: f.fileName,
      mime_type: f.mimeType,
      size_bytes: f.sizeBytes,
      created_at: f.createdAt.toISOString(),
    })),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    can: companyRights(actor),
  };
}

/** GET companies/{id} [company_access, or the user's own company]; 404 outside the scope. */
export async function getCompany(ctx: Ctx, rawId: unknown): Promise<CompanyView> {
  const actor = companyReader(ctx);
  const company = await loadCompany(ctx.db, actor, rawId);
  return toCompanyView(ctx.db, actor, company);
}
