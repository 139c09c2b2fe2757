import type { NextConfig } from "next";

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
};

export default nextConfig;
