import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectAccessible, expectToast, noSidewaysScroll } from "./support/page";

/**
 * Estimates (issue 13): the job form's live price estimate as a PM, and a worker's estimated
 * pay on the new-jobs cards at phone width.
 */
const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });

function ddmmyyyyDaysAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10).split("-").reverse().join("/");
}

test("a PM sees the job form's estimate appear and change with an overnight shift", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await page.goto("/jobs/create");
  const panel = page.getByRole("region", { name: "Price estimate" });
  await expect(panel).toContainText("Choose a client to see the estimate.");
  await page.getByLabel("Job name").fill(`Estimate gala ${Date.now()}`);
  await page.getByLabel("Company").selectOption({ label: "Nordlys Events" });
  await expect(page.getByLabel("Country")).toHaveValue(/\d+/);
  await page.getByLabel("Date of the new shift").fill(ddmmyyyyDaysAhead(10));
  await page.getByRole("button", { name: "Add shift" }).click();
  const first = page.getByRole("group", { name: "Shift 1" });
  await first.getByLabel("Skill", { exact: true }).selectOption({ label: "Stagehand" });
  await first.getByLabel("Positions", { exact: true }).fill("2");
  await first.getByRole("button", { name: "Add slot" }).click();

  // The estimate appears: one shift, 2 × Stagehand, a total in DKK.
  const total = panel.getByTestId("estimate-total");
  await expect(total).toHaveText(/^[\d,]+\.\d{2} DKK$/);
  await expect(panel).toContainText("2 × Stagehand");
  const dayTotal = await total.textContent();

  // A second shift (a copy on the next day), made overnight: the estimate grows and shows night.
  await page.getByRole("button", { name: "Add shift" }).click();
  const second = page.getByRole("group", { name: "Shift 2" });
  await expect(second.getByRole("spinbutton", { name: "Positions for Stagehand" })).toHaveValue(
    "2",
  );
  await second.getByLabel("Start", { exact: true }).fill("22:00");
  await second.getByLabel("End", { exact: true }).fill("4");
  await second.getByLabel("End", { exact: true }).press("Tab");
  await expect(second.getByText("+1 day")).toBeVisible();
  await expect(panel.getByTestId("estimate-shift-total")).toHaveCount(2);
  await expect(panel).toContainText("night");
  await expect(total).not.toHaveText(dayTotal ?? "");

  // A skill without a client rate at Nordlys is named, not an error.
  await second.getByLabel("Skill", { exact: true }).selectOption({ label: "Security" });
  await second.getByLabel("Positions", { exact: true }).fill("1");
  await second.getByRole("button", { name: "Add slot" }).click();
  await expect(panel).toContainText("No client rate for Security");
  const finalTotal = await total.textContent();

  await expectAccessible(page);
  if (SHOTS) {
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/estimates-form-1280.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/estimates-form-390.png`, fullPage: true });

  await page.getByRole("button", { name: "Create job" }).click();
  await expectToast(page, "Job created successfully!");
  await expect(page).toHaveURL(/\/jobs\/\d+/);
  const jobId = Number(/\/jobs\/(\d+)/.exec(page.url())![1]);

  // The edit form estimates the saved shifts the same way.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/jobs/${jobId}/edit`);
  await expect(
    page.getByRole("region", { name: "Price estimate" }).getByTestId("estimate-total"),
  ).toHaveText(finalTotal ?? "");
});

test("a worker sees its estimated pay on a new job card at phone width", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/, { timeout: 30_000 });
  await page.goto("/my-dashboard/new");
  const list = page.getByRole("list", { name: "New jobs" });
  await expect(list.getByText(/Est\. [\d,]+\.\d{2} DKK · \d+ h/).first()).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/estimates-new-jobs-390.png`, fullPage: true });
});
