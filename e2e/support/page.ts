import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { acceptCookies, signInAs } from "./auth";

/**
 * DESIGN.md §11: axe finds no serious violation. Dialogs and toasts fade in: the check waits
 * for every finite animation to finish first, since axe reads colours at part opacity and
 * reports a contrast that no reader ever sees. Toasts are left out all the same (one may
 * start fading out while axe runs); their own journeys check them once settled.
 */
export async function expectAccessible(page: Page) {
  await expectNoSerious(page, { settle: true, exclude: "[data-sonner-toast]" });
}

/**
 * DESIGN.md §11: axe finds no serious or critical violation on the page (`where` names it in
 * the failure; `exclude` leaves out a selector, e.g. a toast still fading; `settle` waits for
 * the animations first). Every journey's axe check goes through here.
 */
export async function expectNoSerious(
  page: Page,
  { where, exclude, settle = false }: { where?: string; exclude?: string; settle?: boolean } = {},
) {
  if (settle) await settleAnimations(page);
  // The <title> is streamed after the page's first HTML (Next.js metadata): axe run in that
  // moment reports a document without a title. One that never comes still fails here.
  await expect.poll(() => page.title()).not.toBe("");
  const axe = new AxeBuilder({ page });
  const results = await (exclude ? axe.exclude(exclude) : axe).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious, [where, ...serious].filter(Boolean).join("\n")).toEqual([]);
}

/** Waits for the running finite animations (fade-ins, slide-ins) to finish. */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Agree to cookies, sign in, and land on the dashboard the guard picks for the role. */
export async function signedIn(page: Page, email: string) {
  await acceptCookies(page);
  await signInAs(page, email);
  // The first sign-in of a fresh server warms it: give it time.
  await expect(page).toHaveURL(/\/(my-)?dashboard$/, { timeout: 30_000 });
}

/** The page fits its width: nothing scrolls sideways (phone layouts). */
export async function noSidewaysScroll(page: Page) {
  // Polled: right after a viewport change, charts and other resize-observing parts lay
  // themselves out again a frame or two later (a chart measured at the old width once gave
  // 569 px of overflow at 1280 for a moment).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/**
 * The newest toast (sonner's front one) says this. A toast with the same words from a quick
 * earlier save may still be on screen, so asking for "a toast with this text" would find two.
 */
export async function expectToast(page: Page, text: string) {
  await expect(
    page.locator('[data-sonner-toast][data-front="true"]').filter({ hasText: text }),
  ).toBeVisible();
}

/**
 * Waits until React has hydrated this element (it then carries React's props on the DOM
 * node): a press before that does nothing, and a test of "opens on the first press" must press
 * a live button, not a server-rendered one on a slow machine.
 */
export async function waitForHydration(locator: Locator) {
  await expect(async () => {
    const live = await locator.evaluate((el) =>
      Object.keys(el).some((k) => k.startsWith("__reactProps$")),
    );
    expect(live, "the element is hydrated").toBe(true);
  }).toPass({ timeout: 30_000 });
}
