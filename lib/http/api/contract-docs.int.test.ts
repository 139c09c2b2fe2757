import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { allEndpoints } from "@/lib/http/api";
import { callRoute } from "@/lib/testing/route-request";
import * as rulesRoute from "@/app/api/v2/rules/route";
import * as openApiRoute from "@/app/api/v2/openapi.json/route";
import * as catchAllRoute from "@/app/api/v2/[...path]/route";
import * as docsRoute from "@/app/api/v2/docs/route";
import { NextRequest } from "next/server";
import { allowHeader, type RouteHandler as ApiRouteHandler } from "@/lib/http/route";
import { ErrorBody, expectErrorBody, get, setUpContractDatabase } from "./contract.test-support";

setUpContractDatabase();

describe("GET /api/v2/openapi.json", () => {
  it("is public: an OpenAPI 3 document with every endpoint and the login body", async () => {
    const res = await get(openApiRoute.GET, "openapi.json");
    expect(res.status).toBe(200);
    expect(res.contentType).toContain("application/json");
    const doc = res.body as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<
                string,
                { schema: { properties?: Record<string, unknown>; required?: string[] } }
              >;
            };
          }
        >
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const ep of allEndpoints) {
      expect(
        doc.paths[ep.path]?.[ep.method.toLowerCase()],
        `${ep.method} ${ep.path}`,
      ).toBeDefined();
    }
    const loginSchema =
      doc.paths["/auth/login"].post.requestBody!.content["application/json"].schema;
    expect(Object.keys(loginSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["email", "password"]),
    );
    expect(loginSchema.required).toEqual(expect.arrayContaining(["email", "password"]));
  });

  it("documents the 503 of a database outage on every operation (issue 27)", async () => {
    const doc = (await get(openApiRoute.GET, "openapi.json")).body as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    for (const ep of allEndpoints)
      expect(
        doc.paths[ep.path][ep.method.toLowerCase()].responses["503"]?.description,
        `${ep.method} ${ep.path}`,
      ).toMatch(/database cannot be reached.*Retry-After/);
  });

  it("ignores a stale bearer token instead of answering 401", async () => {
    const res = await get(openApiRoute.GET, "openapi.json", { token: "cd_revoked" });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/v2/docs", () => {
  it("answers the interactive reference as HTML over /api/v2/openapi.json, without an account", async () => {
    const res = await callRoute(docsRoute.GET, "docs", { method: "GET" });
    expect(res.status).toBe(200);
    expect(res.contentType).toContain("text/html");
    const html = await (
      await docsRoute.GET(
        new NextRequest("http://localhost/api/v2/docs", { headers: { "x-nonce": "abc123" } }),
        { params: Promise.resolve({}) },
      )
    ).text();
    expect(html).toContain("/api/v2/openapi.json");
    expect(html).toContain("<title>Crewdeck API reference</title>");
    expect(html).toContain('nonce="abc123"');
  });
});

describe("unsupported methods", () => {
  it("answers 405 { message, type } with Allow listing the path's methods", async () => {
    const res = await callRoute(rulesRoute.POST, "rules", { method: "POST", json: {} });
    expect(res.status).toBe(405);
    expect(expectErrorBody(res).type).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const del = await callRoute(openApiRoute.DELETE, "openapi.json", { method: "DELETE" });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers OPTIONS with 204 and the same Allow", async () => {
    const res = await rulesRoute.OPTIONS();
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("keeps the JSON 404 for a path without a route, whatever the method", async () => {
    const res = await callRoute(catchAllRoute.PATCH, "nowhere", { method: "PATCH" });
    expect(res.status).toBe(404);
    expect(expectErrorBody(res).type).toBe("not_found");
  });
});

describe("route files and allEndpoints", () => {
  const root = path.join(process.cwd(), "app", "api", "v2");
  const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

  function routeFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return routeFiles(full);
      return e.name === "route.ts" ? [full] : [];
    });
  }

  /** app/api/v2/jobs/[id]/shifts/route.ts → /jobs/{id}/shifts; the catch-all is left out. */
  const routes = routeFiles(root)
    .map((file) => ({
      file,
      apiPath:
        "/" +
        path
          .relative(root, path.dirname(file))
          .split(path.sep)
          .map((seg) => seg.replace(/^\[(\w+)\]$/, "{$1}"))
          .join("/"),
    }))
    .filter((r) => !r.apiPath.includes("[..."));

  it("has a route file for every endpoint, and an endpoint for every route file", () => {
    expect(routes.length).toBeGreaterThan(0);
    const fromFiles = [...new Set(routes.map((r) => r.apiPath))].sort();
    const fromEndpoints = [...new Set(allEndpoints.map((e) => e.path))].sort();
    expect(fromFiles).toEqual(fromEndpoints);
  });

  it("runs each declared operation under its method and answers 405 with Allow to the others", async () => {
    for (const r of routes) {
      const mod = (await import(/* @vite-ignore */ r.file)) as Record<string, ApiRouteHandler>;
      const declared = allEndpoints.filter((e) => e.path === r.apiPath);
      const allow = allowHeader(declared.map((e) => e.method));
      for (const m of methods) {
        expect(typeof mod[m], `${m} ${r.apiPath}`).toBe("function");
        const ep = declared.find((e) => e.method === m);
        if (ep) {
          expect(mod[m].endpoint, `${m} ${r.apiPath}`).toBe(ep);
          continue;
        }
        const res = await callRoute(mod[m], r.apiPath, { method: m });
        expect(res.status, `${m} ${r.apiPath}`).toBe(405);
        expect(res.headers.get("allow"), `${m} ${r.apiPath}`).toBe(allow);
        expect((res.body as ErrorBody).type).toBe("method_not_allowed");
      }
    }
  });
});
