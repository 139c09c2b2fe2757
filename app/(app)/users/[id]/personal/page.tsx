import { Alert } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { CheckList } from "@/components/ui/check-list";
import { requestCtx } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { PERSONAL_TEXT_LIMITS } from "@/lib/domain/text-limits";
import { pageData } from "@/lib/http/page";
import { profileFormOptions } from "@/lib/services/users/options";
import { viewerTimeZone } from "@/lib/services/viewer-zone";
import { profileTab } from "../data";
import { PendingEmail } from "./pending-email";
import { PersonalForm } from "./personal-form";
import { PictureCard } from "./picture-card";

export default async function PersonalTab({ params }: { params: Promise<{ id: string }> }) {
  const profile = await profileTab((await params).id, "personal");
  const ctx = await requestCtx();
  const [options, timeZone] = await Promise.all([
    pageData(profileFormOptions(ctx, profile.id, "personal")),
    viewerTimeZone(ctx),
  ]);
  return (
    <div className="flex flex-col gap-4">
      {profile.can.edit && (
        <PictureCard userId={profile.id} name={profile.name} src={profile.avatar_url} />
      )}
      <Card>
        <CardContent>
          <PersonalForm
            profile={profile}
            options={options}
            limits={PERSONAL_TEXT_LIMITS}
            languages={
              <CheckList
                legend="Languages"
                options={options.languages}
                name="language_ids"
                defaultValue={profile.languages.map((l) => l.id)}
                disabled={!profile.can.edit}
              />
            }
            branches={
              <CheckList
                legend="Branches"
                options={options.branches}
                name="branch_ids"
                defaultValue={profile.branches.map((b) => b.id)}
                disabled={!profile.can.edit}
              />
            }
            refusal={
              profile.can.refusal && <Alert id="personal-refusal">{profile.can.refusal}</Alert>
            }
            pendingEmail={
              profile.pending_email && (
                <PendingEmail
                  userId={profile.id}
                  email={profile.pending_email.email}
                  sentAt={formatDateTime(new Date(profile.pending_email.requested_at), timeZone)}
                  current={profile.email}
                  self={profile.is_self}
                  canCancel={profile.can.edit}
                />
              )
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
