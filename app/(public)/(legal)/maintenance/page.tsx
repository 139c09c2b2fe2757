import type { Metadata } from "next";
import { NavLink } from "@/components/ui/nav-link";
import { connection } from "next/server";

import { requestCtx } from "@/lib/auth/session";
import { maintenanceNotice } from "@/lib/services/settings/agency";
import { LegalSection, listClass } from "../_components/legal-ui";

export const metadata: Metadata = {
  title: "Maintenance",
  description: "Crewdeck is undergoing scheduled maintenance and will be back shortly.",
  robots: { index: false, follow: false },
};

/** The administrator's note and the agency's phone, when the database answers (it may not). */
async function notice(): Promise<{ message: string | null; phone: string | null }> {
  await connection(); // read per request, never at build time
  try {
    const { message, phone } = await maintenanceNotice(await requestCtx());
    return { message, phone };
  } catch (err) {
    // The page must show even when the database is what is being maintained.
    console.error("[maintenance] settings could not be read", err);
    return { message: null, phone: null };
  }
}

export default async function MaintenancePage() {
  const { message, phone } = await notice();
  return (
    <>
      <header className="mb-10 border-b border-gray-200 pb-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-warning-50 px-3 py-1 text-sm font-medium text-warning-800 ring-1 ring-warning-200">
          <span aria-hidden="true" className="size-2 rounded-full bg-warning-600" />
          Scheduled maintenance
        </p>
        <h1 className="mt-5 mb-0 text-3xl font-semibold tracking-tight text-balance text-gray-900 sm:text-4xl">
          We’ll be back shortly
        </h1>
        <div className="mt-6 space-y-4 text-lg text-gray-700">
          {message && <p className="font-medium text-gray-900">{message}</p>}
          <p>
            Crewdeck is undergoing scheduled maintenance to keep the service fast and secure. This
            usually only takes a few minutes.
          </p>
          <p>
            Everything you saved before the maintenance started — your profile, bookings, hours and
            messages — is safe. There is nothing you need to do.
          </p>
        </div>
        <p className="mt-8">
          <NavLink
            href="/"
            prefetch={false}
            className="inline-flex h-12 items-center justify-center rounded-control bg-accent-600 px-5 text-base font-medium text-white no-underline shadow-sm transition-colors hover:bg-accent-700 hover:text-white active:bg-accent-800 max-sm:w-full"
          >
            Try again
          </NavLink>
        </p>
      </header>

      <LegalSection id="if-urgent" title="If it’s urgent">
        <p>
          Please <strong>call your agency’s crew handler by phone</strong>
          {phone ? (
            <>
              {" "}
              at <a href={`tel:${phone.replace(/[^+\d]/g, "")}`}>{phone}</a>.
            </>
          ) : (
            <>
              . You can find their number in your booking confirmation or in earlier messages from
              your agency.
            </>
          )}
        </p>
        <ul className={listClass}>
          <li>
            <strong>Starting a shift now?</strong> Go to your shift as planned and make a note of
            the time you arrive and leave. You can report your hours when Crewdeck is back, and your
            crew handler can correct check-in times if needed.
          </li>
          <li>
            <strong>Running late or unable to attend?</strong> Call your crew handler straight away
            so they can let the client know.
          </li>
          <li>
            <strong>Client contact on location?</strong> Call the crew handler or project manager at
            the agency if you need to change a booking or confirm who is on site.
          </li>
        </ul>
      </LegalSection>
    </>
  );
}
