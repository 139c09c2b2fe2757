import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { getDb } from "@/db";
import { loadSessionActor, makeCtx, type Ctx } from "@/lib/services/context";
import { ForbiddenError, TooManyRequestsError, UnauthenticatedError } from "@/lib/services/errors";
import type { Page } from "@/lib/services/pagination";
import { resolveTokenActor } from "@/lib/services/auth/actor";
import { assertServiceOpen } from "@/lib/services/settings/agency";
import { browserSession, clientAddress } from "@/lib/auth/session";
import { withApiSecurityHeaders } from "./api-headers";
import { bodyLimit, readBodyBytes, readRequestBody, refuseDeclaredOverLimit } from "./body";
import { JSON_BODY_LIMIT } from "./body-limits";
import { toErrorBody } from "./errors";
import { parseQuery, type QueryValue } from "./query";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface EndpointInput<P> {
  body: unknown;
  query: Record<string, QueryValue>;
  params: P;
  request: NextRequest;
  /** The bearer token's row id when the call used one (logout and refresh revoke it). */
  tokenId: number | null;
}

/**
 * One REST operation of /api/v2: how it is called (for the OpenAPI document) and what it
 * runs. `run` builds nothing itself: it calls a verb of lib/services with ctx and input.
 */
export interface Endpoint<P extends Record<string, string> = Record<string, string>> {
  method: Method;
  /** OpenAPI-style path below /api/v2, e.g. "/jobs/{id}". */
  path: string;
  summary: string;
  tag: string;
  /** "public": no sign-in needed (login). Everything else needs a bearer token or session. */
  auth: "public" | "user";
  body?: z.ZodType;
  query?: z.ZodType;
  /** Success status; 200 unless given. */
  status?: number;
  /** The list envelope (data + meta) is answered. */
  paginated?: boolean;
  /**
   * The largest multipart or url-encoded body accepted (uploads), in bytes; 1 MB unless given.
   * A JSON body is never accepted past 1 MB (lib/http/body.ts). Past it: 413.
   */
  maxBodyBytes?: number;
  run: (ctx: Ctx, input: EndpointInput<P>) => Promise<unknown>;
}

export function endpoint<P extends Record<string, string> = Record<string, string>>(
  def: Endpoint<P>,
): Endpoint<P> {
  return def;
}

/** The JSON error response of a route handler, through the one shared mapping. */
export function errorResponse(err: unknown): NextResponse {
  const { status, retryAfter, ...body } = toErrorBody(err);
  if (status >= 500 && status !== 503) console.error("[api] unexpected error", err);
  const headers: Record<string, string> = {};
  if (retryAfter !== undefined) headers["retry-after"] = String(retryAfter);
  return NextResponse.json(body, { status, headers });
}

/** A DELETE may carry JSON (bounded like any body); one that is not JSON counts as none. */
async function readDeleteBody(req: NextRequest): Promise<unknown> {
  const text = Buffer.from(await readBodyBytes(req, JSON_BODY_LIMIT)).toString("utf8");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readBody(req: NextRequest, formLimit?: number): Promise<unknown> {
  if (req.method === "GET" || req.method === "HEAD") return Promise.resolve(undefined);
  if (req.method === "DELETE") return readDeleteBody(req);
  return readRequestBody(req, formLimit);
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** A cookie-authenticated write must come from our own pages (CSRF). */
function sameOrigin(req: NextRequest): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = req.headers.get("origin");
  if (!origin) return true;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

async function authenticate(req: NextRequest, ctx: Ctx): Promise<{ tokenId: number | null }> {
  const header = req.headers.get("authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
    const found = m ? await resolveTokenActor(ctx.db, m[1], ctx.now) : null;
    if (!found || found.status === "unknown")
      throw new UnauthenticatedError("The token is invalid or has expired.", "invalid_token");
    if (found.status === "inactive")
      throw new UnauthenticatedError("This account can no longer sign in.", "account_inactive");
    if (found.status === "limited") {
      const s = found.retryAfterSeconds;
      throw new TooManyRequestsError(
        `Too many requests with this token. Please try again in ${s} second${s === 1 ? "" : "s"}.`,
        s,
      );
    }
    ctx.actor = found.actor;
    return { tokenId: found.tokenId };
  }
  const session = await browserSession(req);
  if (session) {
    if (!SAFE.has(req.method) && !sameOrigin(req))
      throw new ForbiddenError("Cross-site request refused.", "csrf");
    ctx.actor = await loadSessionActor(ctx.db, session, ctx.now);
  }
  return { tokenId: null };
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** The route handler of an endpoint: ctx, auth, body and query parsing, envelope, errors. */
export function handle<P extends Record<string, string>>(ep: Endpoint<P>) {
  return async (request: NextRequest, routeCtx?: RouteContext): Promise<NextResponse> =>
    withApiSecurityHeaders(request, await answer(ep, request, routeCtx));
}

async function answer<P extends Record<string, string>>(
  ep: Endpoint<P>,
  request: NextRequest,
  routeCtx?: RouteContext,
): Promise<NextResponse> {
  try {
    // Before the database is touched: a body declared too long costs nothing to refuse.
    await refuseDeclaredOverLimit(request, bodyLimit(request, ep.maxBodyBytes));
    const ctx = makeCtx(await getDb(), null, {
      ip: clientAddress(request.headers),
      userAgent: request.headers.get("user-agent") ?? undefined,
    });
    // A public endpoint (login) ignores any credentials sent along, even stale ones.
    const { tokenId } = ep.auth === "public" ? { tokenId: null } : await authenticate(request, ctx);
    if (ep.auth === "user" && !ctx.actor) throw new UnauthenticatedError();
    // Signing out stays open in maintenance; everything else a non-administrator calls is 503.
    if (ep.path !== "/auth/logout") await assertServiceOpen(ctx);
    const rawParams = (await routeCtx?.params) ?? {};
    const params = Object.fromEntries(
      Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
    ) as P;
    const body = await readBody(request, ep.maxBodyBytes);
    const query = parseQuery(request.nextUrl.searchParams);
    const result = await ep.run(ctx, { body, query, params, request, tokenId });
    if (result instanceof Response) return result as NextResponse;
    if (ep.paginated) {
      const page = result as Page<unknown>;
      return NextResponse.json({ data: page.items, meta: page.meta }, { status: ep.status ?? 200 });
    }
    return NextResponse.json({ data: result ?? null }, { status: ep.status ?? 200 });
  } catch (err) {
    return errorResponse(err);
  }
}
