import path from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";
import { DOCUMENT_UPLOAD, IMAGE_UPLOAD } from "@/lib/files/upload";
import { allEndpoints } from "./api";
import {
  JSON_BODY_LIMIT,
  LARGEST_ROUTE_BODY,
  MULTIPART_OVERHEAD,
  PROXY_BODY_LIMIT,
  SERVER_ACTION_BODY_LIMIT,
} from "./body-limits";
import { formatBytes } from "./body";

// Plain JavaScript (no SWC at `next start`), so it holds copies of these limits, checked here.
const nextConfig: NextConfig = (await import(pathToFileURL(path.resolve("next.config.mjs")).href))
  .default;

describe("body limits", () => {
  it("no route accepts more than LARGEST_ROUTE_BODY, the largest file in its form", () => {
    const limits = allEndpoints.map((ep) => ep.maxBodyBytes ?? JSON_BODY_LIMIT);
    expect(Math.max(...limits)).toBe(LARGEST_ROUTE_BODY);
    expect(LARGEST_ROUTE_BODY).toBeGreaterThanOrEqual(
      DOCUMENT_UPLOAD.maxBytes + MULTIPART_OVERHEAD,
    );
  });

  it("next.config.mjs gives Next these limits: server actions take the logo in its form", () => {
    expect(nextConfig.experimental?.serverActions?.bodySizeLimit).toBe(SERVER_ACTION_BODY_LIMIT);
    expect(nextConfig.experimental?.proxyClientMaxBodySize).toBe(PROXY_BODY_LIMIT);
    // A server action's body cut by the proxy's copy (at a chunk of up to 64 KB) is still over
    // the actions' limit.
    expect(PROXY_BODY_LIMIT - 64 * 1024).toBeGreaterThan(SERVER_ACTION_BODY_LIMIT);
    expect(SERVER_ACTION_BODY_LIMIT).toBeGreaterThanOrEqual(
      IMAGE_UPLOAD.maxBytes + MULTIPART_OVERHEAD,
    );
  });

  it("names a limit the way people read it", () => {
    expect(formatBytes(JSON_BODY_LIMIT)).toBe("1 MB");
    expect(formatBytes(SERVER_ACTION_BODY_LIMIT)).toBe("5.1 MB");
    expect(formatBytes(LARGEST_ROUTE_BODY)).toBe("10.1 MB");
    expect(formatBytes(64 * 1024)).toBe("64 KB");
  });
});
