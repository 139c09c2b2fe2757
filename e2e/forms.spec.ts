import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, acceptCookies } from "./support/auth";
import { createFreelancer, shot } from "./support/forms";
import {
  expectAccessible,
  expectToast,
  noSidewaysScroll,
  signedIn,
  waitForHydration,
} from "./support/page";

// Issue 23, "Forms", at a desk (1280 px): sign-up's refused form, the create-user wizard and
// where it lands, the users list's filters and row menu, a number out of range.

async function submitEmptySignUp(page: Page) {
  await acceptCookies(page);
  await page.goto("/sign-up");
  await expect(page.getByRole("heading", { name: "Join the crew", level: 1 })).toBeVisible();
  const submit = page.getByRole("button", { name: "Create my account" });
  await waitForHydration(submit);
  await submit.click();
}

test("sign-up: an empty submit lists every error, focuses the first, one message a field", async ({
  page,
}) => {
  await submitEmptySignUp(page);
  const summary = page.getByRole("alert").filter({ hasText: "10 fields need fixing" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link")).toHaveText([
    "The first name field is required.",
    "The last name field is required.",
    "The email field is required.",
    "The phone field is required.",
    "The password field is required.",
    "The country field is required.",
    "The branch field is required.",
    "Choose at least one of the skills.",
    "Choose at least one of the languages.",
    "You must accept the privacy notice.",
  ]);
  await expect(summary.getByRole("link", { name: "The phone field is required." })).toHaveAttribute(
    "href",
    "#sign-up-phone",
  );
  // The focus is on the first field in error, scrolled to.
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel("First name")).toBeInViewport();
  // Each field shows one message; the last name's names the last name.
  await expect(page.locator("#sign-up-last-name-error li")).toHaveText([
    "The last name field is required.",
  ]);
  await expect(page.locator("#sign-up-phone-error li")).toHaveText([
    "The phone field is required.",
  ]);
  await expectAccessible(page);
  await shot(page, "sign-up-empty");

  // Some fields right, a bad phone: the summary shrinks, the focus goes to the phone.
  await page.getByLabel("First name").fill("Nora");
  await page.getByLabel("Last name").fill("Lind");
  await page.getByLabel("Email").fill(`forms.${Date.now()}@join.test`);
  await page.getByLabel("Phone").fill("call me");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "7 fields need fixing" })).toBeVisible();
  await expect(page.locator("#sign-up-phone-error li")).toHaveText([
    "The phone must be a valid phone number.",
  ]);
  await expect(page.getByLabel("Phone")).toBeFocused();
  await expect(page.getByLabel("Phone")).toBeInViewport();
  await shot(page, "sign-up-phone", true);
});

test("the wizard checks the phone, narrows branches, and lands on /users with the new user first", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.admin);
  const name = await createFreelancer(page, String(Date.now()));
  await expectToast(page, "User created successfully!");
  const table = page.getByRole("table", { name: "Users" });
  const first = table.getByRole("row").nth(1);
  await expect(first.getByRole("link", { name })).toBeVisible();
  await expect(first.getByText("New", { exact: true })).toBeVisible();
  const note = page.getByRole("status").filter({ hasText: `${name} was created.` });
  await expect(note).toBeVisible();
  // What reaches past the screen's right edge, outside a box that scrolls (a clue if it fails).
  const wide = await page.evaluate(() => {
    const fixed = (e: Element | null): boolean =>
      !!e && (getComputedStyle(e).position === "fixed" || fixed(e.parentElement));
    return [...document.querySelectorAll("body *")]
      .filter(
        (e) =>
          e.getBoundingClientRect().right > window.innerWidth + 1 &&
          !e.parentElement?.closest(".overflow-x-auto") &&
          !fixed(e),
      )
      .slice(0, 6)
      .map((e) => `${e.tagName}.${String(e.className).slice(0, 90)}`);
  });
  expect(wide).toEqual([]);
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "users-created");
  await note.getByRole("link", { name: `Open ${name}’s profile` }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/personal$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
});

test("users list: the sub-skill follows the skill; the row menu is whole at 1280 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, ACCOUNTS.pm);
  await page.goto("/users");
  const skill = page.getByLabel("Skill", { exact: true });
  const sub = page.getByLabel("Sub-skill");
  await waitForHydration(skill);
  await skill.selectOption({ label: "Hospitality" });
  await expect(page).toHaveURL(/parent_skill=\d+/);
  await expect(sub.locator("option")).toHaveText([
    "All sub-skills",
    "Bartender",
    "Waiter",
    "Chef",
    "Kitchen assistant",
  ]);
  await sub.selectOption({ label: "Waiter" });
  await expect(page).toHaveURL(/sub_skill=\d+/);
  // Another skill drops the sub-skill of the first.
  await skill.selectOption({ label: "Technical" });
  await expect(page).not.toHaveURL(/sub_skill=/);
  await expect(sub.locator("option")).toHaveText([
    "All sub-skills",
    "Sound technician",
    "Light technician",
    "Video technician",
  ]);
  await expect(sub).toHaveValue("");
  await shot(page, "users-sub-skill", true);

  // The row menu: its button whole inside the table, the menu whole on the screen.
  await page.goto("/users");
  const table = page.getByRole("table", { name: "Users" });
  await expect(table.getByRole("row")).toHaveCount(11);
  const box = page.locator("div:has(> table)").first();
  const overflow = await box.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, "the table fits its box: no column hides off to the side").toBeLessThanOrEqual(
    0,
  );
  const triggers = page.getByRole("button", { name: /^Actions for / });
  const last = triggers.last();
  await last.scrollIntoViewIfNeeded();
  const [t, b] = [await last.boundingBox(), await box.boundingBox()];
  expect(t && b && t.x >= b.x && t.x + t.width <= b.x + b.width).toBe(true);
  await last.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Open profile" })).toBeVisible();
  const m = await menu.boundingBox();
  const vp = page.viewportSize()!;
  expect(
    m && m.x >= 0 && m.y >= 0 && m.x + m.width <= vp.width && m.y + m.height <= vp.height,
  ).toBe(true);
  // Every item shows without scrolling inside the menu.
  expect(await menu.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shot(page, "users-row-menu", true);
});

test("a number out of range says why instead of snapping back", async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, ACCOUNTS.pm);
  await page.goto("/jobs/create");
  const add = page.getByRole("button", { name: "Add shift" });
  await waitForHydration(add);
  await add.click();
  const shift = page.getByRole("group", { name: "Shift 1" });
  const hours = shift.getByLabel("Hours");
  const before = await hours.inputValue();
  await hours.fill("30");
  await expect(shift.getByText("At most 24 hours")).toBeVisible();
  await expect(hours).toHaveValue("30");
  await expect(hours).toHaveAttribute("aria-invalid", "true");
  await shot(page, "hours-out-of-range", true);
  // Left, the field shows the hours the shift still has, and still says why.
  await hours.press("Tab");
  await expect(hours).toHaveValue(before);
  await expect(shift.getByText("At most 24 hours")).toBeVisible();
  await hours.fill("0");
  await expect(shift.getByText("At least 0.5 hours")).toBeVisible();
  await hours.fill("10");
  await expect(shift.getByText(/At (most|least)/)).toHaveCount(0);
  await expect(hours).not.toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
});
