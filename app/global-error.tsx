"use client";

import "./globals.css";
import { ServerErrorScreen } from "@/components/shell/server-error-screen";

/** The root layout itself failed: the same 500 screen, inside a document of its own. */
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en">
      <body className="bg-gray-50 text-gray-900">
        <ServerErrorScreen retry={reset} reference={error.digest} />
      </body>
    </html>
  );
}
