import { env } from "@/lib/env";
import { isHttpsUrl } from "@/lib/security/headers";

const SESSION_COOKIE = "next-auth.session-token";

export interface CookieSettings {
  /** Whether cookies carry the Secure flag and the `__Secure-` / `__Host-` name prefixes. */
  secure: boolean;
  /** The name of the session cookie next-auth writes and every reader looks for. */
  sessionCookieName: string;
}

/**
 * Cookie settings for the public address of the app. Behind a TLS-terminating proxy the app
 * itself sees plain http, so the request cannot tell whether the browser is on https: the
 * public address (APP_URL) decides, once, for the writer (next-auth) and every reader
 * (getToken in the proxy and the REST adapter, getServerSession in pages and actions).
 */
export function cookieSettingsFor(appUrl: string): CookieSettings {
  const secure = isHttpsUrl(appUrl);
  return { secure, sessionCookieName: `${secure ? "__Secure-" : ""}${SESSION_COOKIE}` };
}

export const cookieSettings: CookieSettings = cookieSettingsFor(env.APP_URL);
