import { expect, test } from "@playwright/test";
import { ACCOUNTS, acceptCookies, signIn } from "./support/auth";

test.describe("sign in and land where the guard says", () => {
  test.beforeEach(async ({ page }) => acceptCookies(page));

  for (const [who, email] of Object.entries(ACCOUNTS)) {
    const landing = who === "worker" ? "/my-dashboard" : "/dashboard";
    test(`${who} signs in and lands on ${landing}`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(new RegExp(`${landing}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        who === "worker" ? "My dashboard" : "Dashboard",
      );
      await expect(page).toHaveTitle(
        who === "worker" ? "My dashboard · Crewdeck" : "Dashboard · Crewdeck",
      );
    });
  }

  test("a worker opening /dashboard lands on /my-dashboard", async ({ page }) => {
    await signIn(page, ACCOUNTS.worker);
    await expect(page).toHaveURL(/\/my-dashboard$/);
    await page.goto("/dashboard");
    // Its own start page, saying why (?denied=dashboard).
    await expect(page).toHaveURL(/\/my-dashboard\?denied=dashboard$/);
  });

  test("signed out, a protected page asks to sign in and returns there afterwards", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdashboard/);
    await page.getByLabel("Email").fill(ACCOUNTS.pm);
    await page.getByLabel("Password").fill("Crewdeck!2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a wrong password shows the server message and keeps the user on the form", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.handler, "not-the-password");
    await expect(
      page.getByRole("alert").filter({ hasText: "These credentials do not match our records." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("an unknown path shows the 404 screen", async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const res = await page.goto("/no-such-page/at-all");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("the signed-in navigation shows only what the user may open", async ({ page }) => {
    await signIn(page, ACCOUNTS.worker);
    await expect(page).toHaveURL(/\/my-dashboard$/);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "My dashboard" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);
    await expect(nav.getByRole("button", { name: "Invite a friend" })).toBeVisible();
  });
});
