import type { NextConfig } from "next";
import { PROXY_BODY_LIMIT, SERVER_ACTION_BODY_LIMIT } from "./lib/http/body-limits";
import { STATIC_SECURITY_HEADERS } from "./lib/security/headers";

const nextConfig: NextConfig = {
  // PGlite ships WASM and a data-dir loader that break when bundled (DESIGN.md §10).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "pg",
    "speakeasy",
    "qrcode",
    "nodemailer",
  ],
  poweredByHeader: false,
  experimental: {
    // Next refuses a bigger server-action body itself (answering 500: it maps no 413 for
    // actions); the largest file an action takes is the agency logo (lib/http/body-limits.ts).
    serverActions: { bodySizeLimit: SERVER_ACTION_BODY_LIMIT },
    // Next keeps a copy of each body for proxy.ts up to this size and hands a longer one on
    // cut short; just above the largest route limit, a cut body still reads as too large (413).
    proxyClientMaxBodySize: PROXY_BODY_LIMIT,
  },
  typedRoutes: false,
  // Every response, static files included; the CSP and HSTS vary per request (proxy.ts).
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
