import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Moves a sortable row by keyboard, as a keyboard user does (components/ui/sortable-list.tsx):
 * focus its handle, Space to lift, an arrow to move, Space to drop. Each step waits for the
 * list to take it (the handle reports it is lifted, the live region names the new position),
 * so a slow machine does not drop the row before it moved.
 */
export async function keyboardMove(page: Page, handle: Locator, key: "ArrowDown" | "ArrowUp") {
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press(key);
  await expect(page.getByText(/ is at position \d+\.$/)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
}
