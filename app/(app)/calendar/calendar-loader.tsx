"use client";

import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from "react";
import { Skeleton } from "@/components/ui/skeleton";

// React.lazy (not next/dynamic): react-big-calendar, luxon and their CSS load on /calendar only.
const CalendarView = lazy(() => import("./calendar-view"));

const noop = () => () => undefined;

/**
 * The calendar is drawn in the browser only: the server sends its events and a placeholder.
 * Drawn on the server too, react-big-calendar's agenda of a busy agency's month (3,000 events
 * at scale) held the server's one thread for ~13 s before the first byte, every other user's
 * request waiting behind it (each of its 30 days tests every event, through luxon). The page
 * now answers in ~0.2 s, and the week and agenda hold the first few shifts of each day (our own
 * agenda sorts them into days once): the browser draws either in ~1 s.
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
