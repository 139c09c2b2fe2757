import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { clientAddress } from "./session";

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientAddress", () => {
  it("trusts no forwarded header by default (TRUSTED_PROXY_HOPS=0)", () => {
    expect(env.TRUSTED_PROXY_HOPS).toBe(0);
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.9" }))).toBeUndefined();
    expect(clientAddress(headers({ "x-real-ip": "203.0.113.9" }))).toBeUndefined();
  });

  it("takes the entry the last trusted proxy appended, not what the client sent", () => {
    const h = headers({ "x-forwarded-for": "1.2.3.4, 198.51.100.7, 10.0.0.2" });
    expect(clientAddress(h, 1)).toBe("10.0.0.2");
    expect(clientAddress(h, 2)).toBe("198.51.100.7");
  });

  it("has no address when the chain is shorter than the proxies configured", () => {
    expect(clientAddress(headers({ "x-forwarded-for": "10.0.0.2" }), 2)).toBeUndefined();
  });

  it("falls back to X-Real-IP behind a proxy that sets only that", () => {
    expect(clientAddress(headers({ "x-real-ip": "198.51.100.8" }), 1)).toBe("198.51.100.8");
  });
});
