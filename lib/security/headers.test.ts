import path from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";
import {
  API_CONTENT_SECURITY_POLICY,
  docsContentSecurityPolicy,
  isHttpsUrl,
  newNonce,
  pageContentSecurityPolicy,
  STATIC_SECURITY_HEADERS,
} from "./headers";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe("pageContentSecurityPolicy", () => {
  const prod = directives(
    pageContentSecurityPolicy("abc123==", { development: false, https: true }),
  );

  it("runs only scripts carrying this response's nonce, and what they load", () => {
    expect(prod["script-src"]).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
  });

  it("forbids framing, plugins, foreign bases and form targets", () => {
    expect(prod["frame-ancestors"]).toEqual(["'none'"]);
    expect(prod["object-src"]).toEqual(["'none'"]);
    expect(prod["base-uri"]).toEqual(["'self'"]);
    expect(prod["form-action"]).toEqual(["'self'"]);
    expect(prod["default-src"]).toEqual(["'self'"]);
  });

  it("allows inline styles (style attributes of Radix, sonner, recharts) but no nonce there", () => {
    // A nonce in style-src would make browsers ignore 'unsafe-inline'.
    expect(prod["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("upgrades insecure requests only on https, and allows eval only in development", () => {
    expect(prod).toHaveProperty("upgrade-insecure-requests");
    const dev = directives(pageContentSecurityPolicy("n", { development: true, https: false }));
    expect(dev).not.toHaveProperty("upgrade-insecure-requests");
    expect(dev["script-src"]).toContain("'unsafe-eval'");
    expect(prod["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("connects only to this origin (the SSE stream), and to Ably's hosts only when Ably is on", () => {
    expect(prod["connect-src"]).toEqual(["'self'"]);
    const ably = directives(
      pageContentSecurityPolicy("n", { development: false, https: true, ably: true }),
    );
    expect(ably["connect-src"]).toEqual([
      "'self'",
      "https://*.ably.io",
      "wss://*.ably.io",
      "https://*.ably.net",
      "wss://*.ably.net",
      "https://*.ably-realtime.com",
      "wss://*.ably-realtime.com",
    ]);
  });
});

describe("the other headers", () => {
  it("lets API answers load nothing and be framed by no one", () => {
    expect(directives(API_CONTENT_SECURITY_POLICY)).toEqual({
      "default-src": ["'none'"],
      "frame-ancestors": ["'none'"],
    });
  });

  it("sets nosniff, the referrer policy and DENY framing on every path", () => {
    expect(Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value]))).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
  });

  it("has next.config.mjs (plain JavaScript, with its own copy) send exactly these on every path", async () => {
    const config: NextConfig = (await import(pathToFileURL(path.resolve("next.config.mjs")).href))
      .default;
    expect(await config.headers!()).toEqual([
      { source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] },
    ]);
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it("tells an https public address from an http one", () => {
    expect(isHttpsUrl("https://crewdeck.example")).toBe(true);
    expect(isHttpsUrl("http://localhost:3000")).toBe(false);
  });

  it("lets the API reference run Scalar's script from our origin with the nonce, nothing else", () => {
    const d = directives(docsContentSecurityPolicy("abc"));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(d["font-src"]).toEqual(["'self'", "data:"]);
    // No outside host anywhere: the page works with the network cut off (issue 22).
    expect(docsContentSecurityPolicy("abc")).not.toMatch(/https?:/);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
  });
});
