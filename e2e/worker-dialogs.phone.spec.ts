import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { waitForHydration } from "./support/page";

// The worker's dialogs are fetched when first opened (not with the dashboard): the first press
// must still open them, and closing must give focus back to the button that opened them.
test("a worker's confirmation and report-hours dialogs open on the first press and give focus back", async ({
  page,
}) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/);

  const decline = page.getByRole("button", { name: "Decline" }).first();
  await waitForHydration(decline);
  await decline.click();
  const confirm = page.getByRole("dialog", { name: "Decline this request?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toBeHidden();
  await expect(decline).toBeFocused();

  await page.goto("/my-dashboard/past");
  // "Report hours", or "Edit hours" once another journey has reported them.
  const hoursButton = page.getByRole("button", { name: /^(Report|Edit) hours$/ }).first();
  await waitForHydration(hoursButton);
  await hoursButton.click();
  const hours = page.getByRole("dialog", { name: /^(Report|Edit) hours$/ });
  await expect(hours).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(hours).toBeHidden();
  await expect(hoursButton).toBeFocused();
});
