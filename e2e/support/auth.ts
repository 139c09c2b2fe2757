import { expect, type Page } from "@playwright/test";

export const PASSWORD = "Crewdeck!2026";
export const ACCOUNTS = {
  admin: "admin@crewdeck.test",
  pm: "pm@crewdeck.test",
  handler: "handler@crewdeck.test",
  col: "col@crewdeck.test",
  worker: "worker@crewdeck.test",
} as const;

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, email: string, password = PASSWORD, path = "/sign-in") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Stores the cookie consent so the notice does not cover the page. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("areCookiesAccepted", "true"));
}

/**
 * Opens "Invite a friend" from the menu. Right after a page loads the button may not be
 * hydrated yet (a click then does nothing), so the click is repeated until the dialog shows.
 */
export async function openInviteModal(page: Page) {
  await expect(async () => {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Invite a friend" })
      .click();
    await expect(page.getByRole("dialog", { name: "Invite a friend" })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
}
