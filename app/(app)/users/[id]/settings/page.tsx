import { Alert } from "@/components/ui/alert";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { profileFormOptions } from "@/lib/services/users/options";
import { profileTab } from "../data";
import { SettingsForm } from "./settings-form";

export default async function SettingsTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "settings");
  const options = await pageData(profileFormOptions(await requestCtx(), profile.id, "settings"));
  return (
    <SettingsForm
      profile={profile}
      options={options}
      refusal={profile.can.refusal && <Alert>{profile.can.refusal}</Alert>}
    />
  );
}
