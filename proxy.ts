import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { decide, matchRoute } from "@/lib/auth/guard";
import { browserSession } from "@/lib/auth/session";
import { PATH_HEADER } from "@/lib/auth/denied";
import {
  API_CONTENT_SECURITY_POLICY,
  API_DOCS_PATH,
  docsContentSecurityPolicy,
  isHttpsUrl,
  newNonce,
  pageContentSecurityPolicy,
  STRICT_TRANSPORT_SECURITY,
} from "@/lib/security/headers";
import { databaseDownForPage, unavailablePage } from "@/lib/http/outage";
import { loadSessionActor, makeCtx } from "@/lib/services/context";
import { isDatabaseUnavailable, noteDatabaseDown } from "@/lib/services/outage/database";
import { routeCheckPasses, twoFactorRequiredForAdmins } from "@/lib/services/guard";

const https = isHttpsUrl(env.APP_URL);

/**
 * Every page and API request: the security headers that vary per request (a page's CSP with
 * a fresh nonce, HSTS when the public address is https), then, for pages, the navigation
 * guard. The static headers come from next.config.mjs.
 */
export async function proxy(req: NextRequest) {
  const isApi = req.nextUrl.pathname.startsWith("/api/");
  const nonce = newNonce();
  const csp =
    req.nextUrl.pathname === API_DOCS_PATH
      ? docsContentSecurityPolicy(nonce)
      : isApi
        ? API_CONTENT_SECURITY_POLICY
        : pageContentSecurityPolicy(nonce, {
            development: env.NODE_ENV === "development",
            https,
            ably: Boolean(env.ABLY_API_KEY),
          });
  // Next reads the nonce from the request's CSP header and puts it on the scripts it renders;
  // the API reference reads it from x-nonce.
  const request = { headers: new Headers(req.headers) };
  request.headers.set("content-security-policy", csp);
  request.headers.set("x-nonce", nonce);
  // Overwrites whatever the client sent: the page's own path (lib/http/page.ts, ?denied=).
  if (!isApi) request.headers.set(PATH_HEADER, req.nextUrl.pathname);
  // API routes answer 401/403 JSON themselves; the guard is for pages.
  const res = isApi ? NextResponse.next({ request }) : await guard(req, request, nonce);
  res.headers.set("Content-Security-Policy", csp);
  if (https) res.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  return res;
}

/**
 * The navigation guard (spec §2), with the user's rules loaded fresh from the database so
 * permission changes apply on the next navigation. The verbs check again: this only decides
 * where a browser may go.
 */
async function guard(
  req: NextRequest,
  request: { headers: Headers },
  nonce: string,
): Promise<NextResponse> {
  const { pathname } = req.nextUrl;
  // Issue 27: with the database out of reach a page answers 503 "we'll be right back" before it
  // renders (lib/http/outage.ts). A server action (a POST with Next-Action) goes on: runAction
  // answers its form with the message (lib/http/action.ts), which an HTML page would not.
  const action = req.headers.has("next-action");
  if (!action && (await databaseDownForPage())) return unavailablePage(nonce);
  const match = matchRoute(pathname);
  if (match?.route.access.kind === "public") return NextResponse.next({ request });
  try {
    const session = await browserSession(req);
    const ctx = makeCtx(await getDb(), null);
    const actor = session === null ? null : await loadSessionActor(ctx.db, session, ctx.now);
    const user = actor && {
      permissions: actor.permissions,
      isAdmin: actor.isAdmin,
      totpEnabled: actor.totpEnabled,
    };
    const check = match?.route.access.kind === "permission" ? match.route.access.check : undefined;
    const checkPassed =
      actor && check && match ? await routeCheckPasses(ctx, actor, check, match.params) : undefined;
    const decision = decide(pathname, match, user, {
      mode: env.mode,
      twoFactorRequiredForAdmins: actor?.isAdmin ? await twoFactorRequiredForAdmins(ctx) : false,
      // Read with the actor: maintenance mode is on and this user is no administrator.
      maintenance: Boolean(actor?.shutOut),
      checkPassed,
    });
    if (decision.action === "redirect") return NextResponse.redirect(new URL(decision.to, req.url));
    if (decision.action === "rewrite") {
      return NextResponse.rewrite(new URL(decision.to, req.url), { request });
    }
    return NextResponse.next({ request });
  } catch (err) {
    if (isDatabaseUnavailable(err)) {
      noteDatabaseDown();
      if (!action) return unavailablePage(nonce);
      return NextResponse.next({ request });
    }
    // Spec §2: if loading the rules fails, navigation proceeds (the page and verbs still check).
    console.error("[proxy] guard failed", err);
    return NextResponse.next({ request });
  }
}

export const config = {
  // Pages (with their server actions) and API calls without a body; static files get their
  // (static) headers from next.config.mjs. An API call with a body skips the proxy: Next would
  // read that body to its end to copy it for the proxy before the route runs, so a huge upload
  // could not be cut off at its limit (lib/http/body.ts). Its answer gets the API headers from
  // lib/http/api-headers.ts instead.
  matcher: [
    "/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt|.*\\.(?:png|jpg|svg|ico|css|js|map|txt|woff2?)$).*)",
    {
      source: "/api/:path*",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
  ],
};
