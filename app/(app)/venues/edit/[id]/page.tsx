import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/button";
import { requestCtx } from "@/lib/auth/session";
import { pageData } from "@/lib/http/page";
import { listCompanies, listCountries } from "@/lib/services/reference";
import { venueForPage } from "./data";
import { VenueForm } from "./venue-form";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: (await params).id === "new" ? "New venue" : "Edit venue" };
}

/** /venues/edit/new adds a venue; /venues/edit/{id} changes one (spec §2). */
export default async function EditVenuePage({ params }: { params: Params }) {
  const { id } = await params;
  const ctx = await requestCtx();
  const actor = ctx.actor?.kind === "user" ? ctx.actor : null;
  const staff = Boolean(actor && !actor.isClient);
  const [venue, countries, companies] = await Promise.all([
    venueForPage(id),
    pageData(listCountries(ctx, { all: 1 })),
    staff ? pageData(listCompanies(ctx, { dropdown: 1 })) : null,
  ]);
  // Operational countries, plus the one an existing venue already has.
  const countryOptions = countries
    .filter((c) => c.operational || c.id === venue?.country_id)
    .map((c) => ({ id: c.id, name: c.name }));
  const companyOptions = (companies?.items ?? []).map((c) => ({ id: c.id, name: c.name }));
  if (venue?.company && !companyOptions.some((c) => c.id === venue.company!.id))
    companyOptions.push(venue.company);

  return (
    <>
      <PageHeader
        title={venue ? (venue.can.edit ? `Edit ${venue.name}` : venue.name) : "New venue"}
        description={
          venue && !venue.can.edit
            ? undefined
            : staff
              ? "Venues of the agency or of a client. A public venue is offered to every client."
              : "The venue is saved for your company and waits for the agency's approval before it becomes public."
        }
        actions={
          <NavLink href="/venues" className={buttonClass({ variant: "secondary" })}>
            Back to venues
          </NavLink>
        }
      />
      <VenueForm
        venue={venue}
        staff={staff}
        userId={actor?.userId ?? null}
        countries={countryOptions}
        companies={staff ? companyOptions : null}
      />
    </>
  );
}
