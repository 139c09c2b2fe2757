import { CalendarClock, MapPin } from "lucide-react";
import { Badge, Card, CardContent, EmptyState, PageHeader } from "@/components/ui";
import { Stat } from "@/components/dashboard/stat";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { workerDashboard } from "@/lib/services/dashboard";
import { formatDate, formatTime } from "@/lib/domain/format";

export const metadata = routeMetadata("/my-dashboard");

export default async function MyDashboardPage() {
  const ctx = await requestCtx();
  const d = await workerDashboard(ctx);
  const next = d.nextShift;
  const firstName = ctx.actor?.kind === "user" ? ctx.actor.name.split(" ")[0] : "";
  return (
    <>
      <PageHeader title="My dashboard" description={`Hi ${firstName}, here are your shifts.`} />
      <Card className="mb-6 border-accent-200">
        <CardContent>
          <h2 className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
            Your next shift
          </h2>
          {next ? (
            <div className="mt-2 flex flex-col gap-2">
              <p className="text-xl font-semibold text-gray-900">{next.jobName}</p>
              <p className="flex items-center gap-2 text-gray-700">
                <CalendarClock className="size-5 shrink-0 text-gray-500" aria-hidden />
                <span className="tabular-nums">
                  {formatDate(next.startsAt, next.timeZone)} ·{" "}
                  {formatTime(next.startsAt, next.timeZone)}–
                  {formatTime(next.endsAt, next.timeZone)}
                </span>
              </p>
              {(next.venueName || next.address) && (
                <p className="flex items-start gap-2 text-gray-700">
                  <MapPin className="mt-0.5 size-5 shrink-0 text-gray-500" aria-hidden />
                  <span>
                    {[next.venueName, next.address, next.city].filter(Boolean).join(", ")}
                  </span>
                </p>
              )}
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone="accent">{next.skillName}</Badge>
                <Badge tone={next.status === "Booked" ? "success" : "neutral"}>{next.status}</Badge>
                {next.checkInAt && (
                  <Badge tone="success">
                    Checked in at {formatTime(next.checkInAt, next.timeZone)}
                  </Badge>
                )}
              </p>
            </div>
          ) : (
            <EmptyState
              title="No booked shifts yet"
              hint="When you are booked on a shift it shows up here, with the time and place."
            />
          )}
        </CardContent>
      </Card>
      <section aria-label="My figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <Stat label="Booked shifts ahead" value={d.upcomingBooked} />
        <Stat
          label="Waiting for an answer"
          value={d.pending}
          hint="Applied or on the reserve list"
        />
        <Stat label="Requests for you" value={d.requests} />
        <Stat label="Hours to report" value={d.toReport} />
        <Stat label="Reported, awaiting approval" value={d.awaitingApproval} />
      </section>
    </>
  );
}
