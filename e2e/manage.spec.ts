import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, expectToast, signedIn } from "./support/page";

/**
 * Issue 21: who may manage whom. A crew handler opens an administrator's profile and finds
 * its actions disabled with the reason; the wizard offers it only roles within its own
 * permissions. A project manager changes its own e-mail: the password is asked, the new
 * address waits for confirmation, and the change can be called off.
 */
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const ADMIN_ONLY = "Only an administrator can change an administrator's account.";

test("a crew handler finds an administrator's account out of its reach, and says why", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, "handler@crewdeck.test");

  // The list: the row menu's actions are disabled, with the reason in the menu.
  await page.goto("/users?search=Astrid");
  const table = page.getByRole("table", { name: "Users" });
  await expect(table.getByRole("link", { name: "Astrid Admin" })).toBeVisible();
  await page.getByRole("button", { name: "Actions for Astrid Admin" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Deactivate" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(menu.getByRole("menuitem", { name: "Delete" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(menu.getByText(ADMIN_ONLY)).toBeVisible();
  await shot(page, "manage-list-menu-1280");
  await page.keyboard.press("Escape");

  // The profile: actions disabled, described by the reason; the form is read-only.
  await table.getByRole("link", { name: "Astrid Admin" }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/personal$/);
  for (const name of ["Account help", "Deactivate"]) {
    const button = page.getByRole("button", { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(ADMIN_ONLY);
  }
  await expect(page.getByRole("textbox", { name: "E-mail" })).not.toBeEditable();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, "manage-admin-profile-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(ADMIN_ONLY).first()).toBeVisible();
  await shot(page, "manage-admin-profile-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // A worker stays within reach.
  await page.goto("/users?search=Mads%20Nielsen");
  await page
    .getByRole("table", { name: "Users" })
    .getByRole("link", { name: "Mads Nielsen" })
    .click();
  await expect(page.getByRole("button", { name: "Deactivate", exact: true })).toBeEnabled();
  await expect(page.getByText(ADMIN_ONLY)).toHaveCount(0);

  // The wizard offers only roles whose permissions the crew handler holds.
  await page.goto("/users/create");
  const roles = page.getByRole("radio");
  await expect(page.getByRole("radio", { name: /Freelancer/ })).toBeVisible();
  const offered = await roles.evaluateAll((els) =>
    els.map((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ""),
  );
  for (const title of ["Administrator", "Project Manager", "Client Contact", "Warehouse Lead"])
    expect(offered.some((t) => t.includes(title))).toBe(false);
  expect(offered.some((t) => t.includes("Crew Handler"))).toBe(true);
  await shot(page, "manage-wizard-roles-1280");
});

test("changing one's own e-mail asks for the password and waits for the new address", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, "sofia.lindqvist@crewdeck.test");
  await page.goto("/users/me/personal");
  await expect(page).toHaveURL(/\/users\/\d+\/personal$/);
  const email = page.getByRole("textbox", { name: "E-mail" });
  await expect(email).toHaveValue("sofia.lindqvist@crewdeck.test");
  await expect(page.getByLabel("Current password")).toHaveCount(0);
  await email.fill("sofia.new@example.test");
  const password = page.getByLabel("Current password");
  await expect(password).toBeVisible();

  // Without the password: the field says so, nothing is sent.
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Enter your current password to make this change.");
  await password.fill("Crewdeck!2026");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "We sent a link to sofia.new@example.test to confirm the new address.");
  // The field shows the address in use; the pending one waits beside it.
  await expect(email).toHaveValue("sofia.lindqvist@crewdeck.test");
  const pending = page.getByText(/Waiting for confirmation: sofia\.new@example\.test/);
  await expect(pending).toBeVisible();
  await expectAccessible(page);
  await shot(page, "manage-email-pending-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pending).toBeVisible();
  await shot(page, "manage-email-pending-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Cancel the change" }).click();
  await expectToast(page, "The e-mail change was cancelled.");
  await expect(pending).toHaveCount(0);
});

test("a project manager helps a locked-out worker: a password link and signing out everywhere", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, "pm@crewdeck.test");
  await page.goto("/users?search=Sofie%20Jensen");
  await page
    .getByRole("table", { name: "Users" })
    .getByRole("link", { name: "Sofie Jensen" })
    .click();
  await expect(page).toHaveURL(/\/users\/\d+\/personal$/);

  const help = page.getByRole("button", { name: "Account help" });
  await help.click();
  await page.getByRole("menuitem", { name: "Send a password link" }).click();
  const ask = page.getByRole("dialog", { name: "Send Sofie Jensen a password link?" });
  await expect(ask).toContainText("valid once and for 24 hours");
  await shot(page, "manage-password-link-1280");
  await ask.getByRole("button", { name: "Send link" }).click();
  await expectToast(page, "A link to choose a new password was sent.");

  await help.click();
  await page.getByRole("menuitem", { name: "Sign out everywhere" }).click();
  await page
    .getByRole("dialog", { name: "Sign Sofie Jensen out everywhere?" })
    .getByRole("button", { name: "Sign out everywhere" })
    .click();
  await expectToast(page, "The user was signed out everywhere.");

  // Both are in the user's activity.
  await page.getByRole("link", { name: "Activity" }).click();
  await expect(page.getByText(/sent a password link to/).first()).toBeVisible();
  await expect(page.getByText(/signed .* out everywhere/).first()).toBeVisible();
});
