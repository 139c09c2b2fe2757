import { expectNoSerious } from "./support/page";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";

const SHOTS = process.env.SHOTS_DIR;

/** At 390 px: nothing scrolls sideways, axe finds nothing serious; a screenshot when asked. */
async function check(page: Page, name: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoSerious(page, { where: name });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
}

test("freelancers, on-call and the activity log fit a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto("/freelancers");
  await expect(page.getByRole("heading", { level: 1, name: "Freelancers" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters \(\d\)$/ })).toBeVisible();
  await check(page, "freelancers");
  await page.goto("/on-call");
  await expect(page.getByRole("list", { name: "Workers on call" })).toBeVisible();
  await check(page, "on-call");
  await page.goto("/activity-log");
  await expect(page.getByRole("list", { name: "Activity log" })).toBeVisible();
  await check(page, "activity-log");
});
