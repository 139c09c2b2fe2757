import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectNoSeriousViolations, profileTab, shotDir } from "./support/profile";

test("the worker's profile tabs fit a phone and stay accessible", async ({ page }) => {
  test.setTimeout(240_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard/, { timeout: 30_000 });
  await page.goto("/users/me/personal");
  await expect(page).toHaveURL(/\/users\/\d+\/personal$/);
  for (const [tab, path] of [
    ["Personal", "personal"],
    ["Settings", "settings"],
    ["Payment", "payment"],
    ["Skills", "my-skills"],
    ["Invited users", "invited-users"],
  ] as const) {
    await profileTab(page, tab).click();
    await expect(page).toHaveURL(new RegExp(`/${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${shotDir}/worker-${path}-390.png`, fullPage: true });
  }
});
