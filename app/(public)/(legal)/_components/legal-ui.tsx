import type { ReactNode } from "react";

/**
 * Small presentational helpers shared by the public legal pages.
 * Server-only markup: no hooks, no client state. The `_components` folder is
 * private (underscore prefix), so nothing in here becomes a route.
 */

export const PRIVACY_EMAIL = "privacy@crewdeck.test";

export const linkClass =
  "font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 focus-visible:rounded-sm";

export const listClass = "list-disc space-y-2 pl-5 marker:text-gray-500";

export const orderedListClass = "list-decimal space-y-2 pl-5 marker:text-gray-500";

export const subHeadingClass = "mt-6 text-base font-semibold text-gray-900";

/** Resets `.legal-prose` list styling for lists that are laid out as cards or blocks. */
export const plainListClass = "list-none pl-0";

/** Formats an ISO date (YYYY-MM-DD) as DD/MM/YYYY without depending on locale or time zone. */
function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

export function LegalPageHeader({
  title,
  lastUpdated,
  children,
}: {
  title: string;
  /** ISO date, e.g. "2026-11-22". Rendered as DD/MM/YYYY. */
  lastUpdated: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-10 border-b border-gray-200 pb-8">
      <h1 className="mb-0 text-3xl font-semibold tracking-tight text-balance text-gray-900 sm:text-4xl">
        {title}
      </h1>
      <p className="mt-3 text-sm text-gray-600">
        Last updated: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
      </p>
      {children ? <div className="mt-6 space-y-4 text-lg text-gray-700">{children}</div> : null}
    </header>
  );
}

export function LegalSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="mt-12 scroll-mt-6 first:mt-0">
      <h2 id={headingId} className="mt-0 text-xl font-semibold tracking-tight text-gray-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** The generic contact route used on every legal page. */
export function PrivacyContact() {
  return (
    <>
      the privacy contact of your agency, or{" "}
      <a href={`mailto:${PRIVACY_EMAIL}`} className={linkClass}>
        {PRIVACY_EMAIL}
      </a>
    </>
  );
}
