import { PageHeader } from "@/components/ui";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { listTemplates, templateFormOptions } from "@/lib/services/templates";
import { TemplatesFilters } from "./templates-filters";
import { TemplatesTable } from "./templates-table";

export const metadata = routeMetadata("/jobs/templates");

type Search = Record<string, string | undefined>;

export default async function JobTemplatesPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const [page, options] = await Promise.all([
    pageData(listTemplates(ctx, { page: sp.page, filter: { company: sp.company, name: sp.name } })),
    pageData(templateFormOptions(ctx)),
  ]);
  const filtered = Boolean(sp.company || sp.name);
  return (
    <>
      <PageHeader
        title="Job templates"
        description="Saved shift plans to build new jobs from. Save a job as a template from its page."
      />
      <TemplatesFilters companies={options.companies} />
      <TemplatesTable
        items={page.items}
        meta={page.meta}
        emptyHint={
          filtered
            ? "No template matches these filters. Clear them to see every template."
            : "Open a job and choose “Save as template” to reuse its shifts."
        }
      />
    </>
  );
}
