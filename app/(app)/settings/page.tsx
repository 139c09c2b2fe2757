import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { getAgencySettings, PAGE_SIZES } from "@/lib/services/settings/agency";
import { listAgencyHolidays } from "@/lib/services/holidays/agency-days";
import { HolidaysSection } from "./holidays-section";
import { SettingsForms } from "./settings-forms";

export const metadata = routeMetadata("/settings");

export default async function AgencySettingsPage() {
  const ctx = await requestCtx();
  const [settings, holidays] = await Promise.all([
    pageData(getAgencySettings(ctx)),
    pageData(listAgencyHolidays(ctx)),
  ]);
  const actor = ctx.actor?.kind === "user" ? ctx.actor : null;
  return (
    <>
      <PageHeader
        title="Agency settings"
        // Each card is its own form (settings-forms.tsx): nothing saves until its button is pressed.
        description="How Crewdeck works for your whole agency. Each section saves with its own button; a holiday saves as you add or remove it. Every saved change is written to the activity log."
      />
      <SettingsForms
        settings={settings}
        pageSizes={[...PAGE_SIZES]}
        viewerHasTwoFactor={Boolean(actor?.totpEnabled)}
        holidays={<HolidaysSection countries={holidays} />}
      />
    </>
  );
}
