import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { viewerTimeZone } from "@/lib/services/viewer-zone";
import { routeMetadata } from "@/lib/auth/metadata";
import { formatDateTime } from "@/lib/domain/format";
import { lenientList, pageData } from "@/lib/http/page";
import { listApplicants, recentlyPromoted } from "@/lib/services/applicants";
import { applicantsCount } from "../menu-badges";
import { ApplicantsTable } from "./applicants-table";
import { RecentlyApproved } from "./recently-approved";

export const metadata = routeMetadata("/applicants");

/** The agency's zone for the times on this screen (the demo agency works from Copenhagen). */

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function ApplicantsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const [{ data: page, dropped }, recent, timeZone, waiting] = await Promise.all([
    // A value the list rejects (?page=0) is left out, not an error screen.
    lenientList((input) => listApplicants(ctx, input), {
      page: one(sp.page),
      filter: { search: one(sp.search) },
    }),
    pageData(recentlyPromoted(ctx)),
    viewerTimeZone(ctx),
    pageData(applicantsCount()),
  ]);
  const filtered = Boolean(one(sp.search)) && !dropped["filter.search"];
  return (
    <>
      <PageHeader
        title="Applicants"
        description={`People who signed up and wait for the agency's approval (${waiting.count} waiting). Check their skills, documents and profile, then approve them so they can be booked.`}
      />
      <FilterBar
        label="Filter applicants"
        fields={[
          {
            kind: "search",
            param: "search",
            label: "Search",
            placeholder: "Name, e-mail or phone",
          },
        ]}
      />
      <ApplicantsTable
        items={page.items.map((a) => ({
          ...a,
          registered: formatDateTime(new Date(a.registered_at), timeZone),
        }))}
        meta={page.meta}
        emptyTitle={filtered ? "No applicant matches this search" : "No applicants waiting"}
        emptyHint={
          filtered
            ? "Try another part of the name, e-mail or phone, or clear the search."
            : "Everyone who signed up has been approved. New sign-ups show here."
        }
      />
      <RecentlyApproved rows={recent} timeZone={timeZone} />
    </>
  );
}
