import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { signedIn } from "./support/page";

/**
 * Issue 26 realtime port, default adapter: the signed-in shell holds one server-sent event
 * stream through the proxy and its headers, kept across client-side navigation. (The chat
 * journeys prove events arriving; the integration tests prove what the stream carries.)
 */
test("the signed-in shell opens one live event stream and keeps it across navigation", async ({
  page,
}) => {
  const streams: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/v2/realtime/stream") streams.push(r.url());
  });
  const opened = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/v2/realtime/stream",
  );
  await signedIn(page, ACCOUNTS.pm);
  const res = await opened;
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/event-stream; charset=utf-8");
  expect(res.headers()["content-encoding"]).toBeUndefined();

  await page.getByRole("link", { name: "Jobs", exact: true }).first().click();
  await expect(page).toHaveURL(/\/jobs/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(streams).toHaveLength(1);
});
