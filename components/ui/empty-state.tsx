import type { ComponentProps, ReactNode } from "react";
import { Inbox } from "lucide-react";
import { cn } from "./cn";

export type EmptyStateProps = Omit<ComponentProps<"div">, "title"> & {
  title: ReactNode;
  /** What to do next ("Create the first job to start booking crew."). */
  hint?: ReactNode;
  /** An icon element, e.g. <CalendarX />; defaults to an inbox. */
  icon?: ReactNode;
  /** A button or link for the next step. */
  action?: ReactNode;
};

export function EmptyState({ title, hint, icon, action, className, ...props }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-2 rounded-card border border-dashed border-gray-300 bg-white px-4 py-10 text-center",
        className,
      )}
      {...props}
    >
      <div
        aria-hidden="true"
        className="mb-1 flex size-12 items-center justify-center rounded-full bg-gray-100 text-gray-600 [&_svg]:size-6"
      >
        {icon ?? <Inbox />}
      </div>
      <p className="text-base font-semibold text-gray-900">{title}</p>
      {hint && <p className="max-w-md text-sm text-gray-600">{hint}</p>}
      {action && <div className="mt-3 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
