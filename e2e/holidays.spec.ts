import { expect as baseExpect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectNoSeriousViolations } from "./support/join";
import { expectToast } from "./support/page";

/*
 * Holidays by region (issue 21): a branch names the region whose public holidays price its
 * work, and the agency adds the days its agreements also treat as holidays on /settings.
 */

const SHOTS = process.env.SHOTS_DIR;
// Server renders can be slow on a loaded machine: wait longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Opens a dialog by its button; right after a load the button may not be hydrated yet. */
async function openDialog(page: Page, button: string, dialog: string) {
  await expect(async () => {
    if (!(await page.getByRole("dialog", { name: dialog }).isVisible()))
      await page.getByRole("button", { name: button }).first().click({ timeout: 3000 });
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 45_000 });
  return page.getByRole("dialog", { name: dialog });
}

test("a branch picks its holiday region from its country's; the agency adds and removes an extra holiday", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });

  // The seeded London branch prices England's holidays.
  await page.goto("/branches?search=London");
  const branches = page.getByRole("table", { name: "Branches" });
  await expect(branches.getByRole("row", { name: /London/ })).toContainText("England");

  const form = await openDialog(page, "New branch", "New branch");
  await form.getByLabel("Name").fill("Glasgow");
  const region = form.getByLabel("Holiday region");
  await expect(region).toBeDisabled();
  await form.getByLabel("Country").selectOption({ label: "United Kingdom" });
  await expect(region).toBeEnabled();
  await expect(region).toHaveValue("");
  await region.selectOption({ label: "Scotland (GB-SCT)" });
  await expect(form.getByText(/national ones, plus the region's/)).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, "branch-region-1280");
  await form.getByRole("button", { name: "Create branch" }).click();
  await expectToast(page, "Branch Glasgow created");
  await page.goto("/branches?search=Glasgow");
  await expect(branches.getByRole("row", { name: /Glasgow/ })).toContainText("Scotland");

  // Another country starts from its national holidays; Denmark has no regions.
  await branches.getByRole("button", { name: "Edit Glasgow" }).click();
  const edit = page.getByRole("dialog", { name: "Edit branch" });
  await expect(edit.getByLabel("Holiday region")).toHaveValue("GB-SCT");
  await edit.getByLabel("Country").selectOption({ label: "Denmark" });
  await expect(edit.getByLabel("Holiday region")).toHaveValue("");
  await expect(edit.getByLabel("Holiday region")).toBeDisabled();
  await expect(edit.getByText("There are no regional holidays for Denmark")).toBeVisible();
  await edit.getByLabel("Country").selectOption({ label: "United Kingdom" });
  await edit.getByLabel("Holiday region").selectOption("GB-ENG");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expectToast(page, "Branch Glasgow edited");
  await expect(branches.getByRole("row", { name: /Glasgow/ })).toContainText("England");
  await branches.getByRole("button", { name: "Delete Glasgow" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete branch" }).click();
  await expectToast(page, "Branch Glasgow deleted");

  // /settings: the seeded extra days, and Norway's list.
  await page.goto("/settings");
  const holidays = page.getByRole("region", { name: "Holidays" });
  await expect(
    holidays.getByRole("list", { name: "Extra holidays of Denmark" }).getByText("Grundlovsdag"),
  ).toBeVisible();
  await expect(
    holidays.getByRole("list", { name: "Extra holidays of Sweden" }).getByText("Midsommarafton"),
  ).toBeVisible();
  await shot(page, "settings-holidays-1280");

  // A rule the calendar cannot read is refused in place.
  const add = await openDialog(page, "Add a holiday for Norway", "Add a holiday for Norway");
  await add.getByLabel("Day").selectOption("custom");
  await add.getByLabel("Date or rule").fill("every other full moon");
  await add.getByLabel("Name").fill("Moon day");
  await add.getByRole("button", { name: "Add holiday" }).click();
  await expect(add.getByText(/cannot read this rule/)).toBeVisible();
  await expect(add.getByLabel("Date or rule")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousViolations(page);
  await shot(page, "settings-holiday-error-1280");

  // A day the calendar knows: its name comes with it.
  await add.getByLabel("Day").selectOption("06-23");
  await expect(add.getByLabel("Name")).toHaveValue("Sankthansaften");
  await add.getByRole("button", { name: "Add holiday" }).click();
  await expectToast(page, "Holiday Sankthansaften added to Norway");
  await expect(add).toBeHidden();
  const norway = holidays.getByRole("list", { name: "Extra holidays of Norway" });
  await expect(norway.getByText("Sankthansaften")).toBeVisible();
  await expect(norway).toContainText(/next 23\/06\/20\d\d/);

  // Removing asks first.
  await holidays.getByRole("button", { name: "Remove Sankthansaften (Norway)" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove “Sankthansaften”?" });
  await expect(confirm).toContainText("ordinary day in Norway");
  await confirm.getByRole("button", { name: "Remove holiday" }).click();
  await expectToast(page, "Holiday Sankthansaften removed from Norway");
  await expect(holidays.getByRole("list", { name: "Extra holidays of Norway" })).toHaveCount(0);
  await expect(holidays.getByText("No extra days: public holidays only.").first()).toBeVisible();
});
