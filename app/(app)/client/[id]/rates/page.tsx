import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { pageData, pageId } from "@/lib/http/page";
import { clientRatesScreen } from "@/lib/services/rates";
import { BranchPicker } from "@/components/rates/branch-picker";
import { ClientRatesEditor } from "./client-rates-editor";
import { contentKey } from "@/components/rates/grid-values";

export const dynamic = "force-dynamic";
export const metadata = { title: "Client rates" };

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function ClientRatesPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Search>;
}) {
  const { id } = await params;
  const companyId = pageId(id, "Company");
  const sp = await searchParams;
  const ctx = await requestCtx();
  const screen = await pageData(clientRatesScreen(ctx, companyId, first(sp.branch)));
  const { company, branch, currency } = screen;
  return (
    <>
      <PageHeader
        title={`Rates: ${company.name}`}
        description="What the client pays per hour for each skill at a branch, with weekend and night prices, and the worker pay each price assumes (the margin uses it where no worker rate prices the skill)."
      />
      {!branch || !currency ? (
        <EmptyState
          title="No branches yet"
          hint="Add a branch under Settings › Branches; a rate card belongs to a client and a branch."
        />
      ) : (
        <div className="flex min-w-0 flex-col gap-4">
          <BranchPicker
            branches={screen.branches.map((b) => ({
              id: b.id,
              label: `${b.name} (${b.currency_code})${b.id === company.default_branch_id ? " — default" : ""}`,
            }))}
            value={branch.id}
          />
          <ClientRatesEditor
            key={`${company.id}:${branch.id}:${contentKey(screen.rates)}`}
            companyId={company.id}
            branchId={branch.id}
            branchName={branch.name}
            currency={{ code: currency.code, digits: currency.minor_units }}
            skills={screen.skills}
            rates={screen.rates}
            presets={screen.presets}
          />
        </div>
      )}
    </>
  );
}
