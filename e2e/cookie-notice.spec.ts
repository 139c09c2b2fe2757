import { expect, test } from "@playwright/test";

// Spec §2 "Root view" and §4 "Cookie notice": every screen, public ones included, shows the
// bar pinned to the bottom until "I agree" stores areCookiesAccepted = 'true'.
test("the cookie notice shows on public screens until I agree, also after a reload", async ({
  page,
}) => {
  await page.goto("/sign-in");
  const notice = page.getByRole("region", { name: "Cookie notice" });
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  const viewport = page.viewportSize();
  expect(Math.round(box!.y + box!.height)).toBe(viewport!.height);

  const [policy] = await Promise.all([
    page.waitForEvent("popup"),
    notice.getByRole("link", { name: "cookie policy" }).click(),
  ]);
  await expect(policy).toHaveURL(/\/cookie-policy$/);
  await expect(policy.getByRole("region", { name: "Cookie notice" })).toBeVisible();
  await policy.close();

  await page.goto("/privacy-policy");
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "I agree" }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("areCookiesAccepted"))).toBe("true");

  // Hydration removes the bar (an inline script hid it first): let the page settle.
  await page.reload({ waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(notice).toBeHidden();
  await page.goto("/sign-in", { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(notice).toBeHidden();
});

// Issue 27 (phone speed): the bar comes with the server's HTML, so a first visit paints it with
// the page rather than after the scripts (it was Lighthouse's late LCP element everywhere), and
// someone who agreed never sees it, not even before the app's scripts have run.
test("the bar is in the server's page for a first visit, and hidden before hydration after I agree", async ({
  browser,
}) => {
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScripts.newPage();
  await bare.goto("/sign-in");
  const bareNotice = bare.getByRole("region", { name: "Cookie notice" });
  await expect(bareNotice).toBeVisible();
  await expect(bareNotice.getByRole("button", { name: "I agree" })).toBeVisible();
  await noScripts.close();

  // Agreed, and the app's scripts never arrive: only the page's inline script can hide it.
  const agreed = await browser.newContext();
  await agreed.addInitScript(() => window.localStorage.setItem("areCookiesAccepted", "true"));
  await agreed.route("**/_next/static/**/*.js", (route) => route.abort());
  const page = await agreed.newPage();
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await page.locator("#cookie-notice").count()).toBe(1); // drawn, not yet hydrated
  await expect(page.getByRole("region", { name: "Cookie notice" })).toBeHidden();
  await agreed.close();
});
