"use client";

import { useRouter } from "next/navigation";
import { useRef, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { inAppHref } from "./nav-link-target";

export type NavLinkProps = Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  "href" | "onPointerEnter" | "onFocus" | "onTouchStart"
> & {
  href: string;
  /** false: no prefetch when the pointer or focus reaches the link (a costly page). */
  prefetch?: boolean;
};

/**
 * A link inside the app, opened by the client router: the app's one link primitive, in place
 * of next/link, whose client (~4 KB gzipped with its URL helpers) was in every signed-in
 * screen's first load (README, "First-load JavaScript"). It is a plain `<a href>`, so
 * middle-click, a modifier click and "open in new tab" do what the browser does; a plain left
 * click on an address of this app goes through `router.push` (the router is in every page's
 * floor already). The page is prefetched when the pointer, a touch or the focus reaches the
 * link, as next/link does on hover (it also prefetched links scrolled into view: dropped, a
 * phone on a mobile network should not fetch pages it is not going to).
 */
export function NavLink({ href, prefetch = true, onClick, ...props }: NavLinkProps) {
  const router = useRouter();
  const prefetched = useRef(false);
  const warm = () => {
    if (!prefetch || prefetched.current) return;
    const to = inAppHref(href, window.location.href);
    if (to === null) return;
    prefetched.current = true;
    router.prefetch(to);
  };

  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    if ((props.target && props.target !== "_self") || props.download !== undefined) return;
    const to = inAppHref(href, window.location.href);
    if (to === null) return;
    event.preventDefault();
    router.push(to);
  };

  return (
    <a
      {...props}
      href={href}
      onClick={click}
      onPointerEnter={warm}
      onFocus={warm}
      onTouchStart={warm}
    />
  );
}
