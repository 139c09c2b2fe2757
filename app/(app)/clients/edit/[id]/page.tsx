import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { ClientForm } from "../../client-form";
import { clientFormOptions } from "../../form-data";
import { clientForPage } from "../../client-data";

type Params = Promise<{ id: string }>;

export const metadata: Metadata = { title: "Edit client" };

/** /clients/edit/{id} [company_create or company_edit]; the verb needs company_edit to save. */
export default async function EditClientPage({ params }: { params: Params }) {
  const client = await clientForPage((await params).id);
  if (!client.can.edit) redirect(`/client/${client.id}`);
  const options = await clientFormOptions(client.countryid);
  return (
    <>
      <PageHeader
        title={`Edit ${client.name}`}
        actions={
          <NavLink href={`/client/${client.id}`} className={buttonClass({ variant: "secondary" })}>
            Back to client
          </NavLink>
        }
      />
      <ClientForm client={client} options={options} />
    </>
  );
}
