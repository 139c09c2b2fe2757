import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken } from "./support/api";
import { expectAccessible, signedIn, expectToast } from "./support/page";

/**
 * Rate cards (issue 13): a PM enters a client's card, saves it, sees it after a reload, saves
 * it as a preset and applies the preset to a second client; an administrator edits worker
 * rates and one worker's custom rates. axe on each screen; desktop and 390 px screenshots.
 */
const shotDir = process.env.SHOTS_DIR ?? "/tmp/shots-rates";
fs.mkdirSync(shotDir, { recursive: true });

/** Nothing scrolls sideways at phone width: wide grids scroll inside their own box. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const cell = (page: Page, label: string, skill: string) =>
  page.getByRole("textbox", { name: `${label} for ${skill}`, exact: true });

test("a PM keeps a client's rate card, saves it as a preset and applies it to another client", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signedIn(page, ACCOUNTS.pm);
  const token = await apiToken(page.request, ACCOUNTS.pm);
  const presets = await api(page.request, token, "GET", "rates/presets");
  expect(presets.status).toBe(200);
  const danish = presets.body.data.find((p: { name: string }) => p.name === "Danish festival crew");
  const swedish = presets.body.data.find(
    (p: { name: string }) => p.name === "Swedish arena standard",
  );
  const nordlys = danish.company_id as number;
  const copenhagen = danish.branch_id as number;
  const svea = swedish.company_id as number;

  await page.goto(`/client/${nordlys}/rates`);
  await expect(page.getByRole("heading", { level: 1, name: /^Rates: Nordlys/ })).toBeVisible();
  await expect(page.getByLabel("Branch")).toHaveValue(String(copenhagen));
  await expect(cell(page, "Standard price", "Stagehand")).toHaveValue("325.00");
  await expectAccessible(page);

  // Enter prices: a new row for Waiter with a night window, a changed Stagehand price.
  await cell(page, "Standard price", "Stagehand").fill("330,50");
  await cell(page, "Standard price", "Waiter").fill("295");
  await cell(page, "Weekend price", "Waiter").fill("340");
  await cell(page, "Night price", "Waiter").fill("365");
  await cell(page, "Night start", "Waiter").fill("22:00");
  await cell(page, "Night end", "Waiter").fill("06:00");
  await cell(page, "Worker pay", "Waiter").fill("180");
  // A price that cannot be read is marked on its cell and nothing is sent.
  await cell(page, "Weekend price", "Stagehand").fill("abc");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Enter an amount such as 250.00.")).toBeVisible();
  await cell(page, "Weekend price", "Stagehand").fill("390");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Record updated successfully");
  // The grid starts again from what was saved: amounts as stored, not as typed.
  await expect(cell(page, "Standard price", "Stagehand")).toHaveValue("330.50");
  await page.screenshot({ path: `${shotDir}/client-rates-1280.png`, fullPage: true });

  await page.reload();
  await expect(cell(page, "Standard price", "Stagehand")).toHaveValue("330.50");
  await expect(cell(page, "Weekend price", "Stagehand")).toHaveValue("390.00");
  await expect(cell(page, "Standard price", "Waiter")).toHaveValue("295.00");
  await expect(cell(page, "Night end", "Waiter")).toHaveValue("06:00");

  // Save as preset.
  await page.getByRole("button", { name: "Save as preset" }).click();
  let dialog = page.getByRole("dialog", { name: "Save as preset" });
  await dialog.getByRole("button", { name: "Save preset" }).click();
  await expect(dialog.getByText("The preset name field is required.")).toBeVisible();
  await dialog.getByLabel("Preset name").fill("Nordlys gala crew");
  await dialog.getByRole("button", { name: "Save preset" }).click();
  await expectToast(page, "Preset saved successfully");
  await expect(dialog).toBeHidden();

  // Apply it to Svea Arena's card at Copenhagen (same currency), then save.
  await page.goto(`/client/${svea}/rates?branch=${copenhagen}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Rates: Svea/ })).toBeVisible();
  await expect(cell(page, "Standard price", "Waiter")).toHaveValue("");
  await page.getByRole("button", { name: "Apply preset" }).click();
  dialog = page.getByRole("dialog", { name: "Apply preset" });
  await expectAccessible(page);
  const option = dialog.locator("option", { hasText: "Nordlys gala crew" });
  await dialog.getByLabel("Preset").selectOption((await option.getAttribute("value")) ?? "");
  await dialog.getByRole("button", { name: "Apply preset" }).click();
  await expect(dialog).toBeHidden();
  await expect(cell(page, "Standard price", "Waiter")).toHaveValue("295.00");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Record updated successfully");
  await page.reload();
  await expect(cell(page, "Standard price", "Stagehand")).toHaveValue("330.50");
  await expect(cell(page, "Worker pay", "Waiter")).toHaveValue("180.00");

  // A preset in another currency is not offered at a Swedish branch.
  await page.goto(`/client/${svea}/rates`);
  await page.getByRole("button", { name: "Apply preset" }).click();
  dialog = page.getByRole("dialog", { name: "Apply preset" });
  await expect(dialog.getByLabel("Preset")).not.toContainText("Nordlys gala crew");
  await page.keyboard.press("Escape");

  // A preset no longer wanted is deleted after a second question; cards keep their prices.
  await page.goto(`/client/${svea}/rates?branch=${copenhagen}`);
  await page.getByRole("button", { name: "Apply preset" }).click();
  dialog = page.getByRole("dialog", { name: "Apply preset" });
  const gala =
    (await dialog
      .locator("option", { hasText: "Nordlys gala crew" })
      .first()
      .getAttribute("value")) ?? "";
  await dialog.getByLabel("Preset").selectOption(gala);
  await dialog.getByRole("button", { name: "Delete this preset" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Delete the preset “Nordlys gala crew”");
  await expectAccessible(page);
  await page.screenshot({ path: `${shotDir}/preset-delete-1280.png` });
  await dialog.getByRole("button", { name: "Delete preset" }).click();
  await expectToast(page, "Preset Nordlys gala crew deleted");
  await expect(dialog.locator(`option[value="${gala}"]`)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(cell(page, "Standard price", "Waiter")).toHaveValue("295.00");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/client/${nordlys}/rates`);
  await expect(cell(page, "Standard price", "Stagehand")).toHaveValue("330.50");
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: `${shotDir}/client-rates-390.png`, fullPage: true });
});

test("a client contact cannot open rate cards", async ({ page }) => {
  await signedIn(page, ACCOUNTS.col);
  const token = await apiToken(page.request, ACCOUNTS.col);
  expect((await api(page.request, token, "GET", "rates")).status).toBe(403);
  expect((await api(page.request, token, "GET", "rates/presets")).status).toBe(403);
});

test("an administrator edits worker rates and one worker's custom rates", async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page, ACCOUNTS.admin);
  await page.getByRole("link", { name: "Worker rates" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Worker rates" })).toBeVisible();
  await page.getByLabel("Branch", { exact: true }).selectOption({ label: "Copenhagen (DKK)" });
  await expect(page.getByRole("heading", { name: /^Card at Copenhagen/ })).toBeVisible();
  await page.getByLabel("Level", { exact: true }).selectOption({ label: "Senior" });
  await expect(page.getByRole("heading", { name: /: Senior$/ })).toBeVisible();
  const card = page.getByRole("region", { name: "Card at Copenhagen: Senior", exact: true });
  await expect(card.getByRole("textbox", { name: "Standard pay for Stagehand" })).not.toHaveValue(
    "",
  );
  await card.getByRole("textbox", { name: "Standard pay for Stagehand" }).fill("231.50");
  await card.getByRole("textbox", { name: "Night pay for Stagehand" }).fill("260");
  await card.getByRole("textbox", { name: "Night start for Stagehand" }).fill("2300");
  await card.getByRole("textbox", { name: "Night end for Stagehand" }).fill("05:00");
  await card.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Record updated successfully");
  await expectAccessible(page);
  await page.screenshot({ path: `${shotDir}/worker-rates-1280.png`, fullPage: true });
  await page.reload();
  await expect(card.getByRole("textbox", { name: "Standard pay for Stagehand" })).toHaveValue(
    "231.50",
  );
  await expect(card.getByRole("textbox", { name: "Night start for Stagehand" })).toHaveValue(
    "23:00",
  );

  // Custom rates: find William, see his forklift rate, change it.
  await page.getByLabel("Find a worker").fill("William");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: /William Berg/ }).click();
  const custom = page.getByRole("region", {
    name: "Custom rates of William Berg at Copenhagen",
    exact: true,
  });
  const forklift = custom.getByRole("textbox", { name: "Standard pay for Forklift driver" });
  await expect(forklift).toHaveValue("215.00");
  await forklift.fill("220");
  await custom.getByRole("textbox", { name: "Standard pay for Stagehand" }).fill("200");
  await custom.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Record updated successfully");
  await page.reload();
  await expect(forklift).toHaveValue("220.00");
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(forklift).toHaveValue("220.00");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shotDir}/worker-rates-390.png`, fullPage: true });
});
