import { asc, eq, inArray } from "drizzle-orm";
import { schema, type DbOrTx, sideBySide } from "@/db";
import { resolveNotificationPrefs } from "@/lib/domain/notification-prefs";
import { maskIban, maskValue } from "@/lib/domain/payment-details";
import {
  canEditProfile,
  canEditRoles,
  canViewTab,
  visibleTabs,
  type ProfileTab,
} from "@/lib/domain/profile-tabs";
import type { Ctx } from "../context";
import { NotFoundError } from "../errors";
import { profileAccess, USER_NOT_FOUND } from "./access";
import { manageVerdict } from "./manage";
import { pendingEmailChange } from "../account/email-change";

type Named = { id: number; name: string };

export interface MaskedPayment {
  has_danish_bank: boolean;
  iban: string | null;
  swift: string | null;
  reg: string | null;
  konto: string | null;
  has_tax_id: boolean;
  tax_id: string | null;
}

export interface ProfileView {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  /** yyyy-mm-dd */
  birth_date: string | null;
  nationality: string | null;
  country: Named | null;
  languages: Named[];
  branches: Named[];
  roles: { id: number; title: string }[];
  status: "active" | "deactivated";
  approved: boolean;
  company: Named | null;
  avatar_url: string | null;
  notification_prefs: Record<string, boolean>;
  preferred_branches: Named[];
  preferred_venues: Named[];
  issues_invoice: boolean;
  /** Masked (last digits only); null when the viewer may not see the user's payment. */
  payment_settings: MaskedPayment | null;
  is_worker: boolean;
  is_client_contact: boolean;
  /** The viewer's own profile. */
  is_self: boolean;
  /** The tabs the viewer may open, in order. */
  tabs: ProfileTab[];
  /**
   * A new address waiting for its owner to confirm it (the account signs in with `email`
   * until then); shown to the user and to those who may change its profile.
   */
  pending_email: { email: string; requested_at: string } | null;
  /** Two-factor login is on; shown to the office that may turn it off (else null). */
  two_factor_enabled: boolean | null;
  /**
   * change_status: (de)activate or delete the account, the same people as may change its
   * roles. `refusal`: why the viewer may not manage this account (lib/domain/manage.ts), for
   * the screens to show beside what they disable; null when it may.
   */
  can: { edit: boolean; edit_roles: boolean; change_status: boolean; refusal: string | null };
}

/** The URL of a user's picture: the authorized route, versioned by the stored key. */
export function avatarUrl(userId: number, key: string | null): string | null {
  if (!key) return null;
  const version = key.slice(key.lastIndexOf("/") + 1, key.lastIndexOf("/") + 9);
  return `/api/v2/users/${userId}/avatar?v=${version}`;
}

async function named(
  db: DbOrTx,
  link: typeof schema.userBranches | typeof schema.userPreferredBranches,
  userId: number,
): Promise<Named[]> {
  return db
    .select({ id: schema.branches.id, name: schema.branches.name })
    .from(link)
    .innerJoin(schema.branches, eq(schema.branches.id, link.branchId))
    .where(eq(link.userId, userId))
    .orderBy(asc(schema.branches.name));
}

/** GET users/{id}: the profile, in the viewer's scope (404 outside it). */
export async function getProfile(ctx: Ctx, rawId: unknown): Promise<ProfileView> {
  const { actor, viewer, subject } = await profileAccess(ctx, rawId);
  const manage = manageVerdict(actor, subject.holder);
  const u = schema.users;
  const [row] = await ctx.db
    .select({
      user: u,
      countryName: schema.countries.name,
      companyName: schema.companies.name,
    })
    .from(u)
    .leftJoin(schema.countries, eq(schema.countries.id, u.countryId))
    .leftJoin(schema.companies, eq(schema.companies.id, u.companyId))
    .where(eq(u.id, subject.id));
  if (!row) throw new NotFoundError(USER_NOT_FOUND);
  const { user } = row;
  const mayEdit = canEditProfile(viewer, subject) && manage.allowed;
  const officeHelps = canEditRoles(viewer, subject) && manage.allowed;
  const [
    languages,
    branches,
    roles,
    preferredBranches,
    preferredVenues,
    payment,
    pendingEmail,
    totp,
  ] = await sideBySide(
    ctx.db,
    () =>
      ctx.db
        .select({ id: schema.languages.id, name: schema.languages.name })
        .from(schema.userLanguages)
        .innerJoin(schema.languages, eq(schema.languages.id, schema.userLanguages.languageId))
        .where(eq(schema.userLanguages.userId, user.id))
        .orderBy(asc(schema.languages.name)),
    () => named(ctx.db, schema.userBranches, user.id),
    () =>
      ctx.db
        .select({ id: schema.roles.id, title: schema.roles.title })
        .from(schema.userRoles)
        .innerJoin(schema.roles, eq(schema.roles.id, schema.userRoles.roleId))
        .where(eq(schema.userRoles.userId, user.id))
        .orderBy(asc(schema.roles.id)),
    () => named(ctx.db, schema.userPreferredBranches, user.id),
    () =>
      ctx.db
        .select({ id: schema.venues.id, name: schema.venues.name })
        .from(schema.userPreferredVenues)
        .innerJoin(schema.venues, eq(schema.venues.id, schema.userPreferredVenues.venueId))
        .where(eq(schema.userPreferredVenues.userId, user.id))
        .orderBy(asc(schema.venues.name)),
    () =>
      canViewTab("payment", viewer, subject)
        ? ctx.db
            .select()
            .from(schema.paymentSettings)
            .where(eq(schema.paymentSettings.userId, user.id))
        : Promise.resolve([]),
    () => (mayEdit ? pendingEmailChange(ctx.db, user.id, ctx.now) : Promise.resolve(null)),
    () =>
      officeHelps
        ? ctx.db
            .select({ enabledAt: schema.totpSecrets.enabledAt })
            .from(schema.totpSecrets)
            .where(eq(schema.totpSecrets.userId, user.id))
        : Promise.resolve(null),
  );
  const p = payment[0];
  return {
    id: user.id,
    name: user.name,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    address: user.address,
    city: user.city,
    zip: user.zip,
    birth_date: user.birthDate,
    nationality: user.nationality,
    country: user.countryId ? { id: user.countryId, name: row.countryName ?? "" } : null,
    languages,
    branches,
    roles,
    status: user.status,
    approved: user.approved,
    company: user.companyId ? { id: user.companyId, name: row.companyName ?? "" } : null,
    avatar_url: avatarUrl(user.id, user.avatarKey),
    notification_prefs: resolveNotificationPrefs(user.notificationPrefs),
    preferred_branches: preferredBranches,
    preferred_venues: preferredVenues,
    issues_invoice: user.issuesInvoice,
    payment_settings: p
      ? {
          has_danish_bank: p.hasDanishBank,
          iban: maskIban(p.iban),
          swift: p.swift,
          reg: p.reg,
          konto: maskValue(p.konto),
          has_tax_id: p.hasTaxId,
          tax_id: maskValue(p.taxId),
        }
      : null,
    is_worker: subject.isWorker,
    is_client_contact: subject.isClientContact,
    is_self: subject.id === actor.userId,
    tabs: visibleTabs(viewer, subject),
    pending_email: pendingEmail,
    two_factor_enabled: totp ? Boolean(totp[0]?.enabledAt) : null,
    can: {
      edit: mayEdit,
      edit_roles: canEditRoles(viewer, subject) && manage.allowed,
      change_status: canEditRoles(viewer, subject) && manage.allowed,
      refusal: canEditRoles(viewer, subject) ? manage.reason : null,
    },
  };
}

/** Ids that exist among `ids` (for the 422 of an unknown language, branch, venue or role). */
export async function existingIds(
  db: DbOrTx,
  table:
    | typeof schema.languages
    | typeof schema.branches
    | typeof schema.venues
    | typeof schema.roles
    | typeof schema.countries,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The company of a client contact (about-company tab), read-only. */
export async function getProfileCompany(ctx: Ctx, rawId: unknown) {
  const { subject } = await profileAccess(ctx, rawId, { tab: "about-company" });
  const c = schema.companies;
  const [row] = await ctx.db
    .select({ company: c, countryName: schema.countries.name })
    .from(c)
    .innerJoin(schema.countries, eq(schema.countries.id, c.countryId))
    .where(eq(c.id, subject.companyId ?? 0));
  if (!row) throw new NotFoundError("Company not found.");
  const { company } = row;
  return {
    id: company.id,
    name: company.name,
    tax_id: company.taxId,
    country: row.countryName,
    address: company.address,
    zip: company.zip,
    city: company.city,
    phone: company.phone,
    email: company.email,
    type_of_work: company.typeOfWork,
    safety_requirements: company.safetyRequirements,
    water_policy: company.waterPolicy,
    dress_code: company.dressCode,
    food_policy: company.foodPolicy,
    value_workers: company.valueWorkers,
  };
}
