import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { listBranches, listCountries } from "@/lib/services/reference";
import { SalaryFilters, SalaryTabs } from "./view-controls";

/**
 * /salaryreports [salary_access] (spec §2): the period and the branch or country, kept in the
 * query and carried by every tab: overview, pay slips, export history and summary.
 */
export default async function SalaryLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requestCtx();
  const [branches, countries] = await Promise.all([
    pageData(listBranches(ctx)),
    pageData(listCountries(ctx, {})),
  ]);
  return (
    <>
      <PageHeader
        title="Salary"
        description="Calculate salary from approved hours, pay workers and hand out their pay slips."
        className="mb-4"
      />
      <SalaryFilters
        branches={branches.map((b) => ({ value: b.id, label: b.name }))}
        countries={countries.map((c) => ({ value: c.id, label: c.name }))}
      />
      <SalaryTabs />
      {children}
    </>
  );
}
