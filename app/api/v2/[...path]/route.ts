import { NextResponse, type NextRequest } from "next/server";
import { withApiSecurityHeaders } from "@/lib/http/api-headers";

// Any /api/v2 path without a route of its own: a JSON 404, never the HTML 404 page.
const notFound = async (request: NextRequest) =>
  withApiSecurityHeaders(
    request,
    NextResponse.json({ message: "Route not found.", type: "not_found" }, { status: 404 }),
  );

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
};
