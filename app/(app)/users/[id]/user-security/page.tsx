import { notFound } from "next/navigation";
import { NavLink } from "@/components/ui/nav-link";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChangePasswordForm } from "@/components/users/security/change-password-form";
import { RevokeButton } from "@/components/users/security/revoke-button";
import { currentActor, requestCtx } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { pageData } from "@/lib/http/page";
import { securityOverview } from "@/lib/services/account/security-overview";
import { feedStatus } from "@/lib/services/user-calendar";
import { CalendarFeedCard } from "@/components/user-calendar/calendar-feed-card";
import { disableFeedAction, issueFeedAction } from "./feed-actions";
import { isId } from "@/lib/services/params";
import {
  changePasswordAction,
  forgetDeviceAction,
  revokeSessionAction,
  revokeTokenAction,
} from "./actions";

export const dynamic = "force-dynamic";
export const metadata = { title: "Security" };

/**
 * The user-security tab (self only, lib/domain/profile-tabs.ts): password, two-factor login,
 * the live browser sessions, API tokens and remembered devices. Another user's id is a 404.
 */
export default async function UserSecurityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await currentActor();
  if (!actor || !isId(id) || Number(id) !== actor.userId) notFound();
  const ctx = await requestCtx();
  const [data, feed] = await Promise.all([
    pageData(securityOverview(ctx)),
    pageData(feedStatus(ctx)),
  ]);
  const at = (d: Date | null) => (d ? formatDateTime(new Date(d), data.timeZone) : "Never");

  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-lg font-semibold text-gray-900">Security</h2>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Password</CardTitle>
          <CardDescription>
            Changing it signs you out on every other device and revokes your API tokens; this
            browser stays signed in.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm save={changePasswordAction} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Two-factor login</CardTitle>
          <CardDescription>
            A code from an authenticator app at each sign-in, besides the password.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          {data.totpEnabled ? (
            <>
              <Badge tone="success">On</Badge>
              <NavLink href="/otp/disable" className="text-sm text-accent-700 underline">
                Turn two-factor login off
              </NavLink>
            </>
          ) : (
            <>
              <Badge tone="neutral">Off</Badge>
              <NavLink href="/otp/enable" className="text-sm text-accent-700 underline">
                Turn two-factor login on
              </NavLink>
            </>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Where you are signed in</CardTitle>
          <CardDescription>End a session you do not recognise.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-gray-200">
            {data.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-gray-900">
                    {s.browser} {s.current && <Badge tone="success">This device</Badge>}
                  </p>
                  <p className="text-sm text-gray-600">
                    Started {at(s.created_at)}
                    {s.ip ? ` · ${s.ip}` : ""}
                  </p>
                </div>
                {!s.current && (
                  <RevokeButton
                    id={s.id}
                    label="End session"
                    srLabel={`${s.browser}, started ${at(s.created_at)}`}
                    run={revokeSessionAction}
                  />
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">API tokens</CardTitle>
          <CardDescription>
            Apps signed in through the API (POST /api/v2/auth/login) hold a token until it expires
            or is revoked.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {data.tokens.length === 0 ? (
            <p className="text-sm text-gray-600">No app holds a token of yours.</p>
          ) : (
            <ul className="divide-y divide-gray-200">
              {data.tokens.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">
                      {t.name} · {t.browser}
                    </p>
                    <p className="text-sm text-gray-600">
                      Created {at(t.created_at)} · last used {at(t.last_used_at)} · expires{" "}
                      {at(t.expires_at)}
                    </p>
                  </div>
                  <RevokeButton
                    id={t.id}
                    label="Revoke"
                    srLabel={`token ${t.name} created ${at(t.created_at)}`}
                    run={revokeTokenAction}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <CalendarFeedCard
        enabled={feed.enabled}
        since={feed.created_at ? `Turned on ${at(feed.created_at)}` : null}
        lastUsed={feed.last_used_at ? at(feed.last_used_at) : null}
        issue={issueFeedAction}
        disable={disableFeedAction}
      />

      <Card>
        <CardHeader>
          <CardTitle as="h3">Remembered devices</CardTitle>
          <CardDescription>These skip the two-factor code until they expire.</CardDescription>
        </CardHeader>
        <CardContent>
          {data.devices.length === 0 ? (
            <p className="text-sm text-gray-600">No device is remembered.</p>
          ) : (
            <ul className="divide-y divide-gray-200">
              {data.devices.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">{d.browser}</p>
                    <p className="text-sm text-gray-600">
                      Remembered {at(d.created_at)} · last used {at(d.last_used_at)}
                    </p>
                  </div>
                  <RevokeButton
                    id={d.id}
                    label="Forget"
                    srLabel={`${d.browser}, remembered ${at(d.created_at)}`}
                    run={forgetDeviceAction}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
