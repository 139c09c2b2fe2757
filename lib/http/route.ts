import { NextResponse, type NextRequest } from "next/server";
import { withApiSecurityHeaders } from "./api-headers";
import { handle, type Endpoint, type Method } from "./endpoint";

export const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = ((request: NextRequest, ctx: RouteContext) => Promise<Response>) & {
  /** The operation this handler runs; absent on the 405 answers (the contract test reads it). */
  endpoint?: Endpoint<never>;
};

/** The Allow header of a path: its methods, HEAD with GET (Next answers it), and OPTIONS. */
export function allowHeader(methods: readonly Method[]): string {
  const allowed = METHODS.filter((m) => methods.includes(m));
  return [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}

export function methodNotAllowed(method: string, allow: string): NextResponse {
  return NextResponse.json(
    {
      message: `The ${method} method is not supported for this route. Supported methods: ${allow}.`,
      type: "method_not_allowed",
    },
    { status: 405, headers: { allow } },
  );
}

/**
 * The handlers of one /api/v2 route file: its operations, and for every other method a JSON
 * 405 with `Allow` (Next's own 405 has no body). A route file exports all of them:
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobs, postJob);`
 */
export function route(...endpoints: Endpoint<never>[]) {
  const allow = allowHeader(endpoints.map((e) => e.method));
  const handlerFor = (method: Method): RouteHandler => {
    const ep = endpoints.find((e) => e.method === method);
    if (!ep)
      return async (request: NextRequest) =>
        withApiSecurityHeaders(request, methodNotAllowed(method, allow));
    return Object.assign(handle(ep), { endpoint: ep });
  };
  return {
    GET: handlerFor("GET"),
    POST: handlerFor("POST"),
    PUT: handlerFor("PUT"),
    PATCH: handlerFor("PATCH"),
    DELETE: handlerFor("DELETE"),
    OPTIONS: async () => new Response(null, { status: 204, headers: { allow } }),
  };
}
