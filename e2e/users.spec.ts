import { expectToast, expectNoSerious } from "./support/page";
import { PAYMENT_MESSAGES } from "../lib/domain/payment-details";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";

const SHOTS = process.env.SHOTS_DIR;

async function expectNoSeriousViolations(page: Page, where: string) {
  await expectNoSerious(page, { where });
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const list = (page: Page) => page.getByRole("table", { name: "Users" });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search" });

async function next(page: Page, title: string) {
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

test("the admin filters the users, creates a freelancer through the wizard, deactivates and reactivates it", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/users$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(list(page).getByRole("row")).toHaveCount(11); // header + 10 a page
  await expectNoSeriousViolations(page, "/users");
  // The whole table, its row menus included, fits at 1280 px.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expect(page.getByRole("button", { name: /^Actions for / }).first()).toBeInViewport();
  await shot(page, "users-1280");

  // Filters live in the URL; deactivated users show only with the toggle.
  await search(page).fill("Sofie Lind");
  await expect(page).toHaveURL(/search=Sofie/);
  await expect(page.getByText("No user matches these filters")).toBeVisible();
  await page.getByRole("checkbox", { name: "Show deactivated users" }).click();
  await expect(page).toHaveURL(/showDeactivatedUsers=1/);
  await expect(list(page).getByRole("link", { name: "Sofie Lind" })).toBeVisible();
  await expect(list(page).getByText("Deactivated")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(search(page)).toHaveValue("");
  await page.getByLabel("Role").selectOption({ label: "Project Manager" });
  await expect(page).toHaveURL(/role=\d+/);
  await expect(list(page).getByRole("link", { name: "Oliver Berg" })).toBeVisible();
  // An archived user is never listed.
  await page.goto("/users?search=Arkiv&showDeactivatedUsers=1");
  await expect(page.getByText("No user matches these filters")).toBeVisible();
  // A bad query value is dropped, never a 500.
  await page.goto("/users?page=zero&sort=password&sub_skill=abc");
  await expect(list(page)).toBeVisible();

  // The wizard, step by step.
  await page.goto("/users");
  await page.getByRole("link", { name: "Create user" }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expectNoSeriousViolations(page, "wizard: role");
  await page.getByRole("radio", { name: /Freelancer/ }).check();
  await next(page, "Account");
  const stamp = Date.now();
  const email = `e2e.freelancer.${stamp}@example.test`;
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel(/^Password/).fill("weak");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/The password must be at least 8 characters/).first()).toBeVisible();
  await page.getByLabel(/^Password/).fill("Strong!Pass1");
  await expectNoSeriousViolations(page, "wizard: account");
  await next(page, "Personal details");
  await page.getByLabel("First name").fill("Edda");
  await page.getByLabel("Last name").fill(`Tester${stamp}`);
  await page.getByLabel("Phone").fill("+45 20 30 40 50");
  await page.getByLabel("Birth date").fill("14/03/1995");
  await page.getByLabel("Birth date").press("Tab");
  await page.getByLabel("Country").selectOption({ label: "Denmark" });
  await page.getByRole("checkbox", { name: "Danish" }).check();
  await expectNoSeriousViolations(page, "wizard: personal");
  await next(page, "Skills and levels");
  await page
    .getByLabel("Skill 1", { exact: true })
    .selectOption({ label: "Stage & Rigging – Stagehand" });
  await page.getByLabel("Level of skill 1").selectOption({ index: 1 });
  await page.getByLabel("Years, skill 1").fill("4");
  await expectNoSeriousViolations(page, "wizard: skills");
  await next(page, "Branches");
  await page.getByRole("checkbox", { name: "Copenhagen" }).check();
  await expectNoSeriousViolations(page, "wizard: branches");
  await next(page, "Payment");
  await page.getByLabel("IBAN").fill("DK50 0040 0440 1162 44");
  await page.getByLabel("SWIFT / BIC").fill("DABADKKK");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText(PAYMENT_MESSAGES.ibanInvalid).first()).toBeVisible();
  await page.getByLabel("IBAN").fill("DK50 0040 0440 1162 43");
  await expectNoSeriousViolations(page, "wizard: payment");
  await shot(page, "users-create-payment-1280");
  await page.getByRole("button", { name: "Create user" }).click();
  await expectToast(page, "User created successfully!");
  await expect(page).toHaveURL(/\/users\?created=\d+$/);

  // It is listed; deactivate it from the row menu, then activate it again.
  const name = `Edda Tester${stamp}`;
  await search(page).fill(email);
  await expect(page).toHaveURL(/search=e2e/);
  await expect(list(page).getByRole("row")).toHaveCount(2);
  await expect(list(page).getByRole("link", { name })).toBeVisible();
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Deactivate" }).click();
  const dialog = page.getByRole("dialog", { name: `Deactivate ${name}?` });
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expectToast(page, `${name} deactivated`);
  await expect(page.getByText("No user matches these filters")).toBeVisible();
  await page.getByRole("checkbox", { name: "Show deactivated users" }).click();
  await expect(page).toHaveURL(/showDeactivatedUsers=1/);
  await expect(list(page).getByText("Deactivated")).toBeVisible();
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Activate" }).click();
  await page
    .getByRole("dialog", { name: `Activate ${name}?` })
    .getByRole("button", { name: "Activate" })
    .click();
  await expect(list(page).getByText("Active", { exact: true })).toBeVisible();

  // A worker with upcoming bookings: the dialog lists them before deactivating.
  await page.goto(`/users?search=${encodeURIComponent(ACCOUNTS.worker)}`);
  await page.getByRole("button", { name: "Actions for William Berg" }).click();
  await page.getByRole("menuitem", { name: "Deactivate" }).click();
  const ask = page.getByRole("dialog", { name: "Deactivate William Berg?" });
  await ask.getByRole("button", { name: "Deactivate" }).click();
  await expect(ask.getByRole("list", { name: "Upcoming bookings" })).toBeVisible();
  await expect(ask.getByRole("button", { name: "Deactivate anyway" })).toBeVisible();
  await expectNoSeriousViolations(page, "bookings dialog");
  await shot(page, "users-bookings-dialog-1280");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(list(page).getByText("Active", { exact: true })).toBeVisible();
});

test("a client contact sees only its own company's users", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.col);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create user" })).toHaveCount(0);
  const cells = list(page).getByRole("row");
  await expect(cells.nth(1)).toBeVisible();
  await expect(list(page).getByText("Nordlys Events").first()).toBeVisible();
  await expect(list(page).getByRole("link", { name: "William Berg" })).toHaveCount(0);
});
