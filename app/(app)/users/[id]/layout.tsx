import type { Metadata } from "next";
import { Mail, Phone } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { LinkTabs } from "@/components/ui/tabs";
import { LazyManageUserActions } from "@/components/users/manage-user-actions-lazy";
import { PROFILE_TAB_LABELS } from "@/lib/domain/profile-tabs";
import { profileForPage } from "./data";
import { DocumentsAlert } from "./my-documents/documents-alert";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  const profile = await profileForPage((await params).id);
  return { title: profile.name };
}

export default async function UserLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const profile = await profileForPage((await params).id);
  const tabs = profile.tabs.map((tab) => ({
    href: `/users/${profile.id}/${tab}`,
    label: PROFILE_TAB_LABELS[tab],
    match: "prefix" as const,
  }));
  return (
    <>
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar name={profile.name} src={profile.avatar_url} alt="" size="lg" />
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight text-gray-900">
            <span className="break-words">{profile.name}</span>
            <Badge tone={profile.status === "active" ? "success" : "danger"}>
              {profile.status === "active" ? "Active" : "Deactivated"}
            </Badge>
            <Badge tone={profile.approved ? "accent" : "warning"}>
              {profile.approved ? "Approved" : "Awaiting approval"}
            </Badge>
            {profile.tabs.includes("my-documents") && <DocumentsAlert userId={profile.id} />}
          </h1>
          <p className="mt-1 text-sm text-gray-700">
            {profile.roles.map((r) => r.title).join(", ") || "No role"}
            {profile.company && <> · {profile.company.name}</>}
          </p>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-gray-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
            <li className="flex min-w-0 items-center gap-2">
              <Mail className="size-4 shrink-0 text-gray-500" aria-hidden />
              <a
                href={`mailto:${profile.email}`}
                className="break-all text-accent-700 hover:underline"
              >
                {profile.email}
              </a>
            </li>
            {profile.phone && (
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0 text-gray-500" aria-hidden />
                <a
                  href={`tel:${profile.phone.replace(/[^+\d]/g, "")}`}
                  className="text-accent-700 hover:underline"
                >
                  {profile.phone}
                </a>
              </li>
            )}
          </ul>
        </div>
        {(profile.can.change_status || profile.can.refusal) && (
          <div className="sm:ml-auto">
            <LazyManageUserActions
              user={{ id: profile.id, name: profile.name, status: profile.status }}
              refusal={profile.can.refusal}
              twoFactorEnabled={profile.two_factor_enabled}
            />
          </div>
        )}
      </div>
      <LinkTabs tabs={tabs} label="Profile sections" className="mb-4" />
      {children}
    </>
  );
}
