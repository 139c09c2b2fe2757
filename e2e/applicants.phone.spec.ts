import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectNoSeriousViolations } from "./support/join";
import { noSidewaysScroll } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;

// Read-only (the desktop journey approves and declines on the same database).
test("on a phone the applicants and the documents inbox are cards that fit", async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await page.goto("/applicants");
  await expect(page.getByRole("heading", { level: 1, name: "Applicants" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Applicants awaiting approval" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Approve Oskar Lindqvist" })).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/applicants-390.png`, fullPage: true });

  await page.goto("/approvals?type=documents");
  await expect(
    page.getByRole("button", { name: "Decline ID card/passport of Oskar Lindqvist" }),
  ).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/approvals-documents-390.png`, fullPage: true });
});
