import type { ComponentProps } from "react";
import { cn } from "./cn";

const sizes = { sm: "size-4", md: "size-5", lg: "size-8" } as const;

export type SpinnerProps = Omit<ComponentProps<"svg">, "children"> & {
  size?: keyof typeof sizes;
  /** When set, the spinner announces itself (role="status"); otherwise it is decorative. */
  label?: string;
};

export function Spinner({ size = "md", label, className, ...props }: SpinnerProps) {
  const svg = (
    <svg
      data-spinner=""
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cn("shrink-0 animate-spin", sizes[size], className)}
      {...props}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" className="inline-flex items-center">
      {svg}
      <span className="sr-only">{label}</span>
    </span>
  );
}
