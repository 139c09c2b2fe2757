import { LinkTabs } from "@/components/ui/tabs";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { isReviewOffice } from "@/lib/services/approvals";
import { requireUser } from "@/lib/services/context";
import { inboxCounts } from "../menu-badges";
import { DocumentsInbox } from "./documents-inbox";
import { HoursInbox, type Search } from "./hours-inbox";
import { VenuesInbox } from "./venues-inbox";

export const metadata = routeMetadata("/approvals");

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const DESCRIPTION = {
  hours:
    "Check the hours workers reported for finished shifts, correct them where needed and approve them.",
  documents:
    "Documents workers uploaded (ID, work permits, certificates). Open each file, then approve it or decline it with a reason the worker will read.",
  venues:
    "Venues clients added for their jobs. Approve one to offer it to every client, or decline it.",
};

/**
 * The office's approvals inbox (issue 11): a tab per kind with what waits in it. Hours is
 * the default and today's screen; Documents and Venues are the agency's review, so a client
 * contact (approval_access for its own company's hours) sees the hours alone.
 */
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const actor = requireUser(ctx);
  const office = isReviewOffice(actor);
  const counts = await pageData(inboxCounts());
  const kinds = [
    { key: "hours" as const, label: "Hours", count: counts.hours },
    ...(office ? [{ key: "documents" as const, label: "Documents", count: counts.documents }] : []),
    ...(office && counts.venues !== null
      ? [{ key: "venues" as const, label: "Venues", count: counts.venues }]
      : []),
  ];
  // A kind this user has no tab for (or a made-up one) shows the hours.
  const kind = kinds.find((k) => k.key === one(sp.type))?.key ?? "hours";
  return (
    <>
      <PageHeader title="Approvals" description={DESCRIPTION[kind]} />
      {kinds.length > 1 && (
        <LinkTabs
          label="Approval kinds"
          className="mb-4"
          tabs={kinds.map((k) => ({
            href: k.key === "hours" ? "/approvals" : `/approvals?type=${k.key}`,
            label: `${k.label} (${k.count ?? 0})`,
            current: k.key === kind,
          }))}
        />
      )}
      {kind === "documents" ? (
        <DocumentsInbox sp={sp} ctx={ctx} />
      ) : kind === "venues" ? (
        <VenuesInbox sp={sp} ctx={ctx} />
      ) : (
        <HoursInbox sp={sp} ctx={ctx} />
      )}
    </>
  );
}
