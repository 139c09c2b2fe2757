"use client";

import "./globals.css";

export default function GlobalError({
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en">
      <body className="bg-gray-50 text-gray-900">
        <main className="flex min-h-dvh items-center justify-center px-4">
          <div className="max-w-md text-center">
            <p className="text-sm font-semibold text-accent-700">500</p>
            <h1 className="mt-2 text-3xl font-semibold">Something went wrong</h1>
            <p className="mt-3 text-gray-700">
              Sorry, Crewdeck could not load this page. Please try again in a moment.
            </p>
            <button
              type="button"
              onClick={reset}
              className="mt-6 rounded-md bg-accent-600 px-4 py-2 font-medium text-white"
            >
              Try again
            </button>
          </div>
        </main>
      </body>
    </html>
  );
}
