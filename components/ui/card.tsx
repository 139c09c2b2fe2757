import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("min-w-0 rounded-card border border-gray-200 bg-white shadow-sm", className)}
      {...props}
    />
  );
}

/** Title row; put actions (buttons) after the title, they wrap under it on phones. */
export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-gray-200 px-4 py-3 sm:px-6 sm:py-4",
        className,
      )}
      {...props}
    />
  );
}

export type CardTitleProps = ComponentProps<"h2"> & {
  /** Heading level; h2 under a page's h1 by default. */
  as?: "h2" | "h3" | "h4";
};

export function CardTitle({ as: Heading = "h2", className, ...props }: CardTitleProps) {
  return <Heading className={cn("text-base font-semibold text-gray-900", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-gray-600", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("px-4 py-4 sm:px-6 sm:py-5", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex flex-wrap items-center justify-end gap-2 border-t border-gray-200 px-4 py-3 sm:px-6",
        className,
      )}
      {...props}
    />
  );
}
