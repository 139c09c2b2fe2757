"use server";

import { runAction, runParsed } from "@/lib/http/action";
import {
  agencySettingsInput,
  deleteAgencyLogo,
  updateAgencySettings,
  uploadAgencyLogo,
  type AgencySettingsInput,
} from "@/lib/services/settings/agency";
import {
  addAgencyHoliday,
  agencyHolidayInput,
  removeAgencyHoliday,
  type AgencyHolidayInput,
} from "@/lib/services/holidays/agency-days";

export async function saveAgencySettingsAction(values: AgencySettingsInput) {
  return runParsed(agencySettingsInput, values, updateAgencySettings);
}

export async function uploadAgencyLogoAction(form: FormData) {
  // An action is a public POST: anything but a form is "no file", a 422.
  const file = form instanceof FormData ? form.get("file") : null;
  return runAction((ctx) => uploadAgencyLogo(ctx, file));
}

export async function removeAgencyLogoAction() {
  return runAction((ctx) => deleteAgencyLogo(ctx));
}

export async function addAgencyHolidayAction(values: AgencyHolidayInput) {
  return runParsed(agencyHolidayInput, values, addAgencyHoliday);
}

export async function removeAgencyHolidayAction(id: number) {
  return runAction((ctx) => removeAgencyHoliday(ctx, id));
}
