import { PageHeader } from "@/components/ui";
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
        description="How Crewdeck works for your whole agency. Every change is saved at once and written to the activity log."
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
