import { sql } from "drizzle-orm";
import {
  EMAIL_MAX,
  LABEL_MAX,
  NOTE_MAX,
  SHORT_TEXT_MAX,
  tooLongMessage,
} from "@/lib/domain/text-limits";
import { z } from "zod";
import { newFileKey } from "@/lib/files/keys";
import { commitFileChange, getFile, type NewFile, type StoredFile } from "@/lib/files/storage";
import { IMAGE_UPLOAD, checkUpload, openImage } from "@/lib/files/upload";
import { logActivity } from "../activity";
import { requirePermission, withTx, type Ctx, type TxCtx } from "../context";
import { NotFoundError, ServiceUnavailableError, ValidationError } from "../errors";
import { optionalText } from "../master-data";
import { strictFlag } from "../params";
import { parseInput } from "../validate";
import { getSettings, putSetting, type Settings, type SettingKey } from ".";

/**
 * The agency settings of /settings [settings_access]: the two-factor rule for
 * administrators, maintenance mode, the agency's name, contact details and logo (used in
 * e-mails and PDFs) and the default page size of the office lists. Every change is logged.
 */

export const SETTINGS_SAVED = "Agency settings saved";
export const LOGO_SAVED = "Agency logo saved";
export const LOGO_REMOVED = "Agency logo removed";
export const PAGE_SIZES = [10, 20, 25, 50] as const;

const EDITABLE = [
  "two_factor_required_for_admins",
  "maintenance_mode",
  "maintenance_message",
  "agency_name",
  "agency_email",
  "agency_phone",
  "agency_address",
  "agency_website",
  "agency_quote_terms",
  "default_page_size",
] as const satisfies readonly SettingKey[];

const ALL_KEYS = [...EDITABLE, "agency_logo_key"] as const satisfies readonly SettingKey[];

/** A partial update: only the keys sent change. */
export const agencySettingsInput = z
  .object({
    two_factor_required_for_admins: strictFlag,
    maintenance_mode: strictFlag,
    maintenance_message: optionalText(SHORT_TEXT_MAX, "maintenance message").optional(),
    agency_name: z
      .string({ error: "The agency name must be a string." })
      .trim()
      .min(1, "The agency name field is required.")
      .max(LABEL_MAX, tooLongMessage("agency name", LABEL_MAX))
      .optional(),
    agency_email: z
      .preprocess(
        (v) => (typeof v === "string" ? v.trim() || null : v),
        z
          .email("The agency e-mail must be a valid e-mail address.")
          .max(EMAIL_MAX, tooLongMessage("agency e-mail", EMAIL_MAX))
          .nullable(),
      )
      .optional(),
    agency_phone: z
      .preprocess(
        (v) => (typeof v === "string" ? v.trim() || null : v),
        z
          .string()
          .regex(
            /^\+?[0-9 ()-]{6,20}$/,
            "The agency phone may hold digits, spaces, +, - and brackets.",
          )
          .nullable(),
      )
      .optional(),
    agency_address: optionalText(SHORT_TEXT_MAX, "agency address").optional(),
    agency_website: z
      .preprocess(
        (v) => (typeof v === "string" ? v.trim() || null : v),
        z
          .url({
            protocol: /^https?$/,
            error: "The agency website must be an address starting with https://.",
          })
          .max(SHORT_TEXT_MAX, tooLongMessage("agency website", SHORT_TEXT_MAX))
          .nullable(),
      )
      .optional(),
    agency_quote_terms: optionalText(NOTE_MAX, "terms on quotes").optional(),
    default_page_size: z.coerce
      .number({ error: "The default page size must be a number." })
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
        message: `The default page size must be one of ${PAGE_SIZES.join(", ")}.`,
      })
      .optional(),
  })
  .strict();
export type AgencySettingsInput = z.input<typeof agencySettingsInput>;

export interface AgencySettingsView extends Omit<Settings, "agency_logo_key"> {
  logo_url: string | null;
}

const LOGO_PATH = "/api/v2/agency/logo";

function view(s: Pick<Settings, (typeof ALL_KEYS)[number]>): AgencySettingsView {
  const { agency_logo_key, ...rest } = s;
  // The key in the address makes a new logo a new URL (the old one may be cached a day).
  return {
    ...rest,
    logo_url: agency_logo_key
      ? `${LOGO_PATH}?v=${encodeURIComponent(agency_logo_key.slice(-12))}`
      : null,
  };
}

/** GET settings: every agency setting, defaults filled in. */
export async function getAgencySettings(ctx: Ctx): Promise<AgencySettingsView> {
  requirePermission(ctx, "settings_access");
  return view(await getSettings(ctx.db, ALL_KEYS));
}

/** Settings are written one writer at a time, so a before/after log line is never stale. */
const lockSettings = (ctx: TxCtx) =>
  ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('crewdeck.settings'))`);

/** PUT settings: the keys sent, validated, in one transaction with one activity row. */
export async function updateAgencySettings(
  ctx: Ctx,
  raw: unknown,
): Promise<AgencySettingsView & { message: string }> {
  requirePermission(ctx, "settings_access");
  const input = parseInput(agencySettingsInput, raw ?? {});
  const keys = EDITABLE.filter((k) => input[k] !== undefined);
  if (keys.length === 0) {
    const message = "Send at least one setting to change.";
    throw new ValidationError(message, { settings: [message] });
  }
  const after = await withTx(ctx, async (ctx) => {
    await lockSettings(ctx);
    const before = await getSettings(ctx.db, ALL_KEYS);
    const old: Record<string, unknown> = {};
    const attributes: Record<string, unknown> = {};
    for (const key of keys) {
      const value = input[key] as Settings[typeof key];
      if (before[key] === value) continue;
      old[key] = before[key];
      attributes[key] = value;
      await putSetting(ctx.db, key, value);
    }
    if (Object.keys(attributes).length > 0) {
      await logActivity(ctx, {
        logName: "settings",
        description: "Agency settings changed",
        subjectType: "settings",
        subjectId: null,
        properties: { old, attributes },
      });
    }
    return { ...before, ...attributes } as typeof before;
  });
  return { ...view(after), message: SETTINGS_SAVED };
}

/** The logo as PDFs print it: at most 600 × 200, PNG. */
async function logoImage(bytes: Buffer): Promise<Buffer> {
  try {
    return await (
      await openImage(bytes, 50_000_000)
    )
      .rotate()
      .resize(600, 200, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new ValidationError(IMAGE_UPLOAD.typeMessage, { file: [IMAGE_UPLOAD.typeMessage] });
  }
}

/** The logo becomes `file` (null: none); the one it replaces goes after the commit. */
async function replaceLogo(ctx: Ctx, file: NewFile | null): Promise<AgencySettingsView> {
  const key = file?.key ?? null;
  const record = () =>
    withTx(ctx, async (ctx) => {
      await lockSettings(ctx);
      const before = await getSettings(ctx.db, ALL_KEYS);
      // Removing a logo that is not there changes nothing, and logs nothing.
      if (!key && !before.agency_logo_key) return { after: before, oldKey: null };
      await putSetting(ctx.db, "agency_logo_key", key);
      await logActivity(ctx, {
        logName: "settings",
        description: key ? "Agency logo changed" : "Agency logo removed",
        subjectType: "settings",
        subjectId: null,
        properties: {},
      });
      return { after: { ...before, agency_logo_key: key }, oldKey: before.agency_logo_key };
    });
  const { after } = await commitFileChange(file, record, (r) => [r.oldKey]);
  return view(after);
}

/** POST settings/logo (multipart `file`: JPEG, PNG or WebP by content, at most 5 MB). */
export async function uploadAgencyLogo(
  ctx: Ctx,
  file: unknown,
): Promise<AgencySettingsView & { message: string }> {
  requirePermission(ctx, "settings_access");
  const checked = await checkUpload(file, IMAGE_UPLOAD);
  const png = await logoImage(checked.bytes);
  const logo = { key: newFileKey("agency", "png"), bytes: png, contentType: "image/png" };
  return { ...(await replaceLogo(ctx, logo)), message: LOGO_SAVED };
}

/** DELETE settings/logo. */
export async function deleteAgencyLogo(
  ctx: Ctx,
): Promise<AgencySettingsView & { message: string }> {
  requirePermission(ctx, "settings_access");
  return { ...(await replaceLogo(ctx, null)), message: LOGO_REMOVED };
}

/** GET agency/logo: public (it is no secret; crew lists print it); 404 without one. */
export async function readAgencyLogo(ctx: Ctx): Promise<StoredFile> {
  const { agency_logo_key: key } = await getSettings(ctx.db, ["agency_logo_key"]);
  const file = key ? await getFile(key) : null;
  if (!file) throw new NotFoundError("The agency has no logo.");
  return file;
}

/** How long a caller shut out by maintenance is told to wait before trying again. */
export const MAINTENANCE_RETRY_SECONDS = 300;
export const MAINTENANCE_MESSAGE =
  "Crewdeck is undergoing scheduled maintenance and will be back shortly.";

/**
 * Maintenance mode closes the service to signed-in users other than administrators: the API
 * and server actions answer 503 with Retry-After; the navigation guard shows /maintenance.
 * Calls without a user (signing in, so an administrator can get in) stay open.
 */
export async function assertServiceOpen(ctx: Ctx): Promise<void> {
  if (ctx.actor?.kind !== "user" || !ctx.actor.shutOut) return;
  const { maintenance_message } = await getSettings(ctx.db, ["maintenance_message"]);
  throw new ServiceUnavailableError(
    maintenance_message || MAINTENANCE_MESSAGE,
    MAINTENANCE_RETRY_SECONDS,
  );
}

/** What the maintenance screen shows: the administrator's note and the agency's phone. */
export async function maintenanceNotice(
  ctx: Ctx,
): Promise<{ on: boolean; message: string | null; phone: string | null }> {
  const s = await getSettings(ctx.db, ["maintenance_mode", "maintenance_message", "agency_phone"]);
  return { on: s.maintenance_mode, message: s.maintenance_message, phone: s.agency_phone };
}
