import { NextResponse, type NextRequest } from "next/server";
import { getDb } from "@/db";
import { env } from "@/lib/env";
import { decide, matchRoute } from "@/lib/auth/guard";
import { sessionUserId } from "@/lib/auth/session";
import { loadActor, makeCtx } from "@/lib/services/context";
import { routeCheckPasses, twoFactorRequiredForAdmins } from "@/lib/services/guard";

/**
 * The navigation guard (spec §2) on every page request, with the user's rules loaded
 * fresh from the database so permission changes apply on the next navigation. The verbs
 * check again: this only decides where a browser may go.
 */
export async function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  const match = matchRoute(pathname);
  if (match?.route.access.kind === "public") return NextResponse.next();
  try {
    const uid = await sessionUserId(req);
    const ctx = makeCtx(await getDb(), null);
    const actor = uid === null ? null : await loadActor(ctx.db, uid);
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
      checkPassed,
    });
    if (decision.action === "redirect") return NextResponse.redirect(new URL(decision.to, req.url));
    if (decision.action === "rewrite") return NextResponse.rewrite(new URL(decision.to, req.url));
    return NextResponse.next();
  } catch (err) {
    // Spec §2: if loading the rules fails, navigation proceeds (the page and verbs still check).
    console.error("[proxy] guard failed", err);
    return NextResponse.next();
  }
}

export const config = {
  // Pages only: API routes answer 401/403 JSON themselves; assets need no guard.
  matcher: [
    "/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|robots.txt|.*\\.(?:png|jpg|svg|ico|css|js|map|txt|woff2?)$).*)",
  ],
};
