import type { NextConfig } from "next";
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
  typedRoutes: false,
  // Every response, static files included; the CSP and HSTS vary per request (proxy.ts).
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
};

export default nextConfig;
