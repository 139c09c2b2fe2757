"use client";

import { lazy, Suspense, type ReactNode } from "react";

// React.lazy, not next/dynamic, whose loader would itself join every first load. The button
// shows only after 200 px of scrolling, so its code (~1 KB) comes after the page, not with it:
// the server draws nothing for it, and its part of the page hydrates when the code arrives.
const ScrollTop = lazy(() => import("./scroll-top").then((m) => ({ default: m.ScrollTop })));

/** The back-to-top button (scroll-top.tsx), its code fetched after the page. */
export function LazyScrollTop({ icon }: { icon: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <ScrollTop icon={icon} />
    </Suspense>
  );
}
