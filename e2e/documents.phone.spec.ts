import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectNoSeriousViolations } from "./support/profile";
import { shotDir } from "./support/documents";

async function fitsAndIsAccessible(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, name).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shotDir}/${name}-390.png`, fullPage: true });
}

test("the documents tab fits a phone", async ({ page }) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard/, { timeout: 30_000 });
  await page.goto("/users/me/my-documents");
  await expect(page.getByRole("heading", { name: "Uploaded documents" })).toBeVisible();
  await fitsAndIsAccessible(page, "worker-my-documents");
  await page
    .getByRole("button", { name: /^Replace / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await fitsAndIsAccessible(page, "worker-replace-dialog");
});

test("the document types screen fits a phone", async ({ page }) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await fitsAndIsAccessible(page, "office-dashboard");
  await page.goto("/document-types");
  await expect(page.getByRole("heading", { name: "Document types", level: 1 })).toBeVisible();
  await fitsAndIsAccessible(page, "document-types");
});
