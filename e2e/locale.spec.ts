import { expectToast } from "./support/page";
import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";

// An American browser on New York time: the pickers must still show and read DD/MM/YYYY
// and 24-hour HH:mm (spec §9), never 11/23/2026 or 04:00 PM.
test.use({ locale: "en-US", timezoneId: "America/New_York" });

const pad = (n: number) => String(n).padStart(2, "0");

/** A day at least `ahead` days from now whose day of the month is over 12 (no D/M mix-up). */
function laterDay(ahead: number): { ddmmyyyy: string; next: string } {
  const d = new Date(Date.now() + ahead * 86_400_000);
  while (d.getUTCDate() <= 12 || d.getUTCDate() >= 28) d.setUTCDate(d.getUTCDate() + 1);
  const show = (x: Date) =>
    `${pad(x.getUTCDate())}/${pad(x.getUTCMonth() + 1)}/${x.getUTCFullYear()}`;
  return { ddmmyyyy: show(d), next: show(new Date(d.getTime() + 86_400_000)) };
}

test("the job form reads and shows 24-hour times and DD/MM/YYYY dates in an en-US browser", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/jobs/create");

  // Submitting the empty form names every problem at once, in place, and focuses the first.
  await page.getByRole("button", { name: "Create job" }).click();
  for (const [label, text] of [
    ["Job name", "Enter the job's name"],
    ["Company", "Choose a company"],
    ["Country", "Choose a country"],
    ["Date of the new shift", "Add at least one shift"],
  ]) {
    await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(label)).toHaveAccessibleDescription(new RegExp(text));
  }
  await expect(page.getByLabel("Job name")).toBeFocused();
  await expect(page.getByText("Add at least one shift")).toHaveCount(1);
  // Said once: no toast or banner repeating the shifts error.
  await expect(page.getByText("Please enter valid shifts")).toHaveCount(0);

  await page.getByLabel("Job name").fill(`Locale check ${Date.now()}`);
  await expect(page.getByText("Enter the job's name")).toHaveCount(0);
  await page.getByLabel("Company").selectOption({ label: "Nordlys Events" });
  await expect(page.getByLabel("Country")).toHaveValue(/\d+/);

  // The new shift's date, typed with dots, reads day first.
  const day = laterDay(10);
  const newDate = page.getByLabel("Date of the new shift");
  await newDate.fill(day.ddmmyyyy.replaceAll("/", "."));
  await newDate.press("Tab");
  await expect(newDate).toHaveValue(day.ddmmyyyy);
  await page.getByRole("button", { name: "Add shift" }).click();
  const shift = page.getByRole("group", { name: "Shift 1" });
  await expect(shift.getByLabel("Date", { exact: true })).toHaveValue(day.ddmmyyyy);
  await expect(shift.getByLabel("Start", { exact: true })).toHaveValue("08:00");

  // Free typing: "16" is 16:00, "2330" is 23:30; the list has no AM/PM.
  const start = shift.getByLabel("Start", { exact: true });
  await start.fill("16");
  await start.press("Tab");
  await expect(start).toHaveValue("16:00");
  const end = shift.getByLabel("End", { exact: true });
  await end.fill("2330");
  await end.press("Tab");
  await expect(end).toHaveValue("23:30");
  await expect(shift.getByText("7 h 30 min")).toBeVisible();

  // The time list: a combobox, opened by the keyboard, 24-hour options, Escape closes it.
  await start.focus();
  await start.press("ArrowDown");
  const times = shift.getByRole("listbox", { name: "Times" }).first();
  await expect(start).toHaveAttribute("aria-expanded", "true");
  await expect(times.getByRole("option")).toHaveCount(48);
  await expect(times.getByRole("option", { name: "16:00" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(times).not.toContainText(/AM|PM/);
  await start.press("ArrowDown");
  await start.press("Enter");
  await expect(start).toHaveValue("16:30");
  await start.press("ArrowDown");
  await start.press("Escape");
  await expect(start).toHaveAttribute("aria-expanded", "false");
  await expect(start).toHaveValue("16:30");
  // A typo is named in place and not applied.
  await start.fill("25");
  await start.press("Tab");
  await expect(shift.getByText("Enter a time as HH:mm, e.g. 07:00 or 16:30")).toBeVisible();
  await start.fill("16:00");
  await expect(shift.getByText("Enter a time as HH:mm, e.g. 07:00 or 16:30")).toHaveCount(0);

  // The calendar: opened from its button, the keyboard moves a day and Enter picks it.
  await shift.getByRole("button", { name: "Choose from calendar" }).first().click();
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();
  await expect(grid.getByRole("columnheader").first()).toHaveText("Mo");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(grid).toHaveCount(0);
  await expect(shift.getByLabel("Date", { exact: true })).toHaveValue(day.next);

  // Slots, then save: the job keeps 16:00–23:30 on the chosen day.
  await shift.getByLabel("Skill", { exact: true }).selectOption({ label: "Stagehand" });
  await shift.getByRole("button", { name: "Add slot" }).click();
  await page.getByRole("button", { name: "Create job" }).click();
  await expectToast(page, "Job created successfully!");
  await expect(page).toHaveURL(/\/jobs\/\d+\/shifts$/);
  await expect(page.getByRole("list", { name: "Shifts" })).toContainText(
    `${day.next} · 16:00–23:30`,
  );
});

test("the approvals date filters read DD/MM/YYYY in an en-US browser", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/approvals?from=23/11/2026");
  const from = page.getByLabel("Shifts from");
  await expect(from).toHaveValue("23/11/2026");
  const to = page.getByLabel("Shifts to");
  await to.fill("31/02/2026");
  await to.press("Tab");
  await expect(page.getByText("Enter a date as DD/MM/YYYY, e.g. 23/11/2026")).toBeVisible();
  await expect(page).not.toHaveURL(/to=/);
  await to.fill("30/11/2026");
  await expect(page).toHaveURL(/to=30(%2F|\/)11(%2F|\/)2026/);
  await expect(to).toHaveValue("30/11/2026");
  await expect(from).toHaveValue("23/11/2026");
});
