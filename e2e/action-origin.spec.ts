import { expect, test } from "@playwright/test";
import { ACCOUNTS, PASSWORD } from "./support/auth";

/*
 * Server actions refuse a foreign Origin (issue 27): Next compares the Origin of a server
 * action's POST with the Host it was sent to. The sign-in action is caught as the form sends
 * it, then sent again as is — answered — and with another site's Origin — refused, no session.
 */
test("a server action sent from another site's origin is refused", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ACCOUNTS.worker);
  await page.getByLabel("Password").fill(PASSWORD);
  const sent = page.waitForRequest((r) => r.method() === "POST" && !!r.headers()["next-action"]);
  await page.getByRole("button", { name: "Sign in" }).click();
  const action = await sent;
  const headers = { ...action.headers() };
  delete headers["content-length"];
  const body = action.postDataBuffer() ?? undefined;

  const same = await page.request.post(action.url(), { headers, data: body, maxRedirects: 0 });
  expect(same.status()).toBeLessThan(400);

  const foreign = await page.request.post(action.url(), {
    headers: { ...headers, origin: "https://evil.example" },
    data: body,
    maxRedirects: 0,
  });
  expect(foreign.status()).toBeGreaterThanOrEqual(400);
  expect(foreign.headers()["set-cookie"] ?? "").not.toContain("session-token");
  expect(await foreign.text()).not.toContain("ticket");
});
