import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { noSidewaysScroll, expectNoSerious } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;

async function noSeriousViolations(page: Page) {
  await expectNoSerious(page);
}

test("on a phone the user list is cards that do not scroll sideways, and the wizard fits", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto("/users?search=Berg");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  // Cards instead of the table below 640 px; the filters fold into a sheet.
  await expect(page.getByRole("table", { name: "Users" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Filters (0)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "William Berg" })).toBeVisible();
  await noSidewaysScroll(page);
  await noSeriousViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-390.png`, fullPage: true });

  await page.getByRole("link", { name: "Create user" }).click();
  await page.getByRole("radio", { name: /Freelancer/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Account" })).toBeVisible();
  await noSidewaysScroll(page);
  await noSeriousViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/users-create-390.png`, fullPage: true });
});
