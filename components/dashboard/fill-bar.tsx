import { cn } from "@/components/ui/cn";

/** How full a shift is: a bar and "4/5", named "4 of 5 positions filled" for screen readers. */
export function FillBar({ filled, positions }: { filled: number; positions: number }) {
  const share = positions > 0 ? Math.min(1, filled / positions) : 0;
  const full = positions > 0 && filled >= positions;
  return (
    <span className="flex items-center gap-2">
      <span
        role="progressbar"
        aria-label={`${filled} of ${positions} positions filled`}
        aria-valuemin={0}
        aria-valuemax={positions}
        aria-valuenow={Math.min(filled, positions)}
        className="block h-2 w-24 overflow-hidden rounded-full bg-gray-200 sm:w-32"
      >
        <span
          className={cn("block h-full rounded-full", full ? "bg-success-600" : "bg-warning-600")}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </span>
      <span
        aria-hidden="true"
        className={cn(
          "text-sm tabular-nums",
          full ? "font-medium text-success-700" : "text-gray-700",
        )}
      >
        {filled}/{positions}
      </span>
    </span>
  );
}
