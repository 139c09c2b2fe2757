import {
  Children,
  cloneElement,
  isValidElement,
  useId,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from "react";
import { Icon, type LucideIconNode } from "lucide-react";
import { lengthCounter } from "@/lib/domain/length-count";
import { cn } from "./cn";
import { LengthCounter } from "./length-counter";

/*
 * Server-compatible on purpose (no context, no "use client"): FormField wires the
 * control by cloning its single child element, or by calling a render prop.
 */

/** The props FormField gives its control so label, hint and errors are tied to it. */
export type FieldControlProps = {
  id: string;
  name?: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

export type FormFieldProps = {
  /** Visible label text, always rendered as a <label htmlFor>. */
  label: ReactNode;
  /** Id of the control; generated when omitted (or taken from the child's own id). */
  id?: string;
  name?: string;
  hint?: ReactNode;
  /** Messages from a server action's `errors[field]`; a single string is accepted too. */
  errors?: readonly string[] | string | null;
  required?: boolean;
  className?: string;
  /**
   * The field's length limit (lib/domain/text-limits.ts). Taken from the control's maxLength
   * when not given; give it instead of maxLength where the form checks the limit itself, so
   * an over-long paste stays in the field, counted, with its error.
   */
  limit?: number;
  /** The value's length, for a render-prop control (a cloned child's `value` is read). */
  length?: number;
  children: ReactElement | ((field: FieldControlProps) => ReactNode);
};

export function FormField({
  label,
  id,
  name,
  hint,
  errors,
  required,
  className,
  limit,
  length,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const child =
    typeof children === "function"
      ? null
      : (Children.only(children) as ReactElement<Record<string, unknown>>);
  const childId = child && typeof child.props.id === "string" ? child.props.id : undefined;
  const controlId = id ?? childId ?? generatedId;
  const messages = (typeof errors === "string" ? [errors] : (errors ?? [])).filter(Boolean);
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = messages.length > 0 ? `${controlId}-error` : undefined;
  const max = limit ?? (typeof child?.props.maxLength === "number" ? child.props.maxLength : 0);
  const count = length ?? (typeof child?.props.value === "string" ? child.props.value.length : 0);
  const counterId = max && lengthCounter(count, max) ? `${controlId}-count` : undefined;
  const describedBy = [hintId, counterId, errorId].filter(Boolean).join(" ") || undefined;

  const field: FieldControlProps = {
    id: controlId,
    ...(name !== undefined && { name }),
    ...(required && { required: true }),
    ...(describedBy && { "aria-describedby": describedBy }),
    ...(errorId && { "aria-invalid": true as const }),
  };

  let control: ReactNode;
  if (typeof children === "function") {
    control = children(field);
  } else if (child && isValidElement(child)) {
    const own = child.props["aria-describedby"];
    control = cloneElement(child, {
      ...field,
      "aria-describedby":
        [describedBy, typeof own === "string" ? own : undefined].filter(Boolean).join(" ") ||
        undefined,
    });
  }

  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-gray-900">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger-700">
            *
          </span>
        )}
      </label>
      {control}
      {counterId && <LengthCounter id={counterId} length={count} max={max} />}
      {hint && (
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      <FieldErrors id={errorId} messages={messages} />
    </div>
  );
}

// The error icon is drawn by lucide's Icon with the icon's shape (copied from lucide-react), not lucide's own
// component: Icon is in every signed-in page's first load already (the shell's icons), while
// an icon component brings lucide's component factory (~0.5 KB gzipped) into each form's.
const CIRCLE_ALERT: LucideIconNode[] = [
  ["circle", { cx: "12", cy: "12", r: "10", key: "1mglay" }],
  ["line", { x1: "12", x2: "12", y1: "8", y2: "12", key: "1pkeuh" }],
  ["line", { x1: "12", x2: "12.01", y1: "16", y2: "16", key: "4dfq90" }],
];

/** Error messages under a control; `id` is what the control's aria-describedby points at. */
export function FieldErrors({
  id,
  messages,
  className,
}: {
  id?: string;
  messages: readonly string[];
  className?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className={cn("flex flex-col gap-1 text-sm text-danger-700", className)}>
      {messages.map((message, index) => (
        <li key={`${index}-${message}`} className="flex items-start gap-1.5">
          <Icon iconNode={CIRCLE_ALERT} aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </li>
      ))}
    </ul>
  );
}

// 16 px text on phones stops iOS from zooming into the field; 44 px height is a comfortable tap.
export const controlBase =
  "block w-full min-w-0 rounded-control border border-gray-400 bg-white text-base text-gray-900 " +
  "shadow-sm transition-colors placeholder:text-gray-500 sm:text-sm " +
  "focus-visible:border-accent-600 focus-visible:outline-2 focus-visible:outline-offset-0 " +
  "disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-600 " +
  "aria-invalid:border-danger-600 aria-invalid:focus-visible:outline-danger-600";

export type InputProps = ComponentProps<"input">;

export function Input({ className, type = "text", ...props }: InputProps) {
  return (
    <input type={type} className={cn(controlBase, "h-11 px-3 sm:h-10", className)} {...props} />
  );
}

export type TextareaProps = ComponentProps<"textarea">;

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlBase, "px-3 py-2", className)} {...props} />;
}
