"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";

/** Where the button sits when nothing is in its way: 16 px from the right, 80 px up. */
const RIGHT = 16;
const BOTTOM = 80;
const GAP = 12;

/**
 * How far up the button must sit so it covers no sticky or fixed bar (a form's save bar, the
 * cookie notice): the bars found under the place it would take. Found by what is on screen,
 * so a form marks nothing. Full-screen layers (a dialog's overlay) are not bars.
 */
function bottomClear(button: HTMLElement | null): number {
  const w = button?.offsetWidth || 72;
  const h = button?.offsetHeight || 40;
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  let barTop = Infinity;
  for (const x of [vw - RIGHT - w + 1, vw - RIGHT - w / 2, vw - RIGHT - 1])
    for (const y of [vh - BOTTOM - h + 1, vh - BOTTOM - 1])
      for (const el of document.elementsFromPoint(x, y)) {
        if (button?.contains(el)) continue;
        const { position } = getComputedStyle(el);
        if (position !== "sticky" && position !== "fixed") continue;
        const top = el.getBoundingClientRect().top;
        if (top > vh * 0.4) barTop = Math.min(barTop, top);
      }
  return barTop === Infinity ? BOTTOM : Math.max(BOTTOM, Math.ceil(vh - barTop + GAP));
}

/**
 * Spec §9: a back-to-top button after 200 px that scrolls up in 600 ms; top on navigation.
 * It never covers a sticky save bar: it rises above one in its way. Its arrow is drawn on the
 * server (the layout), so the icon's path data is not in the page's JavaScript (README, the
 * worker's first-load budget).
 */
export function ScrollTop({ icon }: { icon: ReactNode }) {
  const pathname = usePathname();
  const [visible, setVisible] = useState(false);
  const [bottom, setBottom] = useState(BOTTOM);
  const button = useRef<HTMLButtonElement>(null);

  // Top on navigation, never on mounting: the button's code comes after the page
  // (scroll-top-lazy.tsx), and by then the reader may have scrolled.
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    window.scrollTo({ top: 0 });
  }, [pathname]);

  const place = useCallback(() => {
    const show = window.scrollY > 200;
    setVisible(show);
    if (show) setBottom(bottomClear(button.current));
  }, []);

  useEffect(() => {
    let frame = 0;
    const onChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    onChange();
    window.addEventListener("scroll", onChange, { passive: true });
    window.addEventListener("resize", onChange);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onChange);
      window.removeEventListener("resize", onChange);
    };
  }, [place]);

  // Once drawn, measure again with the button's real size.
  useEffect(() => {
    if (visible) setBottom(bottomClear(button.current));
  }, [visible]);

  const toTop = () => {
    const start = window.scrollY;
    const t0 = performance.now();
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduce) return window.scrollTo({ top: 0 });
    const step = (t: number) => {
      const p = Math.min(1, (t - t0) / 600);
      const eased = 1 - Math.pow(1 - p, 3);
      window.scrollTo({ top: start * (1 - eased) });
      if (p < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };

  if (!visible) return null;
  return (
    <button
      ref={button}
      type="button"
      onClick={toTop}
      style={{ bottom, right: RIGHT }}
      className="fixed z-30 inline-flex min-h-11 items-center gap-1 rounded-full bg-gray-900/80 px-4 py-2 text-sm text-white shadow-lg hover:bg-gray-900"
    >
      {icon}
      Top
    </button>
  );
}
