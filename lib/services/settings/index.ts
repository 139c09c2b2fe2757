import { eq, sql } from "drizzle-orm";
import { anyOf, precompiled, schema, type DbOrTx } from "@/db";

/**
 * Installation settings and their defaults: one row per key in `settings`, the default when
 * there is none. The agency settings screen (/settings) edits them; see ./agency.ts.
 */
export const SETTING_DEFAULTS = {
  /** Spec §2 guard: administrators without TOTP are sent to /otp/enable. */
  two_factor_required_for_admins: false as boolean,
  /** Everyone but administrators sees /maintenance; the API answers 503 with Retry-After. */
  maintenance_mode: false as boolean,
  /** What the maintenance screen and the 503 tell people, e.g. "Back at 07:00". */
  maintenance_message: null as string | null,
  /** The agency as e-mails and PDFs name it. */
  agency_name: "Crewdeck" as string,
  agency_email: null as string | null,
  agency_phone: null as string | null,
  agency_address: null as string | null,
  agency_website: null as string | null,
  /** The agency's terms, printed at the end of every quote. */
  agency_quote_terms: null as string | null,
  /** Storage key of the agency's logo (PNG), null without one. */
  agency_logo_key: null as string | null,
  /** Rows per page of the office lists that the spec sizes at 10 (screens; the API keeps 10). */
  default_page_size: 10 as number,
};

export type Settings = typeof SETTING_DEFAULTS;
export type SettingKey = keyof Settings;

export async function getSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<Settings[K]> {
  const [row] = await db
    .select({ value: schema.settings.value })
    .from(schema.settings)
    .where(eq(schema.settings.key, key))
    .limit(1);
  return (row ? row.value : SETTING_DEFAULTS[key]) as Settings[K];
}

// Every mail's signature and many screens read settings: precompiled (db/precompiled.ts).
const settingRows = precompiled<{ keys: string[] }, ReturnType<typeof settingsQuery>>(
  "settings_by_key",
  (db) => settingsQuery(db),
);
function settingsQuery(db: DbOrTx) {
  return db
    .select({ key: schema.settings.key, value: schema.settings.value })
    .from(schema.settings)
    .where(anyOf(schema.settings.key, "keys"));
}

/** Several settings in one query, defaults filled in. */
export async function getSettings<K extends SettingKey>(
  db: DbOrTx,
  keys: readonly K[],
): Promise<Pick<Settings, K>> {
  const rows = await settingRows(db, { keys: [...keys] });
  const found = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    keys.map((k) => [k, found.has(k) ? found.get(k) : SETTING_DEFAULTS[k]]),
  ) as Pick<Settings, K>;
}

export async function putSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: Settings[K],
): Promise<void> {
  // null is "not set": the default (null for every key that may be null) applies again.
  if (value === null) {
    await db.delete(schema.settings).where(eq(schema.settings.key, key));
    return;
  }
  await db
    .insert(schema.settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt: new Date() } });
}

/** Rows per page of the office list screens (the agency's choice; the API keeps its own). */
export async function screenPageSize(db: DbOrTx): Promise<number> {
  return getSetting(db, "default_page_size");
}

/** The agency as e-mails and PDFs name it. */
export interface AgencyBranding {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
  hasLogo: boolean;
}

/** The settings an agency's branding is made of. */
export const BRANDING_KEYS = [
  "agency_name",
  "agency_email",
  "agency_phone",
  "agency_address",
  "agency_website",
  "agency_logo_key",
] as const satisfies readonly SettingKey[];

/**
 * The branding settings as one json object (key → value, only the keys set), for a statement
 * that reads them beside its own rows (a booking's mail facts): brandingOf fills the defaults.
 */
export const brandingSettingsSql = () =>
  sql<Record<
    string,
    unknown
  > | null>`(select json_object_agg(${schema.settings.key}, ${schema.settings.value}) from ${schema.settings} where ${schema.settings.key} in (${sql.join(
    BRANDING_KEYS.map((k) => sql`${k}`),
    sql`, `,
  )}))`;

/** The branding from the settings set (brandingSettingsSql's object), defaults filled in. */
export function brandingOf(set: Record<string, unknown> | null): AgencyBranding {
  const s = Object.fromEntries(
    BRANDING_KEYS.map((k) => [k, set && k in set ? set[k] : SETTING_DEFAULTS[k]]),
  ) as Pick<Settings, (typeof BRANDING_KEYS)[number]>;
  return brandingFrom(s);
}

export async function agencyBranding(db: DbOrTx): Promise<AgencyBranding> {
  return brandingFrom(await getSettings(db, BRANDING_KEYS));
}

function brandingFrom(s: Pick<Settings, (typeof BRANDING_KEYS)[number]>): AgencyBranding {
  return {
    name: s.agency_name || SETTING_DEFAULTS.agency_name,
    email: s.agency_email,
    phone: s.agency_phone,
    address: s.agency_address,
    website: s.agency_website,
    hasLogo: Boolean(s.agency_logo_key),
  };
}

/** The closing lines of every e-mail: the agency's name and how to reach it. */
export function signatureLines(b: AgencyBranding): string[] {
  const contact = [b.phone, b.email, b.website].filter(Boolean).join(" · ");
  return [b.name, b.address, contact].filter((l): l is string => Boolean(l));
}
