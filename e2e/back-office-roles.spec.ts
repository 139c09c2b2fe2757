import { expectToast, expectNoSerious } from "./support/page";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signIn, signInAs } from "./support/auth";
import { userIdOf } from "./support/profile";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-roles";
/** The demo seed's holder of the custom "Warehouse Lead" role (seed/build/roles.ts). */
const NORA = "nora.vang@crewdeck.test";

async function expectNoSeriousViolations(page: Page, where: string) {
  // Toasts fade in and out: axe reads one at part opacity as a contrast failure.
  await expectNoSerious(page, { where, exclude: "[data-sonner-toast]" });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const noSideScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
const box = (page: Page, permission: string) =>
  page.getByRole("checkbox", { name: new RegExp(`\\(${permission}\\)$`) });

test("the admin makes a role of three permissions, gives it to a user, whose menu shows exactly those screens", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const title = `Floor Lead ${String(Date.now()).slice(-5)}`;
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Roles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Roles" })).toBeVisible();
  const table = page.getByRole("table", { name: "Roles" });
  await expect(table.getByRole("row", { name: /Warehouse Lead/ })).toContainText("1 user");
  // Built-in roles have no Delete; a role held by users cannot be deleted.
  await expect(page.getByRole("button", { name: "Delete Administrator" })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete Warehouse Lead" }).click();
  const refuse = page.getByRole("dialog", { name: "Delete “Warehouse Lead”?" });
  await expect(refuse).toContainText("It is used by 1 user.");
  await expect(refuse.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await refuse.getByRole("button", { name: "Close" }).first().click();
  await expectNoSeriousViolations(page, "/roles");
  await shot(page, "roles-1280");

  // The Administrator's checklist: all ticked, none can be changed.
  await page.getByRole("button", { name: "Edit Administrator" }).click();
  const adminDialog = page.getByRole("dialog", { name: "Edit role “Administrator”" });
  await expect(
    adminDialog.getByText("The Administrator role always holds every permission."),
  ).toBeVisible();
  // One read of every box (dozens of separate expects cost seconds on a busy machine).
  const states = await adminDialog
    .getByRole("checkbox")
    .evaluateAll((els) =>
      els.map((e) => [(e as HTMLInputElement).checked, (e as HTMLInputElement).disabled]),
    );
  expect(states.length).toBeGreaterThan(40);
  expect(states.filter(([checked, disabled]) => !checked || !disabled)).toEqual([]);
  await adminDialog.getByRole("button", { name: "Cancel" }).click();

  // A new role with three permissions; "Select all" works per group.
  await page.getByRole("button", { name: "New role" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New role" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Runs the floor on show days.");
  await dialog.getByRole("button", { name: "Select all in Insights" }).click();
  await expect(box(page, "can_view_all_activities")).toBeChecked();
  await dialog.getByRole("button", { name: "Clear all in Insights" }).click();
  await expect(box(page, "can_view_all_activities")).not.toBeChecked();
  for (const p of ["dashboard_access", "job_view", "level_access"]) await box(page, p).check();
  await expect(
    dialog.getByText("Opens the jobs list and a job's details, shifts and crew."),
  ).toBeVisible();
  await expectNoSeriousViolations(page, "role dialog");
  await shot(page, "role-dialog-1280");
  await dialog.getByRole("button", { name: "Create role" }).click();
  await expectToast(page, `Role ${title} created`);
  await expect(dialog).toBeHidden();
  await page.getByRole("searchbox", { name: "Search roles" }).fill(title);
  await expect(page).toHaveURL(/search=Floor/);
  const row = table.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("3");
  await expect(row).toContainText("Nobody");

  // /permissions: the built-in ones cannot be deleted; a custom one can.
  await page.goto("/permissions");
  await expect(page.getByRole("heading", { level: 1, name: "Permissions" })).toBeVisible();
  const perms = page.getByRole("table", { name: "Permissions" });
  await expect(perms.getByRole("row", { name: /^dashboard_access / })).toContainText("Built-in");
  await expect(page.getByRole("button", { name: "Delete dashboard_access" })).toHaveCount(0);
  await expectNoSeriousViolations(page, "/permissions");
  await shot(page, "permissions-1280");
  const custom = `export_payroll_${String(Date.now()).slice(-5)}`;
  await page.getByRole("button", { name: "New permission" }).first().click();
  const pDialog = page.getByRole("dialog", { name: "New permission" });
  await pDialog.getByLabel("Name").fill("Not Valid");
  await pDialog.getByRole("button", { name: "Create permission" }).click();
  await expect(pDialog.getByText(/may hold only lower-case letters/).first()).toBeVisible();
  await pDialog.getByLabel("Name").fill(custom);
  await pDialog.getByRole("button", { name: "Create permission" }).click();
  await expectToast(page, `Permission ${custom} created`);
  await page.goto(`/permissions?search=${custom}`);
  await expect(perms.getByRole("row", { name: new RegExp(custom) })).toContainText("Administrator");
  await page.getByRole("button", { name: `Delete ${custom}` }).click();
  await page.getByRole("button", { name: "Delete permission" }).click();
  await expectToast(page, `Permission ${custom} deleted`);

  // Give the role to Nora instead of Warehouse Lead, on her profile's settings tab.
  const noraId = await userIdOf(page, NORA);
  await page.goto(`/users/${noraId}/settings`);
  await page.getByRole("checkbox", { name: "Warehouse Lead" }).uncheck();
  await page.getByRole("checkbox", { name: title }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Data updated successfully!");

  // Nora's next page: exactly the screens of those three permissions.
  await page.context().clearCookies();
  await signIn(page, NORA);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(links).toHaveText(["Dashboard", "Jobs", "Levels"]);
  await page.goto("/roles");
  await expect(page).toHaveURL(/\/dashboard\?denied=roles$/);
  await expect(page.getByText("You don't have access to the roles.")).toBeVisible();
});

test("roles and permissions work at phone width", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto("/roles");
  await expect(page.getByRole("heading", { level: 1, name: "Roles" })).toBeVisible();
  await noSideScroll(page);
  await expectNoSeriousViolations(page, "/roles at 390");
  await shot(page, "roles-390");
  await page.getByRole("button", { name: "Edit Warehouse Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit role “Warehouse Lead”" });
  await expect(box(page, "job_view")).toBeChecked();
  const target = box(page, "approval_access");
  await target.scrollIntoViewIfNeeded();
  await target.check();
  await expect(target).toBeChecked();
  await noSideScroll(page);
  await expectNoSeriousViolations(page, "role dialog at 390");
  await page.screenshot({ path: `${SHOTS}/role-dialog-390.png` });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.goto("/permissions");
  await expect(page.getByRole("heading", { level: 1, name: "Permissions" })).toBeVisible();
  await noSideScroll(page);
  await expectNoSeriousViolations(page, "/permissions at 390");
  await shot(page, "permissions-390");
});
