import type { ReactNode } from "react";
import { NavLink } from "@/components/ui/nav-link";

// Focus rings come from the global `:focus-visible` style in app/globals.css.
const footerLinkClass =
  "rounded-sm text-gray-600 underline decoration-gray-400 underline-offset-4 hover:text-gray-900 hover:decoration-gray-900";

export default function LegalLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-base leading-relaxed text-gray-800 antialiased">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:rounded-control focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-gray-900 focus:shadow-md"
      >
        Skip to content
      </a>

      <header className="border-b border-gray-200 bg-gray-50/80">
        <div className="mx-auto flex w-full max-w-[70ch] items-center px-5 py-4 sm:px-6">
          <NavLink
            href="/sign-in"
            className="rounded-sm text-lg font-semibold tracking-tight text-gray-900 hover:text-accent-700"
          >
            Crewdeck
          </NavLink>
        </div>
      </header>

      <main id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto w-full max-w-[70ch] px-5 py-10 sm:px-6 sm:py-14">
          <article className="legal-prose break-words">{children}</article>
        </div>
      </main>

      <footer className="border-t border-gray-200 bg-gray-50/80">
        <div className="mx-auto w-full max-w-[70ch] px-5 py-8 text-sm sm:px-6">
          <nav aria-label="Legal">
            <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-6">
              <li>
                <NavLink href="/privacy-policy" className={footerLinkClass}>
                  Privacy policy
                </NavLink>
              </li>
              <li>
                <NavLink href="/privacy-notice" className={footerLinkClass}>
                  Privacy notice
                </NavLink>
              </li>
              <li>
                <NavLink
                  href="/cookie-policy"
                  target="_blank"
                  rel="noopener noreferrer"
                  className={footerLinkClass}
                >
                  Cookie policy<span className="sr-only"> (opens in a new tab)</span>
                </NavLink>
              </li>
            </ul>
          </nav>
          <p className="mt-6 text-gray-500">
            Crewdeck is operated on behalf of the staffing agency that runs this installation.
          </p>
        </div>
      </footer>
    </div>
  );
}
