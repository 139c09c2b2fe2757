import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from "react";
import { cn } from "./cn";
import { Spinner } from "./spinner";

const base =
  // min-h rather than h: a long label wraps inside the button instead of widening a phone screen.
  "inline-flex max-w-full items-center justify-center gap-2 rounded-control text-center font-medium leading-tight " +
  "transition-colors select-none disabled:cursor-not-allowed disabled:opacity-60 " +
  "aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:shrink-0";

const variants = {
  primary: "bg-accent-600 text-white shadow-sm hover:bg-accent-700 active:bg-accent-800",
  secondary:
    "border border-gray-400 bg-white text-gray-900 shadow-sm hover:bg-gray-50 active:bg-gray-100",
  ghost: "text-gray-700 hover:bg-gray-100 hover:text-gray-900 active:bg-gray-200",
  danger: "bg-danger-600 text-white shadow-sm hover:bg-danger-700 active:bg-danger-800",
  link: "text-accent-700 underline-offset-4 hover:text-accent-800 hover:underline",
} as const;

// Tap targets: at least 44 × 44 px on a phone and on any touch screen (WCAG 2.5.5); the denser
// sizes only from 640 px with a fine pointer (a mouse).
const sizes = {
  sm: "min-h-11 min-w-11 px-3 py-1.5 text-sm sm:pointer-fine:min-h-9 sm:pointer-fine:min-w-9 [&_svg]:size-4",
  md: "min-h-11 min-w-11 px-4 py-2 text-sm sm:pointer-fine:min-h-10 sm:pointer-fine:min-w-10 [&_svg]:size-4",
  // Large: for the worker's next action on a phone (48 px touch target).
  lg: "min-h-12 px-5 py-2.5 text-base [&_svg]:size-5",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export type ButtonClassOptions = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
};

/** Button styling for elements that are not a <Button>, e.g. a Next <Link>. */
export function buttonClass({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: ButtonClassOptions = {}): string {
  return cn(
    base,
    variants[variant],
    // A link-styled button keeps the text size of its size but not its box.
    variant === "link" ? "min-h-0 min-w-0 px-0 py-0" : sizes[size],
    variant === "link" && sizes[size].split(" ").filter((c) => c.startsWith("text-")),
    fullWidth && "w-full",
    className,
  );
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  /** Render the single child (e.g. a <Link>) with button styling instead of a <button>. */
  asChild?: boolean;
};

export function Button({
  variant,
  size,
  fullWidth,
  loading = false,
  asChild = false,
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  const classes = buttonClass({ variant, size, fullWidth, className });
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner size={size === "lg" ? "md" : "sm"} />}
      {children}
    </button>
  );
}

type AnyProps = Record<string, unknown>;

/**
 * `asChild`: the button's props on its single child (a Next <Link>, an <a>), as Radix's Slot
 * does for this use, without its ~1.2 KB on every page. The child's props win, except that
 * classes are merged, styles joined and event handlers both run (the child's first).
 */
function Slot({ children, ...slotProps }: ComponentProps<"button">) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<AnyProps>;
  const own = slotProps as AnyProps;
  const merged: AnyProps = { ...own, ...child.props };
  for (const [key, value] of Object.entries(own)) {
    const theirs = child.props[key];
    if (/^on[A-Z]/.test(key) && typeof value === "function" && typeof theirs === "function")
      merged[key] = (...args: unknown[]) => {
        (theirs as (...a: unknown[]) => unknown)(...args);
        (value as (...a: unknown[]) => unknown)(...args);
      };
  }
  merged.className = cn(own.className as string, child.props.className as string);
  if (own.style || child.props.style)
    merged.style = { ...(own.style as object), ...(child.props.style as object) };
  return cloneElement(child, merged);
}
