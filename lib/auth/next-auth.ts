import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db";
import { makeCtx } from "@/lib/services/context";
import { endBrowserSession, redeemTicket } from "@/lib/services/auth/login";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/services/auth/sessions";
import { clientAddress } from "./session";
import { cookieSettings } from "./cookies";
import { getAuthSecret } from "./secret";

/**
 * Browser sessions: next-auth credentials + JWT. The password and second-factor steps run
 * in server actions (lib/services/auth/login.ts) and hand over a signed ticket; authorize()
 * only redeems it, opening a user_sessions row. The JWT carries the user id and the session's
 * random sid: permissions are loaded on every request, and only while the session row is live,
 * so changes apply on the next navigation and a revoked session or deactivated user is out.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // From APP_URL, not from the request: behind a TLS proxy the app sees plain http.
    useSecureCookies: cookieSettings.secure,
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Crewdeck",
        credentials: { ticket: { label: "Ticket", type: "text" } },
        async authorize(credentials, req) {
          const h = new Headers();
          for (const [k, v] of Object.entries(req?.headers ?? {})) {
            if (typeof v === "string") h.set(k, v);
          }
          const now = new Date();
          const opened = await redeemTicket(
            makeCtx(await getDb(), null, { now, ip: clientAddress(h) }),
            credentials?.ticket,
            { userAgent: h.get("user-agent") },
          );
          if (!opened) return null;
          const { actor, sid } = opened;
          return { id: String(actor.userId), name: actor.name, email: actor.email, sid };
        },
      }),
    ],
    events: {
      async signOut({ token }) {
        await endBrowserSession(makeCtx(await getDb(), null), token?.sid);
      },
    },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.sid = (user as { sid?: string }).sid;
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, uid: token.uid };
      },
    },
  };
}
