"use client";

import { lazy } from "react";
import { useSearchParams } from "next/navigation";

// The notice and its table of words are fetched only when a refusal is to be shown.
// React.lazy, not next/dynamic, whose loader would itself join the first load.
const DeniedMessage = lazy(() =>
  import("./denied-notice-message").then((m) => ({ default: m.DeniedMessage })),
);

/**
 * On the start page a refused route led to (?denied=, lib/auth/guard.ts and lib/http/page.ts):
 * what was refused, in the fixed words of lib/domain/denied.ts. An unknown code shows nothing.
 * The layout draws it inside a Suspense boundary.
 */
export function DeniedNotice() {
  const code = useSearchParams()?.get("denied");
  return code ? <DeniedMessage code={code} /> : null;
}
