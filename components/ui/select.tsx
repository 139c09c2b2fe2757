import type { ComponentProps } from "react";
import { Icon, type LucideIconNode } from "lucide-react";
import { cn } from "./cn";
import { controlBase } from "./form-field";

// Select and Checkbox have modules of their own so a form without them (the password form,
// most profile tabs) does not carry their code and icon (README, "First-load JavaScript").

// Drawn by lucide's Icon with the icon's shape (copied from lucide-react), not lucide's own
// component: Icon is in every signed-in page's first load already (the shell's icons), while
// an icon component brings lucide's component factory (~0.5 KB gzipped) into each form's.
const CHEVRON_DOWN: LucideIconNode[] = [["path", { d: "m6 9 6 6 6-6", key: "qrunsl" }]];

export type SelectProps = ComponentProps<"select"> & {
  /** Adds a first empty option with this text (e.g. "Choose a country"). */
  placeholder?: string;
};

/** A styled native <select>: options are passed as <option> children. */
export function Select({ className, placeholder, children, ...props }: SelectProps) {
  return (
    <div className="relative min-w-0">
      <select
        className={cn(
          controlBase,
          "h-11 appearance-none pr-10 pl-3 sm:h-10",
          props.multiple && "h-auto py-2 pr-3",
          className,
        )}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
      </select>
      {!props.multiple && (
        <Icon
          iconNode={CHEVRON_DOWN}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-600"
        />
      )}
    </div>
  );
}
