// Plain JavaScript on purpose: `next start` transpiles a next.config.ts with SWC, whose native
// binding then stays mapped in the server (~25–37 MB of RSS; issue 27's memory bar). The limits
// and headers below are copies of lib/http/body-limits.ts and lib/security/headers.ts (this file
// can import no TypeScript); lib/http/body-limits.test.ts and lib/security/headers.test.ts fail
// when they differ.

/** lib/http/body-limits.ts: SERVER_ACTION_BODY_LIMIT (the 5 MB logo in its form) and PROXY_BODY_LIMIT. */
const SERVER_ACTION_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;
const PROXY_BODY_LIMIT = SERVER_ACTION_BODY_LIMIT + 256 * 1024;

/** lib/security/headers.ts: STATIC_SECURITY_HEADERS. */
const STATIC_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
];

/** @type {import("next").NextConfig} */
const nextConfig = {
  // PGlite ships WASM and a data-dir loader that break when bundled (DESIGN.md §10).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "pg",
    // The background queue (lib/jobs/queue.ts): CommonJS reading its own files; runs as is.
    "pg-boss",
    "speakeasy",
    "qrcode",
    "nodemailer",
    // The job report streams its workbook (exceljs streaming writer) from a route handler.
    "exceljs",
    // The realtime port's Ably adapter (server side: REST publish, token requests).
    "ably",
    // Loaded by Node once for the whole server instead of bundled into each layer that uses it
    // (route handlers, pages, server actions): a heap snapshot after the memory bench's load held
    // date-holidays (with moment, moment-timezone and astronomia) three times, zod five times and
    // drizzle-orm seven, each copy with its source text, compiled code and data (issue 27).
    "date-holidays",
    "zod",
    "drizzle-orm",
  ],
  poweredByHeader: false,
  // Next's in-memory cache of rendered pages and fetches (50 MB by default) sits in the server's
  // heap; nearly every screen is dynamic (signed in), so a small one serves the few static ones.
  cacheMaxMemorySize: 8 * 1024 * 1024,
  experimental: {
    // `next start` loads every page's and route's server code at start by default (~350 entries,
    // ~35 MB of heap before the first request); loaded as each is first asked instead, a server
    // holds the code of the screens and calls its users use (issue 27's memory bar).
    preloadEntriesOnStart: false,
    // Next refuses a bigger server-action body itself (answering 500: it maps no 413 for
    // actions); the largest file an action takes is the agency logo (lib/http/body-limits.ts).
    serverActions: { bodySizeLimit: SERVER_ACTION_BODY_LIMIT },
    // Next copies each body proxy.ts sees (pages and their actions; API calls with a body
    // skip it) and keeps this much at most: a little above the actions' limit.
    proxyClientMaxBodySize: PROXY_BODY_LIMIT,
    // A fresh CI checkout builds once: writing Turbopack's cache for a next build costs ~15 s.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  typedRoutes: false,
  // `npm test` builds beside its own `tsc --noEmit` (scripts/lib/build.ts): one type check, not two.
  typescript: { ignoreBuildErrors: process.env.CREWDECK_BUILD_SKIP_TYPES === "1" },
  // Every response, static files included; the CSP and HSTS vary per request (proxy.ts).
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
