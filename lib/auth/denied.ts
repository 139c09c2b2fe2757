import { deniedCodeOf, type DeniedCode } from "@/lib/domain/denied";
import { matchRoute } from "./routes";

/**
 * The request header carrying the page's path from proxy.ts to the page: a page whose verb
 * refuses (403) names itself in the redirect (lib/http/page.ts). The proxy always sets it.
 */
export const PATH_HEADER = "x-crewdeck-path";

/**
 * The denied-code of a path (lib/domain/denied.ts): the words of its route, with the value of
 * a `:tab` segment, never the ids. An unknown path is "page".
 */
export function deniedCodeForPath(pathname: string): DeniedCode {
  const match = matchRoute(pathname);
  if (!match) return "page";
  const words = match.route.pattern
    .split("/")
    .filter(Boolean)
    .flatMap((part) => (part === ":tab" ? [match.params.tab] : part.startsWith(":") ? [] : [part]));
  return deniedCodeOf(words);
}
