import { Skeleton } from "@/components/ui/skeleton";

/** A tab's list while it loads (the header, widget and tabs stay in place). */
export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">Loading shifts…</span>
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="rounded-card border border-gray-200 bg-white p-4">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="mt-2 h-4 w-1/3" />
          <Skeleton className="mt-4 h-5 w-3/4" />
          <Skeleton className="mt-4 h-12 w-full sm:w-40" />
        </div>
      ))}
    </div>
  );
}
