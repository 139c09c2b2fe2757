import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Moves a sortable row one place by keyboard, as a keyboard user does
 * (components/ui/sortable-list.tsx): focus its handle, Space to lift, an arrow to move, Space
 * to drop. Each step waits for the list to take it — the live region names the new position
 * `to` before the drop — so a slow machine does not drop the row where it was. An arrow the
 * list was not ready for (it measures the rows just after the lift) is pressed again.
 */
export async function keyboardMove(
  page: Page,
  handle: Locator,
  key: "ArrowDown" | "ArrowUp",
  to: number,
) {
  const name = ((await handle.getAttribute("aria-label")) ?? "").replace(/^Move /, "");
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`Picked up ${name}.`)).toBeAttached();
  const there = page.getByText(`${name} is at position ${to}.`);
  await page.keyboard.press(key);
  try {
    await expect(there).toBeAttached({ timeout: 3_000 });
  } catch {
    await page.keyboard.press(key);
    await expect(there).toBeAttached();
  }
  await page.keyboard.press("Space");
  await expect(page.getByText(`${name} dropped at position ${to}.`)).toBeAttached();
}
