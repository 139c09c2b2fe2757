import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button";

/** The 404 and 500 screens: a calm message and a way back. */
export function StatusScreen({
  code,
  title,
  children,
  action,
  home = true,
}: {
  code: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /** The "Go to my start page" link (the 500 screen offers Go back instead). */
  home?: boolean;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold tracking-wide text-accent-700">{code}</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-gray-900">{title}</h1>
        <div className="mt-3 text-gray-700">{children}</div>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {action}
          {/* A full load, not next/link: after an error a fresh page is wanted, and the 404 and
              500 boundaries are part of every page's first load, where next/link would be
              bundled once more per boundary (README, first-load JavaScript). */}
          {home && (
            <a href="/" className={buttonClass({ variant: action ? "secondary" : "primary" })}>
              Go to my start page
            </a>
          )}
        </div>
      </div>
    </main>
  );
}

export function NotFoundScreen() {
  return (
    <StatusScreen code="404" title="Page not found">
      <p>
        We could not find the page you asked for. It may have moved, or the link may be mistyped.
      </p>
    </StatusScreen>
  );
}
