import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, acceptCookies, signIn } from "./support/auth";
import { expectNoSeriousViolations } from "./support/join";
import { expectToast } from "./support/page";

/*
 * Agency settings switch things every user meets (maintenance mode, the two-factor rule), so
 * this journey runs in the "exclusive" project: alone, after every other journey.
 */

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const card = (page: Page, name: string) => page.getByRole("form", { name });

test("maintenance mode sends a PM to /maintenance while the administrator keeps working; the two-factor rule sends the administrator to set it up", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await acceptCookies(page);
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Agency settings" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Agency settings" })).toBeVisible();
  await expect(page.getByLabel("Agency name")).toHaveValue("Crewdeck Staffing ApS");
  await expectNoSeriousViolations(page);
  await shot(page, "settings-1280");

  // A bad value is refused in place.
  const agency = card(page, "Agency details");
  await agency.getByLabel("Website").fill("javascript:alert(1)");
  await agency.getByRole("button", { name: "Save" }).click();
  await expect(
    agency.getByText("The agency website must be an address starting with https://."),
  ).toBeVisible();
  await agency.getByLabel("Website").fill("https://crewdeck.test");

  // Maintenance on.
  const maintenance = card(page, "Maintenance mode");
  await maintenance.getByLabel("Maintenance mode").check();
  await maintenance
    .getByLabel("Message on the maintenance page")
    .fill("We are moving to a new server. Back at 07:00.");
  await maintenance.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Agency settings saved");
  await expect(page.getByText("Maintenance mode is on").first()).toBeVisible();

  const pmContext = await browser.newContext();
  try {
    const pm = await pmContext.newPage();
    await acceptCookies(pm);
    await signIn(pm, ACCOUNTS.pm);
    await expect(pm).toHaveURL(/\/maintenance$/, { timeout: 30_000 });
    await expect(pm.getByRole("heading", { name: "We’ll be back shortly" })).toBeVisible();
    await expect(pm.getByText("We are moving to a new server. Back at 07:00.")).toBeVisible();
    await pm.goto("/jobs");
    await expect(pm).toHaveURL(/\/maintenance$/);
    // The API tells callers to come back later.
    const api = await pm.request.get("/api/v2/dresscodes");
    expect(api.status()).toBe(503);
    expect(api.headers()["retry-after"]).toBe("300");

    // The administrator keeps working.
    await page.goto("/jobs");
    await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
    await page.goto("/settings");
    await card(page, "Maintenance mode").getByLabel("Maintenance mode").uncheck();
    await card(page, "Maintenance mode").getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Agency settings saved");

    await pm.goto("/jobs");
    await expect(pm.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  } finally {
    await pmContext.close();
  }

  // Two-factor required for administrators: this one has none, so its next page asks for it.
  const security = card(page, "Sign-in security");
  await security.getByLabel("Require two-factor login for administrators").check();
  await expect(security.getByText("You have not set up two-factor login yet")).toBeVisible();
  await security.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Agency settings saved");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/otp\/enable$/);
  await expect(page.getByRole("heading", { name: "Turn on two-factor login" })).toBeVisible();
  // Put the rule back through the API (pages would keep asking for the second factor).
  const off = await page.request.put("/api/v2/settings", {
    data: { two_factor_required_for_admins: false },
  });
  expect(off.status()).toBe(200);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the settings screen fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptCookies(page);
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Agency settings" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
  await shot(page, "settings-390");
});
