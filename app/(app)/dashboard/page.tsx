import { PageHeader } from "@/components/ui/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Stat } from "@/components/dashboard/stat";
import { CheckInAlerts, ShiftList } from "@/components/dashboard/today";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { can } from "@/lib/services/context";
import { agencyDashboard } from "@/lib/services/dashboard";
import { expiringDocumentsSummary } from "@/lib/services/documents/expiry";
import { ExpiringDocumentsCard } from "@/components/documents/expiring-card";

export const metadata = routeMetadata("/dashboard");

export default async function DashboardPage() {
  const ctx = await requestCtx();
  const d = await agencyDashboard(ctx);
  const expiringDocuments = await expiringDocumentsSummary(ctx);
  const firstName = ctx.actor?.kind === "user" ? ctx.actor.name.split(" ")[0] : "";
  // A shift leads to its Book tab where the viewer may book or request crew, else to the job.
  const books = can(ctx, "jobs_book_workers") || can(ctx, "can_request_worker");
  const shiftHref = (jobId: number) => (books ? `/jobs/${jobId}/book` : `/jobs/${jobId}`);
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
          hint={`of ${d.totalPositions} on shifts in the next 48 hours`}
          href="/jobs?unfilled=1"
        />
        <Stat
          label="Hours awaiting approval"
          value={d.hoursAwaitingApproval}
          href={can(ctx, "approval_access") ? "/approvals" : undefined}
        />
        {d.applicantsAwaiting !== null && (
          // No applicants list exists yet, so this figure leads nowhere for now.
          <Stat label="Applicants awaiting approval" value={d.applicantsAwaiting} />
        )}
      </section>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Today and tomorrow</CardTitle>
          </CardHeader>
          <CardContent className="p-0 sm:p-0">
            <ShiftList
              shifts={d.shifts}
              href={shiftHref}
              empty={{
                title: "No shifts today or tomorrow",
                hint: "Running shifts and those starting before the end of tomorrow appear here.",
              }}
            />
          </CardContent>
        </Card>
        <div className="flex min-w-0 flex-col gap-6">
          <CheckInAlerts missing={d.notCheckedIn} late={d.lateCheckIns} href={shiftHref} />
          {expiringDocuments && <ExpiringDocumentsCard {...expiringDocuments} />}
          <Card>
            <CardHeader>
              <CardTitle>Not full, starting within 24 hours</CardTitle>
            </CardHeader>
            <CardContent className="p-0 sm:p-0">
              <ShiftList
                narrow
                shifts={d.notFullSoon}
                href={shiftHref}
                empty={{
                  title: "Every shift of the next 24 hours is full",
                  hint: "Shifts that still miss crew show here a day ahead.",
                }}
              />
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
