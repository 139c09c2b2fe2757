import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { lenientList, pageData } from "@/lib/http/page";
import { listTemplates, templateFormOptions } from "@/lib/services/templates";
import { TemplatesTable } from "./templates-table";

export const metadata = routeMetadata("/jobs/templates");

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function JobTemplatesPage({
  searchParams,
}: {
  searchParams: Promise<Search>;
}) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const [{ data: page }, options] = await Promise.all([
    // A value the list rejects (?page=-1, ?company=abc) is left out, not an error screen.
    lenientList((input) => listTemplates(ctx, input), {
      page: one(sp.page),
      filter: { company: one(sp.company), name: one(sp.name) },
    }),
    pageData(templateFormOptions(ctx)),
  ]);
  const filtered = Boolean(one(sp.company) || one(sp.name));
  return (
    <>
      <PageHeader
        title="Job templates"
        description="Saved shift plans to build new jobs from. Save a job as a template from its page."
      />
      <FilterBar
        label="Filter job templates"
        fields={[
          {
            kind: "select",
            param: "company",
            label: "Company",
            all: "All companies",
            options: options.companies.map((c) => ({ value: c.id, label: c.name })),
          },
          { kind: "search", param: "name", label: "Name", placeholder: "Template name" },
        ]}
      />
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
