"use client";

import { useCallback, useTransition } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

export type QueryUpdates = Record<string, string | number | null | undefined>;

/**
 * Change some query-string parameters of the current URL and keep all the others (filters,
 * tabs). The server page re-renders with the new searchParams; `pending` is true until it has.
 * A null, undefined or empty value removes the parameter.
 */
export function useQueryNavigation() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();

  const hrefWith = useCallback(
    (updates: QueryUpdates) => {
      const params = new URLSearchParams(searchParams?.toString() ?? "");
      for (const [key, value] of Object.entries(updates)) {
        if (value === null || value === undefined || value === "") params.delete(key);
        else params.set(key, String(value));
      }
      const query = params.toString();
      return query ? `${pathname}?${query}` : pathname;
    },
    [pathname, searchParams],
  );

  const navigate = useCallback(
    (updates: QueryUpdates, options: { scroll?: boolean } = {}) => {
      const href = hrefWith(updates);
      startTransition(() => {
        router.push(href, { scroll: options.scroll ?? false });
      });
    },
    [hrefWith, router],
  );

  return { searchParams, hrefWith, navigate, pending };
}
