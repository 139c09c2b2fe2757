import { PageHeader } from "@/components/ui";
import { requestCtx } from "@/lib/auth/session";
import { routeMetadata } from "@/lib/auth/metadata";
import { pageData } from "@/lib/http/page";
import { wizardOptions } from "@/lib/services/users";
import { CreateUserWizard } from "./wizard";

export const metadata = routeMetadata("/users/create");

export default async function CreateUserPage() {
  const ctx = await requestCtx();
  const options = await pageData(wizardOptions(ctx));
  return (
    <>
      <PageHeader
        title="Create user"
        description="Choose the role first: it decides which details the new user needs."
      />
      <CreateUserWizard options={options} />
    </>
  );
}
