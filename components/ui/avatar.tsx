import type { ComponentProps } from "react";
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

/**
 * A round photo over the person's initials: the initials show until the photo has loaded and
 * stay when it is missing or broken (a broken image with an empty alt draws nothing). Drawn
 * without client code, so the profile header costs no JavaScript and the picture upload only
 * this markup: the client avatar that waited for the photo's load event was ~1 KB gzipped of
 * the personal and documents tabs' first load (issue 27's 150 KB).
 */
export function Avatar({ name, src, alt, size = "md", className, ...props }: AvatarProps) {
  const label = alt ?? name;
  return (
    <span
      role={label ? "img" : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      className={cn(
        "relative inline-flex shrink-0 overflow-hidden rounded-full bg-accent-100 align-middle",
        sizes[size],
        className,
      )}
      {...props}
    >
      <span className="flex size-full items-center justify-center font-semibold text-accent-800">
        {initials(name)}
      </span>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- a user's uploaded photo, any size
        <img src={src} alt="" className="absolute inset-0 size-full object-cover" />
      ) : null}
    </span>
  );
}
