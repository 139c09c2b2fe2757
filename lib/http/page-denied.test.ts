import { beforeEach, describe, expect, it, vi } from "vitest";
import { ForbiddenError } from "@/lib/services/errors";
import { PATH_HEADER } from "@/lib/auth/denied";

// The request a page renders for: its path (set by proxy.ts) and the signed-in user.
const request = vi.hoisted(() => ({
  path: "/client/7/rates" as string | null,
  permissions: ["dashboard_access"] as string[] | null,
}));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(request.path ? { [PATH_HEADER]: request.path } : {}),
}));
vi.mock("@/lib/auth/session", () => ({
  currentActor: async () =>
    request.permissions ? { permissions: new Set(request.permissions) } : null,
}));

const { pageData } = await import("./page");

const digestOf = async (p: Promise<unknown>) =>
  ((await p.catch((e: unknown) => e)) as { digest?: string }).digest ?? "";

beforeEach(() => {
  request.path = "/client/7/rates";
  request.permissions = ["dashboard_access"];
});

// Issue 23: a page whose verb refuses (403) sends the user to their start page saying why.
describe("pageData on a 403", () => {
  it("redirects to the start page with the refused page's code", async () => {
    expect(await digestOf(pageData(Promise.reject(new ForbiddenError())))).toContain(
      "/dashboard?denied=client-rates",
    );
    request.permissions = ["my_dashboard_access"];
    request.path = "/jobs/3/worker-rates";
    expect(await digestOf(pageData(Promise.reject(new ForbiddenError())))).toContain(
      "/my-dashboard?denied=jobs-worker-rates",
    );
  });

  it("names an unknown or missing path only as 'that page'", async () => {
    request.path = null;
    expect(await digestOf(pageData(Promise.reject(new ForbiddenError())))).toContain(
      "/dashboard?denied=page",
    );
  });

  it("shows the error screen instead of looping when the start page itself refuses", async () => {
    request.path = "/dashboard";
    expect(await digestOf(pageData(Promise.reject(new ForbiddenError("No."))))).toBe(
      "crewdeck-http;403;No.",
    );
  });

  it("sends a signed-out user to sign in", async () => {
    request.permissions = null;
    expect(await digestOf(pageData(Promise.reject(new ForbiddenError())))).toContain("/sign-in");
  });
});
