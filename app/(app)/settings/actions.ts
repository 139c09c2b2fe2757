"use server";

import { runAction, runParsed } from "@/lib/http/action";
import {
  agencySettingsInput,
  deleteAgencyLogo,
  updateAgencySettings,
  uploadAgencyLogo,
  type AgencySettingsInput,
} from "@/lib/services/settings/agency";

export async function saveAgencySettingsAction(values: AgencySettingsInput) {
  return runParsed(agencySettingsInput, values, updateAgencySettings);
}

export async function uploadAgencyLogoAction(form: FormData) {
  return runAction((ctx) => uploadAgencyLogo(ctx, form.get("file")));
}

export async function removeAgencyLogoAction() {
  return runAction((ctx) => deleteAgencyLogo(ctx));
}
