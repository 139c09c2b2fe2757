import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { StatusBadge } from "@/components/work/status-badge";
import { formatHours, formatSpan } from "@/lib/domain/format";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { companyOverview } from "@/lib/services/companies";
import { clientForPage } from "../../clients/client-data";
import { FilesList } from "../../clients/client-form";

export const metadata: Metadata = { title: "Client" };

const POLICIES = [
  ["type_of_work", "Type of work"],
  ["safety_requirements", "Safety requirements"],
  ["water_policy", "Water policy"],
  ["dresscode", "Dress code"],
  ["food_policy", "Food policy"],
  ["value_workers", "What the client values in workers"],
] as const;

/** /client/{id}: details, policies, upcoming jobs, hours this month and files. */
export default async function ClientOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const client = await clientForPage((await params).id);
  const overview = await pageData(companyOverview(await requestCtx(), client.id));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
            <dt className="text-gray-600">Email</dt>
            <dd className="break-words">{client.email ?? "—"}</dd>
            <dt className="text-gray-600">Phone</dt>
            <dd>{client.phone ?? "—"}</dd>
            <dt className="text-gray-600">Key account managers</dt>
            <dd>{client.key_account_managers.map((m) => m.name).join(", ") || "—"}</dd>
            <dt className="text-gray-600">Hours this month</dt>
            <dd className="tabular-nums">
              {overview.hours_this_month > 0 ? (
                <>
                  {formatHours(overview.hours_this_month)}{" "}
                  <span className="text-gray-600">reported on its jobs</span>
                </>
              ) : (
                <span className="text-gray-600">No hours reported on its jobs yet</span>
              )}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Upcoming jobs</CardTitle>
        </CardHeader>
        <CardContent>
          {overview.upcoming_jobs.length ? (
            <ul className="divide-y divide-gray-200">
              {overview.upcoming_jobs.map((j) => (
                <li key={j.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0">
                    <NavLink
                      href={`/jobs/${j.id}/shifts`}
                      className="font-medium break-words text-accent-700 hover:underline"
                    >
                      {j.name}
                    </NavLink>
                    <span className="block text-sm text-gray-600 tabular-nums">
                      {j.starts_at && j.ends_at
                        ? formatSpan(new Date(j.starts_at), new Date(j.ends_at), overview.time_zone)
                        : "No shifts"}
                    </span>
                  </span>
                  <StatusBadge status={j.status as Parameters<typeof StatusBadge>[0]["status"]} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600">No upcoming jobs.</p>
          )}
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Policies</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
            {POLICIES.map(([key, label]) => (
              <div key={key}>
                <dt className="font-medium text-gray-900">{label}</dt>
                <dd className="mt-1 break-words whitespace-pre-line text-gray-700">
                  {client[key] ?? "—"}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Files</CardTitle>
        </CardHeader>
        <CardContent>
          <FilesList client={client} />
        </CardContent>
      </Card>
    </div>
  );
}
