import { eq } from "drizzle-orm";
import { schema, type DbOrTx } from "@/db/client";

/** Installation settings and their defaults. */
export const SETTING_DEFAULTS = {
  /** Spec §2 guard: administrators without TOTP are sent to /otp/enable. */
  two_factor_required_for_admins: false,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K] extends boolean
  ? boolean
  : (typeof SETTING_DEFAULTS)[K];

export async function getSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
): Promise<SettingValue<K>> {
  const [row] = await db
    .select({ value: schema.settings.value })
    .from(schema.settings)
    .where(eq(schema.settings.key, key))
    .limit(1);
  return (row ? row.value : SETTING_DEFAULTS[key]) as SettingValue<K>;
}

export async function putSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  await db
    .insert(schema.settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: schema.settings.key, set: { value, updatedAt: new Date() } });
}
