import { PageHeader, Card, CardContent, CardHeader, CardTitle, EmptyState } from "@/components/ui";
import { Stat } from "@/components/dashboard/stat";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { agencyDashboard } from "@/lib/services/dashboard";
import { formatRange } from "@/lib/domain/format";

export const metadata = routeMetadata("/dashboard");

export default async function DashboardPage() {
  const ctx = await requestCtx();
  const d = await agencyDashboard(ctx);
  const firstName = ctx.actor?.kind === "user" ? ctx.actor.name.split(" ")[0] : "";
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Good to see you, ${firstName}. Here is where things stand.`}
      />
      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat
          label="Upcoming jobs"
          value={d.upcomingJobs}
          hint="Not yet ended; drafts and cancelled jobs left out"
        />
        <Stat label="Shifts in the next 7 days" value={d.shiftsThisWeek} />
        <Stat
          label="Open positions"
          value={d.openPositions}
          hint={`of ${d.totalPositions} on upcoming shifts`}
        />
        <Stat label="Hours awaiting approval" value={d.hoursAwaitingApproval} />
        {d.applicantsAwaiting !== null && (
          <Stat label="Applicants awaiting approval" value={d.applicantsAwaiting} />
        )}
      </section>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Next shifts</CardTitle>
        </CardHeader>
        <CardContent className="p-0 sm:p-0">
          {d.nextShifts.length === 0 ? (
            <EmptyState
              title="No upcoming shifts"
              hint="Shifts of published jobs appear here as soon as they are planned."
            />
          ) : (
            <ul className="divide-y divide-gray-100">
              {d.nextShifts.map((s) => (
                <li
                  key={s.shiftId}
                  className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-gray-900">{s.jobName}</span>
                    <span className="block truncate text-sm text-gray-600">{s.companyName}</span>
                  </span>
                  <span className="text-sm text-gray-700 tabular-nums">
                    {formatRange(s.startsAt, s.endsAt, s.timeZone)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
