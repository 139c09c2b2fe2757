import { NextRequest } from "next/server";
import { BadRequestError, PayloadTooLargeError } from "@/lib/services/errors";
import { JSON_BODY_LIMIT } from "./body-limits";

/**
 * The one way a request body is read (DESIGN.md §3): never more than a limit, whether the
 * client declared a Content-Length or streams the body chunked. The REST endpoints
 * (./endpoint.ts) and the next-auth route read through here; server actions are limited by
 * Next itself (`serverActions.bodySizeLimit` in next.config.mjs).
 */

const MB = 1024 * 1024;

/** "1 MB", "5.1 MB", "900 KB": the limit as a caller reads it. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const tooLarge = (limit: number) =>
  new PayloadTooLargeError(
    `The request body is too large: this call accepts at most ${formatBytes(limit)}.`,
  );

/** The Content-Length the client declared, or null when it sent none (or nonsense). */
function declaredLength(headers: Headers): number | null {
  const value = headers.get("content-length")?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * 413 when the declared length is already past the limit: the cheapest refusal there is, made
 * before anything is read (or, in ./endpoint.ts, before the sign-in check touches the database).
 */
export async function refuseDeclaredOverLimit(req: Request, limit: number): Promise<void> {
  const declared = declaredLength(req.headers);
  if (declared === null || declared <= limit) return;
  await req.body?.cancel().catch(() => undefined);
  throw tooLarge(limit);
}

/**
 * The body's bytes, at most `limit` of them, else a 413. A declared length past the limit is
 * refused before a byte is read; a body without one is read until it passes the limit and
 * then cancelled, so the rest of a huge upload is never read and never held in memory.
 */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  await refuseDeclaredOverLimit(req, limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

const isForm = (req: Request) => {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  return type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded");
};

/**
 * The limit of this request's body: a form (multipart or url-encoded) up to `formLimit`, the
 * route's upload limit; anything else (JSON) up to 1 MB whatever the route's upload limit, as
 * a file never travels as JSON.
 */
export const bodyLimit = (req: Request, formLimit = JSON_BODY_LIMIT) =>
  isForm(req) ? formLimit : Math.min(formLimit, JSON_BODY_LIMIT);

/**
 * The body of an /api/v2 call within its limit (see bodyLimit): a form's fields, or parsed
 * JSON. A form is parsed from the bytes already read, so the parser never pulls more from the
 * connection.
 */
export async function readRequestBody(req: Request, formLimit?: number): Promise<unknown> {
  const bytes = await readBodyBytes(req, bodyLimit(req, formLimit));
  if (isForm(req)) {
    try {
      const form = await new Response(bytes, {
        // The boundary is case-sensitive: the header goes on as it was sent.
        headers: { "content-type": req.headers.get("content-type") ?? "" },
      }).formData();
      return Object.fromEntries(form.entries());
    } catch {
      throw new BadRequestError("The form data could not be read.", "malformed_body");
    }
  }
  const text = Buffer.from(bytes).toString("utf8");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError("The request body is not valid JSON.", "malformed_json");
  }
}

/**
 * The same request with its body read through the limit, for a handler we do not own (the
 * next-auth route reads `req.json()` / `req.text()`, unbounded).
 */
export async function withBoundedBody(req: NextRequest, limit = JSON_BODY_LIMIT) {
  if (req.method === "GET" || req.method === "HEAD") return req;
  const bytes = await readBodyBytes(req, limit);
  return new NextRequest(req.url, {
    method: req.method,
    headers: req.headers,
    body: bytes.byteLength ? bytes : undefined,
  });
}
