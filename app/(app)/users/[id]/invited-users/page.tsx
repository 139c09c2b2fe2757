import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { requestCtx } from "@/lib/auth/session";
import { formatDate } from "@/lib/domain/format";
import { lenientList } from "@/lib/http/page";
import { referredBy, type ReferralStatus } from "@/lib/services/users/referrals";
import { profileTab } from "../data";

const STATUS: Record<ReferralStatus, { label: string; tone: BadgeTone }> = {
  invited: { label: "Invited", tone: "neutral" },
  registered: { label: "Registered", tone: "warning" },
  approved: { label: "Approved", tone: "accent" },
  active: { label: "Active", tone: "success" },
  deactivated: { label: "Deactivated", tone: "danger" },
};

export default async function InvitedUsersTab({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ page?: string }>;
}) {
  const profile = await profileTab((await params).id, "invited-users");
  const ctx = await requestCtx();
  const { page } = await searchParams;
  const { data } = await lenientList((input) => referredBy(ctx, profile.id, input), { page });
  const tz = data.time_zone;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">
        <span className="font-semibold text-gray-900">{data.counts.invited}</span> invited ·{" "}
        <span className="font-semibold text-gray-900">{data.counts.joined}</span> joined
      </p>
      {data.items.length === 0 ? (
        <EmptyState
          title="No invitations yet"
          hint="Use “Invite a friend” in the menu to invite people you like working with."
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {data.items.map((r) => (
            <li key={r.id}>
              <Card>
                <CardContent className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-gray-900">
                      {r.user ? r.user.name : r.email}
                    </p>
                    <p className="text-sm text-gray-600">
                      {r.joined_at
                        ? `Joined ${formatDate(new Date(r.joined_at), tz)}`
                        : `Invited ${formatDate(new Date(r.invited_at), tz)}`}
                    </p>
                  </div>
                  <Badge tone={STATUS[r.status].tone} className="self-start sm:self-auto">
                    {STATUS[r.status].label}
                  </Badge>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination meta={data.meta} label="Invited users pages" />
    </div>
  );
}
