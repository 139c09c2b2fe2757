import type { Endpoint } from "../endpoint";
import { endpoint } from "../endpoint";
import { IMAGE_UPLOAD } from "@/lib/files/upload";
import {
  agencySettingsInput,
  deleteAgencyLogo,
  getAgencySettings,
  readAgencyLogo,
  updateAgencySettings,
  uploadAgencyLogo,
} from "@/lib/services/settings/agency";
import {
  addAgencyHoliday,
  agencyHolidayInput,
  listAgencyHolidays,
  removeAgencyHoliday,
} from "@/lib/services/holidays/agency-days";

export const getSettingsEndpoint = endpoint({
  method: "GET",
  path: "/settings",
  summary:
    "The agency settings [settings_access]: two-factor rule, maintenance mode and message, agency name and contact details, logo address, default page size",
  tag: "settings",
  auth: "user",
  run: (ctx) => getAgencySettings(ctx),
});

export const putSettings = endpoint({
  method: "PUT",
  path: "/settings",
  summary:
    "Change agency settings [settings_access]: only the keys sent change; one activity row with before and after",
  tag: "settings",
  auth: "user",
  body: agencySettingsInput,
  run: (ctx, { body }) => updateAgencySettings(ctx, body),
});

export const postSettingsLogo = endpoint({
  method: "POST",
  path: "/settings/logo",
  summary:
    "Upload the agency logo (multipart field `file`; JPEG, PNG or WebP by content, at most 5 MB); stored as a PNG of at most 600×200",
  tag: "settings",
  auth: "user",
  maxBodyBytes: IMAGE_UPLOAD.maxBytes + 64 * 1024,
  run: (ctx, { body }) =>
    uploadAgencyLogo(ctx, (body as Record<string, unknown> | undefined)?.file),
});

export const deleteSettingsLogo = endpoint({
  method: "DELETE",
  path: "/settings/logo",
  summary: "Remove the agency logo [settings_access]",
  tag: "settings",
  auth: "user",
  run: (ctx) => deleteAgencyLogo(ctx),
});

export const getAgencyLogo = endpoint({
  method: "GET",
  path: "/agency/logo",
  summary: "The agency logo (PNG), public (it is no secret; crew lists print it); 404 without one",
  tag: "settings",
  auth: "public",
  run: async (ctx) => {
    const file = await readAgencyLogo(ctx);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "content-type": "image/png",
        "content-length": String(file.size),
        "content-disposition": "inline",
        // The address carries a version (?v=…), so a new logo is a new URL.
        "cache-control": "public, max-age=86400",
        "x-content-type-options": "nosniff",
      },
    });
  },
});

export const getSettingsHolidays = endpoint({
  method: "GET",
  path: "/settings/holidays",
  summary:
    "The agency's extra holidays per country [settings_access]: each operational country (and any other with extra days) with the holiday regions its branches may name, its extra days (date-holidays rules, next date) and the non-public days date-holidays knows for it",
  tag: "settings",
  auth: "user",
  run: (ctx) => listAgencyHolidays(ctx),
});

export const postSettingsHoliday = endpoint({
  method: "POST",
  path: "/settings/holidays",
  summary:
    'Add an extra holiday for a country [settings_access]: `rule` is a date-holidays rule ("06-05" every 5 June, "friday after 06-19", "2027-06-04" once; DD/MM and DD/MM/YYYY are read too), `name` optional for a day date-holidays knows. 422 for a rule it cannot read or a day that is a public holiday already, 409 for a day on the list already',
  tag: "settings",
  auth: "user",
  status: 201,
  body: agencyHolidayInput,
  run: (ctx, { body }) => addAgencyHoliday(ctx, body),
});

export const deleteSettingsHoliday = endpoint<{ id: string }>({
  method: "DELETE",
  path: "/settings/holidays/{id}",
  summary: "Remove an extra holiday [settings_access]; logged",
  tag: "settings",
  auth: "user",
  run: (ctx, { params }) => removeAgencyHoliday(ctx, params.id),
});

export const settingsEndpoints: Endpoint[] = [
  getSettingsEndpoint,
  putSettings,
  postSettingsLogo,
  deleteSettingsLogo,
  getAgencyLogo,
  getSettingsHolidays,
  postSettingsHoliday,
  deleteSettingsHoliday,
] as Endpoint[];
