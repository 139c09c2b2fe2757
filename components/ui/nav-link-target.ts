/**
 * The address a link's click hands to the client router, or null when the browser should
 * follow it itself: another site or scheme (mailto:, a file download), or a jump within the
 * page ("#main"), which the browser scrolls to without a navigation.
 */
export function inAppHref(href: string, current: string): string | null {
  let url: URL;
  let here: URL;
  try {
    url = new URL(href, current);
    here = new URL(current);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
