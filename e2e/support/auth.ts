import { expect, type Cookie, type Page } from "@playwright/test";

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

/** This worker's session cookie per demo account, from its first sign-in through the form. */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs a demo account in and lands on its home page, as `signIn` does, but through the form
 * only once per account and Playwright worker: later journeys reuse that session's cookie
 * (signing in through the form in every journey was a large part of the e2e run). A session
 * ended meanwhile (signed out) is noticed on landing and signed in through the form again.
 * Journeys about signing in itself use `signIn`.
 */
export async function signInAs(page: Page, email: string) {
  const cookies = sessions.get(email);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto("/");
    if (!new URL(page.url()).pathname.startsWith("/sign-in")) return;
    sessions.delete(email);
    await page.context().clearCookies({ name: /next-auth\.session-token$/ });
  }
  await signIn(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  const session = (await page.context().cookies()).filter((c) =>
    c.name.endsWith("next-auth.session-token"),
  );
  if (session.length) sessions.set(email, session);
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
