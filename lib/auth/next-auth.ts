import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db";
import { makeCtx } from "@/lib/services/context";
import { redeemTicket } from "@/lib/services/auth/login";
import { cookieSettings } from "./cookies";
import { getAuthSecret } from "./secret";

export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 3600;

/**
 * Browser sessions: next-auth credentials + JWT. The password and second-factor steps run
 * in server actions (lib/services/auth/login.ts) and hand over a signed ticket; authorize()
 * only redeems it. The JWT carries the user id alone: permissions are loaded on every
 * request, so changes apply on the next navigation and a deactivated user is locked out.
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
        async authorize(credentials) {
          const actor = await redeemTicket(makeCtx(await getDb(), null), credentials?.ticket);
          return actor ? { id: String(actor.userId), name: actor.name, email: actor.email } : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) token.uid = Number(user.id);
        return token;
      },
      async session({ session, token }) {
        return { ...session, uid: token.uid };
      },
    },
  };
}
