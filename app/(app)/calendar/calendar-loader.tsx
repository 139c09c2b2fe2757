"use client";

import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from "react";
import { Skeleton } from "@/components/ui/skeleton";

// React.lazy (not next/dynamic): react-big-calendar, luxon and their CSS load on /calendar only.
const CalendarView = lazy(() => import("./calendar-view"));

const noop = () => () => undefined;

/**
 * The calendar is drawn in the browser only: the server sends its events and a placeholder.
 * Drawn on the server too, react-big-calendar's agenda of a busy agency's month (3,000 events
 * at scale) held the server's one thread for ~13 s before the first byte (each of its 30 days
 * tests every event, through luxon, on the server); the browser draws the same in under a
 * second, and the week view's ~1,000 events no longer delay the page either.
 */
export function CalendarLoader(props: ComponentProps<typeof CalendarView>) {
  const inBrowser = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  const placeholder = <Skeleton className="h-[36rem] w-full" />;
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CalendarView {...props} />
    </Suspense>
  );
}
