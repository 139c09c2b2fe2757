import type { ComponentProps } from "react";
import { Avatar as AvatarPrimitive } from "radix-ui";
import { cn } from "./cn";
import { initials } from "./initials";

const sizes = {
  sm: "size-8 text-xs",
  md: "size-10 text-sm",
  lg: "size-16 text-lg",
} as const;

export { initials } from "./initials";

export type AvatarProps = Omit<ComponentProps<"span">, "children"> & {
  name: string;
  src?: string | null;
  /** Alternative text; defaults to the name. Pass "" when the name is already shown beside it. */
  alt?: string;
  size?: keyof typeof sizes;
};

/** A round photo, falling back to initials while it loads or when it is missing or broken. */
export function Avatar({ name, src, alt, size = "md", className, ...props }: AvatarProps) {
  const label = alt ?? name;
  return (
    <AvatarPrimitive.Root
      className={cn(
        "relative inline-flex shrink-0 overflow-hidden rounded-full bg-accent-100 align-middle",
        sizes[size],
        className,
      )}
      {...props}
    >
      {src && <AvatarPrimitive.Image src={src} alt={label} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        role={label ? "img" : undefined}
        aria-label={label || undefined}
        aria-hidden={label ? undefined : true}
        className="flex size-full items-center justify-center font-semibold text-accent-800"
      >
        {initials(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
