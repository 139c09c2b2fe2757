"use client";

import { useEffect, useState } from "react";
import { usePathname } from "next/navigation";
import { ArrowUp } from "lucide-react";

/** Spec §9: a back-to-top button after 200 px that scrolls up in 600 ms; top on navigation. */
export function ScrollTop() {
  const pathname = usePathname();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 200);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

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
      type="button"
      onClick={toTop}
      className="fixed right-4 bottom-20 z-30 inline-flex items-center gap-1 rounded-full bg-gray-900/80 px-3 py-2 text-sm text-white shadow-lg hover:bg-gray-900"
    >
      <ArrowUp className="size-4" aria-hidden />
      Top
    </button>
  );
}
