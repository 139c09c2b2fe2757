import { expect as baseExpect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectNoSeriousViolations } from "./support/join";
import { noSidewaysScroll } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;
const expect = baseExpect.configure({ timeout: 30_000 });

test("on a phone the holiday region picker and the Holidays settings fit 390 px", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });

  await page.goto("/branches");
  await expect(page.getByRole("heading", { level: 1, name: "Branches" })).toBeVisible();
  await expect(async () => {
    await page.getByRole("button", { name: "New branch" }).first().click({ timeout: 3000 });
    await expect(page.getByRole("dialog", { name: "New branch" })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 45_000 });
  const form = page.getByRole("dialog", { name: "New branch" });
  await form.getByLabel("Country").selectOption({ label: "Germany" });
  await form.getByLabel("Holiday region").selectOption("DE-BY");
  await noSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/branch-region-390.png`, fullPage: true });
  await form.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/settings");
  const holidays = page.getByRole("region", { name: "Holidays" });
  await holidays.scrollIntoViewIfNeeded();
  await expect(holidays.getByRole("button", { name: "Add a holiday for Sweden" })).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  if (SHOTS) await holidays.screenshot({ path: `${SHOTS}/settings-holidays-390.png` });
  await expect(async () => {
    await holidays
      .getByRole("button", { name: "Add a holiday for Sweden" })
      .click({ timeout: 3000 });
    await expect(page.getByRole("dialog", { name: "Add a holiday for Sweden" })).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 45_000 });
  const add = page.getByRole("dialog", { name: "Add a holiday for Sweden" });
  await add.getByLabel("Day").selectOption("custom");
  await expect(add.getByLabel("Date or rule")).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-holiday-add-390.png` });
  await add.getByRole("button", { name: "Cancel" }).click();
});
