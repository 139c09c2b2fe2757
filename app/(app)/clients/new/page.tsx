import { NavLink } from "@/components/ui/nav-link";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { routeMetadata } from "@/lib/auth/metadata";
import { ClientForm } from "../client-form";
import { clientFormOptions } from "../form-data";

export const metadata = routeMetadata("/clients/new");

/** /clients/new [company_create]. */
export default async function NewClientPage() {
  const options = await clientFormOptions();
  return (
    <>
      <PageHeader
        title="New client"
        description="The company, its policies for crew and the office users who look after it."
        actions={
          <NavLink href="/clients" className={buttonClass({ variant: "secondary" })}>
            Back to clients
          </NavLink>
        }
      />
      <ClientForm client={null} options={options} />
    </>
  );
}
