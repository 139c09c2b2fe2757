import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

type Handler = (
  req: Request,
  ctx: { params: Promise<{ nextauth: string[] }> },
) => Promise<Response>;

const handler: Handler = (req, ctx) => (NextAuth(authOptions()) as Handler)(req, ctx);

export { handler as GET, handler as POST };
