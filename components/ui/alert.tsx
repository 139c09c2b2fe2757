import type { ComponentProps, ReactNode } from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { cn } from "./cn";

const tones = {
  error: { box: "border-danger-200 bg-danger-50 text-danger-800", Icon: CircleAlert },
  warning: { box: "border-warning-200 bg-warning-50 text-warning-800", Icon: TriangleAlert },
  success: { box: "border-success-200 bg-success-50 text-success-800", Icon: CircleCheck },
  info: { box: "border-accent-200 bg-accent-50 text-accent-800", Icon: Info },
} as const;

export type AlertTone = keyof typeof tones;

export type AlertProps = Omit<ComponentProps<"div">, "title"> & {
  tone?: AlertTone;
  title?: ReactNode;
};

/** An inline message box. Errors use role="alert" so they are announced when they appear. */
export function Alert({ tone = "info", title, className, children, role, ...props }: AlertProps) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={role ?? (tone === "error" ? "alert" : undefined)}
      className={cn("flex gap-3 rounded-card border p-4 text-sm", box, className)}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="break-words">{children}</div>}
      </div>
    </div>
  );
}
