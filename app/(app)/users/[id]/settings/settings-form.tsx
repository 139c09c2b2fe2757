"use client";

import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { NOTIFICATION_PREFS } from "@/lib/domain/notification-prefs";
import type { ProfileView } from "@/lib/services/users/profile";
import { saveProfile } from "../actions";
import { CheckList } from "@/components/ui/check-list";
import { useSave } from "../use-save";

type Option = { id: number; name: string };

export function SettingsForm({
  profile,
  options,
  refusal,
}: {
  profile: ProfileView;
  options: { branches: Option[]; venues: Option[]; roles: Option[] };
  /**
   * Why the viewer may not change these, drawn by the server (`Alert`: its four tone icons
   * stay out of the tab's first load); absent when it may.
   */
  refusal?: ReactNode;
}) {
  const [roleIds, setRoleIds] = useState(profile.roles.map((r) => r.id));
  const [prefs, setPrefs] = useState(profile.notification_prefs);
  const [branchIds, setBranchIds] = useState(profile.preferred_branches.map((b) => b.id));
  const [venueIds, setVenueIds] = useState(profile.preferred_venues.map((v) => v.id));
  const { errors, pending, save } = useSave();
  const rolesEditable = profile.can.edit_roles && options.roles.length > 0;
  const readOnly = !profile.can.edit;
  // A venue chosen earlier that is no longer public still shows, so it can be removed.
  const venues = [
    ...options.venues,
    ...profile.preferred_venues.filter((v) => !options.venues.some((o) => o.id === v.id)),
  ];

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save(() =>
          saveProfile(profile.id, {
            ...(rolesEditable && { role_ids: roleIds }),
            notification_prefs: prefs,
            preferred_branch_ids: branchIds,
            preferred_venue_ids: venueIds,
          }),
        );
      }}
    >
      {refusal}
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Role and approval</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {rolesEditable ? (
              <CheckList
                legend="Roles"
                hint="Only roles whose permissions you hold yourself are offered; only an administrator grants the Administrator role."
                options={options.roles}
                value={roleIds}
                onChange={setRoleIds}
                errors={errors.role_ids}
              />
            ) : (
              <p className="text-sm text-gray-700">
                <span className="font-medium text-gray-900">Roles: </span>
                {profile.roles.map((r) => r.title).join(", ") || "No role"}
              </p>
            )}
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
              <span className="font-medium text-gray-900">Approval:</span>
              <Badge tone={profile.approved ? "accent" : "warning"}>
                {profile.approved ? "Approved" : "Awaiting approval"}
              </Badge>
              {!profile.approved && (
                <span>The office approves new people before they can be booked.</span>
              )}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>E-mail notifications</CardTitle>
          </CardHeader>
          <CardContent>
            <fieldset className="flex flex-col">
              <legend className="sr-only">E-mail notifications</legend>
              {NOTIFICATION_PREFS.map((p) => (
                <Checkbox
                  key={p.key}
                  label={p.label}
                  hint={p.sentence}
                  checked={prefs[p.key] ?? p.default}
                  onChange={(e) => setPrefs((s) => ({ ...s, [p.key]: e.target.checked }))}
                />
              ))}
            </fieldset>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Preferences</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <CheckList
              legend="Preferred branches"
              options={options.branches}
              value={branchIds}
              onChange={setBranchIds}
              errors={errors.preferred_branch_ids}
            />
            <CheckList
              legend="Preferred venues"
              options={venues}
              value={venueIds}
              onChange={setVenueIds}
              errors={errors.preferred_venue_ids}
            />
          </CardContent>
        </Card>
      </fieldset>
      {!readOnly && (
        <div>
          <Button type="submit" loading={pending}>
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}
