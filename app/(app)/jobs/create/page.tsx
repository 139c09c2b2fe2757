import { PageHeader } from "@/components/ui/page-header";
import { JobForm } from "@/components/jobs/job-form/job-form";
import { emptyJobFields } from "@/components/jobs/job-form/types";
import { requestCtx } from "@/lib/auth/session";
import { canEstimateCosts } from "@/lib/services/rates/estimate";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { jobFormOptions } from "@/lib/services/jobs/form-options";
import { createJobAction, estimateCostsAction, loadCompanyOptions } from "./actions";

export const metadata = routeMetadata("/jobs/create");

export default async function CreateJobPage() {
  const ctx = await requestCtx();
  const options = await pageData(jobFormOptions(ctx));
  const prices = canEstimateCosts(ctx);
  // A client contact works for one company: preselect it.
  const only = options.companies.length === 1 ? options.companies[0] : null;
  return (
    <>
      <PageHeader
        title="Create job"
        description="The job's details first, then its shifts and the skills each one needs."
      />
      <JobForm
        mode="create"
        options={options}
        now={ctx.now.toISOString()}
        initialFields={{
          ...emptyJobFields,
          company_id: only?.id ?? null,
          country_id: only?.country_id ?? null,
        }}
        initialShifts={{ shifts: [], nextNewId: 1 }}
        loadCompany={loadCompanyOptions}
        estimate={prices ? estimateCostsAction : undefined}
        save={createJobAction}
      />
    </>
  );
}
