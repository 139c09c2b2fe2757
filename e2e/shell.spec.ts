import { expectToast } from "./support/page";
import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, openInviteModal, signInAs } from "./support/auth";

test("the cookie notice hides after I agree and stays hidden after reload", async ({ page }) => {
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  const notice = page.getByRole("region", { name: "Cookie notice" });
  await expect(notice).toBeVisible();
  const [policy] = await Promise.all([
    page.waitForEvent("popup"),
    notice.getByRole("link", { name: "cookie policy" }).click(),
  ]);
  await expect(policy).toHaveURL(/\/cookie-policy$/);
  await policy.close();
  await notice.getByRole("button", { name: "I agree" }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("areCookiesAccepted"))).toBe("true");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await expect(page.getByRole("region", { name: "Cookie notice" })).toBeHidden();
});

test("Invite a friend validates the address and sends the invitation", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/);
  await openInviteModal(page);
  const dialog = page.getByRole("dialog", { name: "Invite a friend" });
  const address = dialog.getByLabel("Address");
  await expect(address).toHaveAttribute("placeholder", "Enter email");
  await address.fill("not-an-email");
  await address.blur();
  await expect(dialog.getByText("The Email field must be a valid email address.")).toBeVisible();
  await address.fill("");
  await expect(dialog.getByText("The Email field is required.")).toBeVisible();
  const email = `friend.${Date.now()}@example.test`;
  await address.fill(email);
  await dialog.getByRole("button", { name: "Send invite" }).click();
  await expectToast(page, "Invite send successfully");
  await expect(dialog).toBeHidden();

  // A fresh, empty form on the next opening; Close closes it.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Invite a friend" })
    .click();
  await expect(
    page.getByRole("dialog", { name: "Invite a friend" }).getByLabel("Address"),
  ).toHaveValue("");
  await page
    .getByRole("dialog", { name: "Invite a friend" })
    .getByRole("button", { name: "Close" })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Invite a friend" })).toBeHidden();
});

test("the invite modal also opens from the open_invite_friend_modal event on the app root", async ({
  page,
}) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.handler);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The listener is attached once the page has hydrated; an event fired earlier is not seen.
  await expect(async () => {
    await page.evaluate(() =>
      document
        .getElementById("app-root")
        ?.dispatchEvent(new CustomEvent("open_invite_friend_modal")),
    );
    await expect(page.getByRole("dialog", { name: "Invite a friend" })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
});

test("a client contact without can_invite_workers has no invite modal", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.col);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("button", { name: "Invite a friend" })).toHaveCount(0);
  await page.evaluate(() =>
    document.getElementById("app-root")?.dispatchEvent(new CustomEvent("open_invite_friend_modal")),
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the menu's links open pages in place, and a modifier click leaves them to the browser", async ({
  page,
}) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/);
  // A value on window survives a client navigation and is gone after a full load.
  await page.evaluate(() => ((window as unknown as { stay: number }).stay = 1));
  const menu = page.getByRole("navigation", { name: "Main" });
  const help = menu.getByRole("link", { name: "Help" });
  await expect(help).toHaveAttribute("href", "/help");
  await help.click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(help).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "My dashboard" })).not.toHaveAttribute(
    "aria-current",
  );
  expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);

  // Ctrl/Cmd-click opens the page in a new tab and leaves this one where it is.
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    menu.getByRole("link", { name: "My dashboard" }).click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await expect(tab).toHaveURL(/\/my-dashboard$/);
  await tab.close();
  await expect(page).toHaveURL(/\/help$/);
  expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);

  // The profile's tabs are the same links.
  await page.goto("/users/me/personal");
  await page.evaluate(() => ((window as unknown as { stay: number }).stay = 2));
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/settings$/);
  expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(2);
});
