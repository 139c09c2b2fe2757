import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { templateFormOptions } from "@/lib/services/templates";
import { templateForPage } from "./data";
import { TemplateEditor } from "./template-editor";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ id: string }>;
}): Promise<Metadata> {
  return routeMetadata(`/jobs/templates/${encodeURIComponent((await params).id)}`);
}

export default async function JobTemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [template, options] = await Promise.all([
    templateForPage(id),
    pageData(templateFormOptions(await requestCtx())),
  ]);
  return (
    <>
      <PageHeader
        title={template.name}
        description={`${template.company_name} · ${template.shifts_count} ${
          template.shifts_count === 1 ? "shift" : "shifts"
        }${template.created_by ? ` · created by ${template.created_by}` : ""}`}
      >
        <p className="text-sm text-gray-600">
          <NavLink href="/jobs/templates" className="text-accent-700 hover:underline">
            All job templates
          </NavLink>
        </p>
      </PageHeader>
      <TemplateEditor
        key={template.id}
        template={template}
        companies={options.companies}
        skills={options.skills}
        canCreateJob={options.canCreateJob}
      />
    </>
  );
}
