import { expect, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./auth";

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};
const signedDiff = (minutes: number) =>
  `${minutes < 0 ? "\u2212" : "+"}${Math.floor(Math.abs(minutes) / 60)}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;

/**
 * Issue 9's journey: the worker reports an end an hour before the planned start (the
 * 08:00–07:00 typo: 23 hours), is asked whether that is right, corrects the end to 30 minutes
 * after the plan and saves; the project manager sees "+0:30" on /approvals, and "Approve all
 * that match the plan" leaves that row for a look. Returns nothing; asserts on the way.
 */
export async function unusualHoursJourney(page: Page, phone: boolean) {
  // The two projects run at once on one database, and the worker has two shifts with hours
  // due: the desktop takes the first, the phone the last, so they never take the same one.
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/, { timeout: 30_000 });
  await page.goto("/my-dashboard/past");
  const report = page.getByRole("button", { name: "Report hours" })[phone ? "last" : "first"]();
  const dialog = page.getByRole("dialog", { name: "Report hours" });
  // A press before hydration does nothing; the dialog's code then loads on the first press.
  await expect(async () => {
    if (!(await dialog.isVisible())) await report.click({ timeout: 2000 });
    await expect(dialog).toBeVisible({ timeout: 4000 });
  }).toPass({ timeout: 20_000 });
  const description = (await dialog.locator("p").first().textContent()) ?? "";
  const jobName = description.split(" · ")[0].trim();
  expect(jobName.length).toBeGreaterThan(0);

  // The 24-hour fields whatever the browser's locale (this browser is en-US).
  const start = await dialog.getByLabel("Start").inputValue();
  const plannedEnd = await dialog.getByLabel("End").inputValue();
  expect(start).toMatch(/^\d{2}:\d{2}$/);
  expect(plannedEnd).toMatch(/^\d{2}:\d{2}$/);
  const planned = (minutesOf(plannedEnd) - minutesOf(start) + 1440) % 1440 || 1440;

  await dialog.getByLabel("End").fill(hhmm(minutesOf(start) - 60));
  await dialog.getByLabel("End").press("Tab");
  await dialog.getByRole("button", { name: "Save hours" }).click();
  const question = dialog.getByRole("alert").filter({ hasText: "Are these hours right?" });
  await expect(question).toBeVisible();
  await expect(question).toContainText(signedDiff(23 * 60 - planned));

  await question.getByRole("button", { name: "Change the times" }).click();
  await expect(question).toBeHidden();
  await dialog.getByLabel("End").fill(hhmm(minutesOf(plannedEnd) + 30));
  await dialog.getByLabel("End").press("Tab");
  await dialog.getByRole("button", { name: "Save hours" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Hours reported successfully")).toBeVisible();

  // The project manager.
  await page.context().clearCookies();
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto("/approvals");
  if (phone) {
    await page.getByRole("button", { name: /^Filters \(\d+\)$/ }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.getByLabel("Job").selectOption({ label: jobName });
    await expect(page).toHaveURL(/job_id=\d+/);
    await sheet.getByRole("button", { name: "Show results" }).click();
  } else {
    await page.getByLabel("Job").selectOption({ label: jobName });
    await expect(page).toHaveURL(/job_id=\d+/);
  }
  const row = page
    .locator("tr:visible, li:visible")
    .filter({ hasText: "William Berg" })
    .filter({ hasText: "+0:30" })
    .first();
  await expect(row).toBeVisible();

  // "Approve all that match the plan" asks first, naming the rule; thirty minutes past the plan
  // is more than the 15 allowed, so this row is not among what it approves.
  await page.getByRole("button", { name: "Approve all that match the plan" }).click();
  const ask = page.getByRole("alertdialog");
  await expect(ask).toContainText("start and end each within 15 minutes of the plan");
  await ask.getByRole("button", { name: /^(Cancel|Close)$/ }).click();
  await expect(ask).toBeHidden();
  await page.reload();
  await expect(
    page
      .locator("tr:visible, li:visible")
      .filter({ hasText: "William Berg" })
      .filter({ hasText: "+0:30" })
      .first(),
  ).toBeVisible();
}
