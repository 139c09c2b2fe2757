import { expectNoSerious } from "./support/page";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";

const SHOTS = process.env.SHOTS_DIR;

async function expectNoSeriousViolations(page: Page, where: string) {
  await expectNoSerious(page, { where });
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("the admin filters the activity log by a type and follows a record's link", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Activity log" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity log" })).toBeVisible();
  const log = page.getByRole("list", { name: "Activity log" });
  await expect(log.getByRole("listitem")).toHaveCount(20);
  await expectNoSeriousViolations(page, "/activity-log");
  await shot(page, "activity-log-1280");

  await page.getByLabel("Type").selectOption("jobs");
  await expect(page).toHaveURL(/log_name=jobs/);
  await expect(log.getByText(/created job /).first()).toBeVisible();
  const rows = log.getByRole("listitem");
  // The kind in words (issue 23), never the raw key.
  for (const text of await rows.allInnerTexts()) expect(text).toContain("Jobs");
  // Status changes read as before → after.
  await page.getByLabel("Type").selectOption("users");
  await expect(log.getByText("changed to").first()).toBeAttached();
  await page.getByLabel("Type").selectOption("jobs");
  // The record link is called by the job's name and leads to the job.
  const link = log.locator('a[href^="/jobs/"]').first();
  const href = await link.getAttribute("href");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}(/shifts)?$`));

  // The profile tab Activity lists one user's rows.
  await page.goto("/users/me/personal");
  await page
    .getByRole("navigation", { name: "Profile sections" })
    .getByRole("link", { name: "Activity", exact: true })
    .click();
  await expect(page).toHaveURL(/\/users\/\d+\/user-activities$/);
  await expect(page.getByRole("list", { name: /^Activity of / })).toBeVisible();
  await expectNoSeriousViolations(page, "user-activities");
  // From there, the same person's rows in the full log (filter[causer_id]).
  await page.getByRole("link", { name: /^What .+ did, in the activity log$/ }).click();
  await expect(page).toHaveURL(/\/activity-log\?causer_id=\d+$/);
  await expect(page.getByText(/^Only what .+ did\./)).toBeVisible();
  await expect(log.getByText("Signed in").first()).toBeVisible();
});

test("an office user adds a worker to the on-call list and removes one", async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.handler);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "On-call list" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "On-call list" })).toBeVisible();
  const list = page.getByRole("list", { name: "Workers on call" });
  const before = await list.getByRole("listitem").count();
  expect(before).toBeGreaterThan(0);
  await expect(list.getByRole("link", { name: /^Call / }).first()).toHaveAttribute(
    "href",
    /^tel:\+?\d+$/,
  );
  await expectNoSeriousViolations(page, "/on-call");

  // Search as you type, then pick with the keyboard.
  const combo = page.getByRole("combobox", { name: "Add a worker" });
  await combo.fill("a");
  const options = page.getByRole("listbox", { name: "Workers not on call" }).getByRole("option");
  await expect(options.first()).toBeVisible();
  const picked = (await options.first().locator("span").first().innerText()).trim();
  await combo.press("ArrowDown");
  await expect(combo).toHaveAttribute("aria-activedescendant", /option-0$/);
  await expectNoSeriousViolations(page, "/on-call combobox open");
  await combo.press("Enter");
  await expect(page.getByText("Worker added to the on-call list")).toBeVisible();
  await expect(list.getByRole("link", { name: picked })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(before + 1);
  await shot(page, "on-call-1280");

  await list.getByRole("button", { name: `Remove ${picked} from the on-call list` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${picked} from the on-call list?` });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Worker removed from the on-call list")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(before);
});

test("the office filters /freelancers by skill", async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto("/freelancers");
  await expect(page.getByRole("heading", { level: 1, name: "Freelancers" })).toBeVisible();
  const table = page.getByRole("table", { name: "Freelancers" });
  await expect(table.getByRole("row")).toHaveCount(11);
  await expectNoSeriousViolations(page, "/freelancers");
  await shot(page, "freelancers-1280");
  await page.getByLabel("Sub-skill").selectOption({ label: "Rigger" });
  await expect(page).toHaveURL(/sub_skill=\d+/);
  const skills = table.getByRole("row").locator("td:nth-child(3)");
  await expect(skills.first()).toBeVisible();
  for (const text of await skills.allInnerTexts()) expect(text).toContain("Rigger");
  await page.getByLabel("Documents").selectOption("no");
  await expect(page).toHaveURL(/has_valid_documents=no/);
  // A bad query value is dropped, never an error screen.
  await page.goto("/freelancers?level_id=abc&sort=password");
  await expect(table).toBeVisible();
});
