import fs from "node:fs";
import { keyboardMove } from "./support/sortable";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectAccessible, expectToast } from "./support/page";

/**
 * The master lists of issue 12 (levels with their order, languages, equipment categories)
 * as an administrator: create, edit, delete, order a level by keyboard drag and see the order
 * survive a reload; axe on each screen; each screen at phone width.
 */
const shotDir = "/tmp/shots-lists";
fs.mkdirSync(shotDir, { recursive: true });

/** axe without the toasts (one still fading reads as a contrast failure). */
const order = (page: Page) =>
  page.getByRole("list", { name: "Order of levels" }).getByRole("listitem");

async function signInAdmin(page: Page) {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

test("an administrator keeps the levels, their order, languages and equipment categories", async ({
  page,
}) => {
  // Many steps, each waiting on a server action: generous on a busy CI machine.
  test.setTimeout(420_000);
  await signInAdmin(page);

  // Levels: the table and the order, most junior first.
  await page.goto("/levels");
  await expect(page.getByRole("heading", { name: "Levels", level: 1 })).toBeVisible();
  await expect(order(page)).toHaveText(["Junior", "Experienced", "Senior", "Lead"]);
  await expectAccessible(page);

  await page.getByRole("button", { name: "New level" }).first().click();
  let dialog = page.getByRole("dialog", { name: "New level" });
  await dialog.getByLabel("Name").fill("Lead");
  await dialog.getByRole("button", { name: "Create level" }).click();
  await expect(dialog.getByText("A level with this name already exists.")).toBeVisible();
  await dialog.getByLabel("Name").fill("Apprentice");
  await dialog.getByLabel("Description").fill("First season on site, always paired.");
  await dialog.getByRole("button", { name: "Create level" }).click();
  await expectToast(page, "Level Apprentice created");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Edit Apprentice" })).toBeVisible();
  await expect(order(page)).toHaveText(["Junior", "Experienced", "Senior", "Lead", "Apprentice"]);

  await page.getByRole("button", { name: "Edit Apprentice" }).click();
  dialog = page.getByRole("dialog", { name: "Edit level" });
  await dialog.getByLabel("Name").fill("Apprentice crew");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expectToast(page, "Level Apprentice crew edited");
  await expect(order(page).last()).toHaveText("Apprentice crew");

  // Keyboard drag: Junior one place down.
  const handle = page.getByRole("button", { name: "Move Junior" });
  await keyboardMove(page, handle, "ArrowDown");
  await expectToast(page, "Weights set successfully");
  await page.screenshot({ path: `${shotDir}/levels-1280.png`, fullPage: true });
  await page.reload();
  await expect(order(page)).toHaveText([
    "Experienced",
    "Junior",
    "Senior",
    "Lead",
    "Apprentice crew",
  ]);
  // The table follows the same order.
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText("Experienced");

  await page.getByRole("button", { name: "Delete Apprentice crew" }).click();
  dialog = page.getByRole("dialog", { name: "Delete “Apprentice crew”?" });
  await expect(dialog.getByText("Nothing uses this level.")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete level" }).click();
  await expectToast(page, "Level Apprentice crew deleted");
  await expect(order(page)).toHaveText(["Experienced", "Junior", "Senior", "Lead"]);

  // Languages: a code must be two lower-case letters; then create and delete.
  await page.goto("/languages");
  await expect(page.getByRole("heading", { name: "Languages", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "New language" }).first().click();
  dialog = page.getByRole("dialog", { name: "New language" });
  await dialog.getByLabel("Name").fill("Dutch");
  await dialog.getByLabel("Code").fill("NL");
  await dialog.getByRole("button", { name: "Create language" }).click();
  await expect(
    dialog.getByText("The code must be two lower-case letters (ISO 639-1), e.g. en."),
  ).toBeVisible();
  await dialog.getByLabel("Code").fill("nl");
  await dialog.getByRole("button", { name: "Create language" }).click();
  await expectToast(page, "Language Dutch created");
  // Sorted by id: the newest is last.
  await expect(page.getByRole("table").getByRole("row").last()).toContainText("Dutch");
  await page.screenshot({ path: `${shotDir}/languages-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Delete Dutch" }).click();
  await page.getByRole("button", { name: "Delete language" }).click();
  await expectToast(page, "Language Dutch deleted");
  await expect(page.getByRole("cell", { name: "Dutch" })).toHaveCount(0);

  // Equipment categories.
  await page.goto("/equipment-categories");
  await expect(page.getByRole("heading", { name: "Equipment categories", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "New equipment category" }).first().click();
  dialog = page.getByRole("dialog", { name: "New equipment category" });
  await dialog.getByLabel("Name").fill("Scenery");
  await dialog.getByLabel("Description").fill("Flats, drapes, props.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Create equipment category" }).click();
  await expectToast(page, "Equipment category Scenery created");
  await page.screenshot({ path: `${shotDir}/equipment-categories-1280.png`, fullPage: true });
  await page.getByRole("button", { name: "Delete Scenery" }).click();
  await page.getByRole("button", { name: "Delete equipment category" }).click();
  await expectToast(page, "Equipment category Scenery deleted");
  await expect(page.getByText("Flats, drapes, props.")).toHaveCount(0);
});

test("the master-list screens fit a phone", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page);
  for (const [path, title] of [
    ["/levels", "Levels"],
    ["/languages", "Languages"],
    ["/equipment-categories", "Equipment categories"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${shotDir}${path}-390.png`, fullPage: true });
  }
});
