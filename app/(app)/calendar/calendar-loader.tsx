"use client";

import { lazy, Suspense, type ComponentProps } from "react";
import { Skeleton } from "@/components/ui/skeleton";

// React.lazy (not next/dynamic): react-big-calendar, luxon and their CSS load on /calendar only.
const CalendarView = lazy(() => import("./calendar-view"));

export function CalendarLoader(props: ComponentProps<typeof CalendarView>) {
  return (
    <Suspense fallback={<Skeleton className="h-[36rem] w-full" />}>
      <CalendarView {...props} />
    </Suspense>
  );
}
