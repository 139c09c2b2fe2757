import { expect, test } from "@playwright/test";
import { ACCOUNTS, acceptCookies } from "./support/auth";
import { createFreelancer, shot } from "./support/forms";
import { expectAccessible, noSidewaysScroll, signedIn, waitForHydration } from "./support/page";

// Issue 23, "Forms", on a phone (390 px).

test("sign-up on a phone: the empty submit scrolls to the first error and focuses it", async ({
  page,
}) => {
  await acceptCookies(page);
  await page.goto("/sign-up");
  const submit = page.getByRole("button", { name: "Create my account" });
  await waitForHydration(submit);
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "10 fields need fixing" })).toBeVisible();
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel("First name")).toBeInViewport();
  await expect(page.locator("#sign-up-phone-error li")).toHaveCount(1);
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "sign-up-empty-view", true);
  await shot(page, "sign-up-empty");
});

test("the wizard on a phone, and the new user marked first in the cards", async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.admin);
  const name = await createFreelancer(page, `p${Date.now()}`);
  const cards = page.getByRole("list", { name: "Users" });
  const first = cards.getByRole("listitem").first();
  await expect(first.getByRole("link", { name })).toBeVisible();
  await expect(first.getByText("New", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `Open ${name}’s profile` })).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "users-created");
});

test("hours out of range on a phone say why", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, ACCOUNTS.pm);
  await page.goto("/jobs/create");
  const add = page.getByRole("button", { name: "Add shift" });
  await waitForHydration(add);
  await add.click();
  const shift = page.getByRole("group", { name: "Shift 1" });
  const hours = shift.getByLabel("Hours");
  await hours.fill("30");
  await expect(shift.getByText("At most 24 hours")).toBeVisible();
  await expect(hours).toHaveValue("30");
  // Above the form's sticky buttons, for the picture.
  await hours.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await noSidewaysScroll(page);
  await shot(page, "hours-out-of-range", true);
});
