import { NavLink } from "@/components/ui/nav-link";

export const dynamic = "force-dynamic";

/** Sign-in and account-security screens: one calm card, centred, comfortable on a phone. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-md">
          <div className="mb-6 flex items-center justify-center gap-2 text-xl font-semibold text-gray-900">
            <span
              aria-hidden
              className="grid size-8 place-items-center rounded-md bg-accent-600 text-base font-bold text-white"
            >
              C
            </span>
            Crewdeck
          </div>
          <div className="rounded-card border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
            {children}
          </div>
        </div>
      </main>
      <footer className="flex flex-wrap justify-center gap-x-4 gap-y-1 px-4 pb-6 text-sm text-gray-600">
        <NavLink href="/privacy-policy" className="hover:underline">
          Privacy policy
        </NavLink>
        <NavLink href="/privacy-notice" className="hover:underline">
          Privacy notice
        </NavLink>
        <a
          href="/cookie-policy"
          target="_blank"
          rel="noopener noreferrer"
          className="hover:underline"
        >
          Cookie policy
        </a>
      </footer>
    </div>
  );
}
