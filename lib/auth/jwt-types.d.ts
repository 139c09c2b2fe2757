import "next-auth/jwt";

declare module "next-auth/jwt" {
  interface JWT {
    uid?: number;
    /** The browser session's id; its SHA-256 is the user_sessions row (lib/services/auth/sessions.ts). */
    sid?: string;
  }
}
