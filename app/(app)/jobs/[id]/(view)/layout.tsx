import { NavLink } from "@/components/ui/nav-link";
import { CalendarDays, MapPin, User } from "lucide-react";
import { LinkTabs } from "@/components/ui/tabs";
import { StatusBadge } from "@/components/work/status-badge";
import { formatSpan } from "@/lib/domain/format";
import { jobForPage } from "../data";
import { JobActions } from "../job-actions";
import { requestCtx } from "@/lib/auth/session";
import { mayDownloadRoster } from "@/lib/services/roster/access";

export default async function JobLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  const job = await jobForPage(id);
  const ctx = await requestCtx();
  // "Job chat" for the office's live chat users (a worker or client finds it in its chats).
  const canChat =
    ctx.actor?.kind === "user" && !ctx.actor.isClient && ctx.actor.permissions.has("has_live_chat");
  // The roster of the job's days (local dates), for those who may read its crew.
  const rosterDates =
    job.start && job.end && mayDownloadRoster(ctx)
      ? { start: job.start.slice(0, 10), end: job.end.slice(0, 10) }
      : null;
  const bosses = [
    ...new Map(job.shifts.flatMap((s) => s.crew_bosses).map((b) => [b.id, b])).values(),
  ];
  const tabs = [
    ...(job.can.view
      ? [{ href: `/jobs/${job.id}/shifts`, label: "Shifts", match: "prefix" as const }]
      : []),
    ...(job.can.book
      ? [{ href: `/jobs/${job.id}/book`, label: "Book", match: "prefix" as const }]
      : []),
    ...(job.can.notes
      ? [{ href: `/jobs/${job.id}/job-notes`, label: "Job notes", match: "prefix" as const }]
      : []),
    ...(job.can.additional_costs
      ? [
          {
            href: `/jobs/${job.id}/additional-costs`,
            label: "Additional costs",
            match: "prefix" as const,
          },
        ]
      : []),
    ...(job.can.job_projection
      ? [
          {
            href: `/jobs/${job.id}/job-projection`,
            label: "Job projection",
            match: "prefix" as const,
          },
        ]
      : []),
    ...(job.can.rates
      ? [
          {
            href: `/jobs/${job.id}/client-rates`,
            label: "Client rates",
            match: "prefix" as const,
          },
          {
            href: `/jobs/${job.id}/worker-rates`,
            label: "Worker rates",
            match: "prefix" as const,
          },
        ]
      : []),
  ];
  return (
    <>
      {/* relative: on a phone the actions are one ⋯ menu in the top right corner. */}
      <div className="relative mb-4 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 pr-14 sm:pr-0">
          <p className="text-sm text-gray-600">
            {job.can.view && (
              <>
                <NavLink href="/jobs" className="hover:underline">
                  Jobs
                </NavLink>{" "}
                /{" "}
              </>
            )}
            {job.company.name}
          </p>
          <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight text-gray-900">
            <span className="break-words">{job.name}</span>
            <StatusBadge status={job.status} />
          </h1>
          {job.reason && <p className="mt-1 text-sm text-gray-700">Reason: {job.reason}</p>}
          {job.invoice_reference && (
            <p className="mt-1 text-sm text-gray-700">Invoice reference: {job.invoice_reference}</p>
          )}
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm text-gray-700 sm:grid-cols-2">
            <div className="flex gap-2">
              <dt className="sr-only">Venue</dt>
              <MapPin className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
              <dd>
                {[
                  job.venue?.name,
                  job.address,
                  job.zip && job.city ? `${job.zip} ${job.city}` : job.city,
                ]
                  .filter(Boolean)
                  .join(", ") || "No venue yet"}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="sr-only">Dates</dt>
              <CalendarDays className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
              <dd className="tabular-nums">
                {job.start && job.end
                  ? formatSpan(new Date(job.start), new Date(job.end), job.country.time_zone)
                  : "No shifts"}{" "}
                ({job.country.name})
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="sr-only">People</dt>
              <User className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
              <dd>
                PM: {job.project_manager?.name ?? "—"} · COL: {job.contact_on_location?.name ?? "—"}
                {bosses.length > 0 && <> · Crew boss: {bosses.map((b) => b.name).join(", ")}</>}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-gray-500">Filled</dt>
              <dd className="tabular-nums">
                {job.filled}/{job.positions} positions
              </dd>
            </div>
          </dl>
        </div>
        <JobActions
          jobId={job.id}
          jobName={job.name}
          status={job.status}
          reason={job.reason}
          canEdit={job.can.edit}
          canTemplates={job.can.templates}
          canChangeStatus={job.can.change_status}
          canDelete={job.can.delete}
          canReport={job.can.report}
          canOpenRates={job.can.rates}
          invoiceReference={job.invoice_reference}
          rosterDates={rosterDates}
          canChat={canChat}
        />
      </div>
      <LinkTabs tabs={tabs} label="Job sections" className="mb-4" />
      {children}
    </>
  );
}
