import { PageHeader } from "@/components/ui";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { listDressCodes } from "@/lib/services/dresscodes";
import { NewDressCodeButton } from "./dresscode-form";
import { DressCodesSearch } from "./dresscodes-search";
import { DressCodesTable } from "./dresscodes-table";

export const metadata = routeMetadata("/dresscodes");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function DressCodesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  // A hand-edited URL (?page=abc, a huge search) shows the first page instead of an error.
  const rawPage = first(sp.page);
  const search = first(sp.search)?.trim().slice(0, 200) || undefined;
  const page = await pageData(
    listDressCodes(ctx, {
      page: rawPage && /^[1-9]\d{0,5}$/.test(rawPage) ? rawPage : undefined,
      filter: { search },
    }),
  );
  return (
    <>
      <PageHeader
        title="Dress codes"
        description="What crew wear on a job. Jobs and shifts point at one of these."
        actions={<NewDressCodeButton />}
      />
      <DressCodesSearch />
      <DressCodesTable
        items={page.items}
        meta={page.meta}
        emptyTitle={search ? "No dress code matches your search" : "No dress codes yet"}
        emptyHint={
          search
            ? `Nothing is named like “${search}”. Try another part of the name, or clear the search.`
            : "Create the first dress code with “New dress code”, then choose it on jobs and shifts."
        }
        emptyAction={search ? undefined : <NewDressCodeButton />}
      />
    </>
  );
}
