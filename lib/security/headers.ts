/**
 * Security headers of every response (DESIGN.md §9 "web security in one place"). Pure, with no
 * environment of its own: proxy.ts builds the per-request CSP and HSTS here; next.config.mjs
 * (plain JavaScript) holds a copy of the static ones, which headers.test.ts checks.
 */

export interface Header {
  key: string;
  value: string;
}

/** Headers that never vary, set by next.config.mjs on every path, static files included. */
export const STATIC_SECURITY_HEADERS: readonly Header[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // The CSP's frame-ancestors says the same; this also covers static files, which carry no CSP.
  { key: "X-Frame-Options", value: "DENY" },
];

/**
 * One year, without includeSubDomains: the app is often served from one subdomain of a
 * company's domain, whose other hosts are not ours to force onto https.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** Whether the public address of the app is https (secure cookies, HSTS). */
export const isHttpsUrl = (url: string): boolean => new URL(url).protocol === "https:";

/** A fresh nonce for one page response: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export interface PagePolicyOptions {
  /** `next dev` evaluates code (React Refresh, stack traces); production never does. */
  development: boolean;
  https: boolean;
  /** The realtime port runs on Ably (ABLY_API_KEY): the browser connects to Ably's hosts. */
  ably?: boolean;
}

/** Ably's realtime and REST hosts with their fallbacks (ably-js 2: *.ably.net, *.ably-realtime.com). */
export const ABLY_CONNECT_SOURCES =
  "https://*.ably.io wss://*.ably.io https://*.ably.net wss://*.ably.net " +
  "https://*.ably-realtime.com wss://*.ably-realtime.com";

/**
 * The Content-Security-Policy of a page. Scripts run only with this response's nonce, which
 * Next puts on its own script tags; 'strict-dynamic' lets those load the app's chunks.
 * Styles allow inline: Radix, sonner and recharts position things with style attributes,
 * and a nonce cannot cover attributes.
 */
export function pageContentSecurityPolicy(nonce: string, opts: PagePolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.ably ? ` ${ABLY_CONNECT_SOURCES}` : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** API answers are data, never documents: nothing may load from them or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The API reference is a page of its own: Scalar's script is served by the app
 * (/api/v2/docs/scalar.js) and started by an inline bootstrap carrying this response's nonce;
 * it reads only our OpenAPI document, and nothing comes from another host. Scalar sets
 * styles at run time, hence 'unsafe-inline' for styles only.
 */
export function docsContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const API_DOCS_PATH = "/api/v2/docs";
