import { expect, test } from "@playwright/test";
import { acceptCookies } from "./support/auth";
import { expectNoSeriousViolations } from "./support/join";

// The public joining screens on a phone (390 px): nothing scrolls sideways, axe is clean.
for (const [path, heading, shot] of [
  ["/sign-up", "Join the crew", "sign-up"],
  ["/password-reset", "Forgot your password?", "password-reset"],
  ["/password/reset/not-a-real-token", "This link cannot be used", "bad-reset-link"],
  ["/sign-in", "Sign in", "sign-in"],
] as const) {
  test(`${path} fits a phone`, async ({ page }) => {
    await acceptCookies(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `/tmp/shots-join/${shot}-390.png`, fullPage: true });
  });
}

// A made-up link says so as it opens (issue 23), before any password is typed.
test("a reset with an unknown token says the link is invalid", async ({ page }) => {
  await page.goto("/password/reset/not-a-real-token");
  await expect(page.getByText(/This password link is not valid/)).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveCount(0);
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
});
