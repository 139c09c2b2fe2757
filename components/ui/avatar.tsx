"use client";

import { useLayoutEffect, useState, type ComponentProps } from "react";
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

/*
 * Drawn as Radix's avatar drew it (the photo only once it has loaded, the initials until then
 * or when it is missing or broken), without Radix: its avatar with the Slot and context it
 * brings was ~3.5 KB gzipped in the first load of every profile tab (issue 27's 150 KB).
 */
function useLoaded(src: string | null | undefined): boolean {
  const [loaded, setLoaded] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!src) return;
    let live = true;
    const image = new window.Image();
    image.onload = () => live && setLoaded(src);
    image.src = src;
    return () => {
      live = false;
    };
  }, [src]);
  return !!src && loaded === src;
}

/** A round photo, falling back to initials while it loads or when it is missing or broken. */
export function Avatar({ name, src, alt, size = "md", className, ...props }: AvatarProps) {
  const label = alt ?? name;
  const loaded = useLoaded(src);
  return (
    <span
      className={cn(
        "relative inline-flex shrink-0 overflow-hidden rounded-full bg-accent-100 align-middle",
        sizes[size],
        className,
      )}
      {...props}
    >
      {loaded ? (
        // eslint-disable-next-line @next/next/no-img-element -- a user's uploaded photo, any size
        <img src={src!} alt={label} className="size-full object-cover" />
      ) : (
        <span
          role={label ? "img" : undefined}
          aria-label={label || undefined}
          aria-hidden={label ? undefined : true}
          className="flex size-full items-center justify-center font-semibold text-accent-800"
        >
          {initials(name)}
        </span>
      )}
    </span>
  );
}
