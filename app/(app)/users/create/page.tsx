import { PageHeader } from "@/components/ui/page-header";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { ROLE } from "@/lib/domain/permissions";
import { wizardOptions } from "@/lib/services/users";
import { CreateUserWizard } from "./wizard";

export const metadata = routeMetadata("/users/create");

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/**
 * ?role=client&company_id={id} presets the wizard for a contact of that company (the client's
 * Users tab links here); the company step still checks the company is in the user's scope.
 */
export default async function CreateUserPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const ctx = await requestCtx();
  const options = await pageData(wizardOptions(ctx));
  return (
    <>
      <PageHeader
        title="Create user"
        description="Choose the role first: it decides which details the new user needs."
      />
      <CreateUserWizard
        options={options}
        preset={{
          roleTitle: one(sp.role) === "client" ? ROLE.client : undefined,
          companyId: one(sp.company_id),
        }}
      />
    </>
  );
}
