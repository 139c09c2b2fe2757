import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";
import { withApiSecurityHeaders } from "@/lib/http/api-headers";
import { withBoundedBody } from "@/lib/http/body";
import { errorResponse } from "@/lib/http/endpoint";

type Handler = (
  req: NextRequest,
  ctx: { params: Promise<{ nextauth: string[] }> },
) => Promise<Response>;

// next-auth reads the body whole (req.json(), req.text()): it gets a copy read through the
// 1 MB limit instead, and a bigger sign-in answers the API's 413.
const handler: Handler = async (req, ctx) => {
  let bounded: NextRequest;
  try {
    bounded = await withBoundedBody(req);
  } catch (err) {
    return withApiSecurityHeaders(req, errorResponse(err));
  }
  return withApiSecurityHeaders(req, await (NextAuth(authOptions()) as Handler)(bounded, ctx));
};

export { handler as GET, handler as POST };
