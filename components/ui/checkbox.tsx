import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "./cn";
import { FieldErrors } from "./form-field";

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  /** Visible label; clicking it toggles the box. */
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[] | string | null;
};

/** A native checkbox inside its own label, with a large tap area. */
export function Checkbox({ label, hint, errors, id, className, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messages = (typeof errors === "string" ? [errors] : (errors ?? [])).filter(Boolean);
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = messages.length > 0 ? `${inputId}-error` : undefined;
  const describedBy =
    [hintId, errorId, props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex min-w-0 flex-col gap-1", className)}>
      <label htmlFor={inputId} className="flex min-h-11 items-start gap-3 py-2 text-sm sm:min-h-0">
        <input
          {...props}
          id={inputId}
          type="checkbox"
          aria-describedby={describedBy}
          aria-invalid={errorId ? true : props["aria-invalid"]}
          className="mt-0.5 size-5 shrink-0 accent-accent-600 disabled:cursor-not-allowed"
        />
        <span className="min-w-0 text-gray-900">{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="pl-8 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <FieldErrors id={errorId} messages={messages} className="pl-8" />
    </div>
  );
}
