import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Moves a sortable row by keyboard, as a keyboard user does (components/ui/sortable-list.tsx):
 * focus its handle, Space to lift, an arrow to move, Space to drop. The list measures its rows
 * just after the lift, so each key waits for the list to have taken the one before (the handle
 * reports it is lifted, then a pause for the measuring); the caller then checks the new order.
 */
export async function keyboardMove(page: Page, handle: Locator, key: "ArrowDown" | "ArrowUp") {
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.waitForTimeout(500);
  await page.keyboard.press(key);
  await page.waitForTimeout(500);
  await page.keyboard.press("Space");
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
}
