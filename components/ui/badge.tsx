import type { ComponentProps } from "react";
import { cn } from "./cn";

const tones = {
  neutral: "bg-gray-100 text-gray-800 ring-gray-300",
  accent: "bg-accent-50 text-accent-800 ring-accent-200",
  success: "bg-success-50 text-success-800 ring-success-200",
  warning: "bg-warning-50 text-warning-800 ring-warning-200",
  danger: "bg-danger-50 text-danger-800 ring-danger-200",
} as const;

export type BadgeTone = keyof typeof tones;

export type BadgeProps = ComponentProps<"span"> & { tone?: BadgeTone };

/**
 * A small label. Colour never carries meaning alone: the text says it. Job and application
 * statuses should go through one status-to-tone map (DESIGN.md §11) built on this.
 */
export function Badge({ tone = "neutral", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
