import { expect, test } from "@playwright/test";

/**
 * Issue 22: /api/v2/docs renders with the network cut off from everything but the app. Every
 * request to another host is refused here, and the page's CSP would refuse it too: Scalar's
 * script comes from the app (/api/v2/docs/scalar.js), its fonts are off.
 */
test("the API reference renders with nothing but the app reachable", async ({ page, baseURL }) => {
  const app = new URL(baseURL!).host;
  const outside: string[] = [];
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.host === app || url.protocol === "data:" || url.protocol === "blob:")
      return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });

  const res = await page.goto("/api/v2/docs");
  expect(res?.status()).toBe(200);
  // Scalar reads our OpenAPI document and draws its title and operations.
  await expect(page.getByRole("heading", { name: "Crewdeck API" }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("/auth/login").first()).toBeVisible();
  expect(outside).toEqual([]);
  expect(violations).toEqual([]);
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/api-docs-1280.png` });

  // The script is versioned and cached; a bare fetch of it works without signing in.
  const script = await page.request.get("/api/v2/docs/scalar.js");
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toContain("javascript");
  expect(script.headers()["cache-control"]).toContain("immutable");
});
