import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A grey placeholder block; size it with classes (e.g. "h-4 w-32"). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-control bg-gray-200", className)}
      {...props}
    />
  );
}

export type PageSkeletonProps = {
  /** Number of placeholder rows (default 5). */
  rows?: number;
  /** Text announced to screen readers (default "Loading…"). */
  label?: string;
  className?: string;
};

/** For loading.tsx: a page header bar and a few table/card rows. */
export function PageSkeleton({ rows = 5, label = "Loading…", className }: PageSkeletonProps) {
  return (
    <div role="status" aria-live="polite" className={cn("flex flex-col gap-6", className)}>
      <span className="sr-only">{label}</span>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-2">
          <Skeleton className="h-8 w-48 max-w-full" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <Skeleton className="h-10 w-32" />
      </div>
      <div className="flex flex-col gap-3 rounded-card border border-gray-200 bg-white p-4">
        <Skeleton className="h-5 w-full" />
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex items-center gap-4">
            <Skeleton className="h-10 flex-1" />
            <Skeleton className="hidden h-10 w-1/4 sm:block" />
            <Skeleton className="hidden h-10 w-1/6 sm:block" />
          </div>
        ))}
      </div>
    </div>
  );
}
