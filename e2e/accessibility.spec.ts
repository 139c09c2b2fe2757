import { expectNoSerious } from "./support/page";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, openInviteModal, signInAs } from "./support/auth";

// DESIGN.md §11: axe finds no serious violation on any screen.
async function expectNoSeriousViolations(page: Page) {
  await expectNoSerious(page);
}

test("public screens have no serious accessibility violations", async ({ page }) => {
  for (const path of [
    "/sign-in",
    "/privacy-policy",
    "/privacy-notice",
    "/cookie-policy",
    "/maintenance",
    "/404",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});

test("signed-in screens have no serious accessibility violations", async ({ page }) => {
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectNoSeriousViolations(page); // with the cookie notice showing
  await acceptCookies(page);
  await page.reload();
  await openInviteModal(page);
  await expect(page.getByRole("dialog", { name: "Invite a friend" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the dashboard and the unfilled jobs list have no serious accessibility violations", async ({
  page,
}) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Today and tomorrow" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto("/jobs?unfilled=1");
  await expect(page.getByRole("checkbox", { name: "Unfilled in the next 48 hours" })).toBeChecked();
  await expectNoSeriousViolations(page);
});

test("the worker dashboard has no serious accessibility violations", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/);
  await expectNoSeriousViolations(page);
});

test("booking, approvals and the worker's lists have no serious accessibility violations", async ({
  page,
}) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/approvals");
  await expect(page.getByRole("heading", { name: "Approvals" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto("/jobs");
  await page.getByRole("link", { name: "Royal Arena concert – load-in" }).first().click();
  await page.getByRole("link", { name: "Book", exact: true }).click();
  await expect(page).toHaveURL(/\/book$/);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Add worker" }).first().click();
  await expect(page.getByRole("dialog", { name: /^Book / })).toBeVisible();
  await expect(page.getByRole("list", { name: "Workers" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the worker's dashboard tabs have no serious accessibility violations", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/);
  for (const tab of ["new", "past", "pending"]) {
    await page.goto(`/my-dashboard/${tab}`);
    await expect(page.getByRole("navigation", { name: "My dashboard lists" })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});

test("the job form, its errors and its pickers have no serious accessibility violations", async ({
  page,
}) => {
  test.setTimeout(150_000); // three axe runs on a long form
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/jobs/create");
  await page.getByRole("button", { name: "Create job" }).click();
  await expect(page.getByLabel("Job name")).toBeFocused();
  await expectNoSeriousViolations(page); // every error showing
  await page.getByLabel("Company").selectOption({ label: "Nordlys Events" });
  await page.getByRole("button", { name: "Add shift" }).click();
  const shift = page.getByRole("group", { name: "Shift 1" });
  await shift.getByLabel("Start", { exact: true }).press("ArrowDown");
  await expect(shift.getByRole("listbox", { name: "Times" })).toBeVisible();
  await expectNoSeriousViolations(page); // the time list open
  await shift.getByLabel("Start", { exact: true }).press("Escape");
  await shift.getByRole("button", { name: "Choose from calendar" }).first().click();
  await expect(page.getByRole("grid")).toBeVisible();
  await expectNoSeriousViolations(page); // the calendar open
});
