import { expect, type Page } from "@playwright/test";
import { ACCOUNTS, acceptCookies, signInAs } from "./auth";
import { api, apiToken } from "./api";
import { expectAccessible, noSidewaysScroll } from "./page";

/**
 * Issue 23, the words and ways of the screens: the applicants list, the 500 screen, the
 * password link that cannot be used, a refused page explaining itself, the activity log.
 * Each step takes the viewport as it is (1280, 1024 or 390 px) and leaves screenshots in
 * SHOTS_DIR named by its width.
 */

/** With SHOTS_DIR set, a screenshot of the moment, named by the viewport width. */
export async function shot(page: Page, name: string, fullPage = false) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({
    path: `${dir}/${page.viewportSize()?.width ?? 0}-${name}.png`,
    fullPage,
  });
}

/** Animations done: axe reads the colours a reader sees. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function signedInAs(page: Page, email: string, landing: RegExp) {
  await acceptCookies(page);
  await signInAs(page, email);
  await expect(page).toHaveURL(landing, { timeout: 30_000 });
}

/** The element lies inside the viewport's width (not off screen to the right or left). */
async function inView(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, "element is drawn").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/**
 * /applicants: each row's name and Approve stay on screen; the details dialog holds the rest;
 * Approve asks "Approve … as a freelancer?" and Cancel approves nobody. Read-only: the
 * approving itself is e2e/applicants.spec.ts's (it counts the list).
 */
export async function applicantsFit(page: Page, widths: number[]) {
  await signedInAs(page, ACCOUNTS.pm, /\/dashboard$/);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/applicants");
    await expect(page.getByRole("heading", { level: 1, name: "Applicants" })).toBeVisible();
    const approve = page.getByRole("button", { name: "Approve Oskar Lindqvist" });
    await expect(approve).toBeVisible();
    await inView(page, approve);
    await inView(page, page.getByRole("link", { name: "Oskar Lindqvist" }).first());
    await noSidewaysScroll(page);
    if (width >= 640) {
      // The table fits its box: nothing to scroll sideways to.
      const box = page.getByRole("table", { name: "Applicants awaiting approval" }).locator("..");
      const over = await box.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(over, `table overflow at ${width}px`).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page);
    await shot(page, "applicants", true);
  }

  await page.getByRole("button", { name: "Details of Oskar Lindqvist" }).click();
  const details = page.getByRole("dialog", { name: "Oskar Lindqvist", exact: true });
  await expect(details).toContainText("Rigger");
  await expect(details).toContainText("Country / branch");
  await settled(page);
  await expectAccessible(page);
  await shot(page, "applicant-details");
  await details.getByRole("button", { name: "Approve Oskar Lindqvist" }).click();
  const confirm = page.getByRole("dialog", { name: "Approve Oskar Lindqvist as a freelancer?" });
  await expect(confirm).toBeVisible();
  await expect(details).toBeHidden();
  await settled(page);
  await expectAccessible(page);
  await shot(page, "applicant-confirm");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: "Approve Oskar Lindqvist" })).toBeVisible();
}

/** /500: the plain words, Try again and Go back (which goes back). */
export async function serverErrorScreen(page: Page) {
  await acceptCookies(page);
  await page.goto("/sign-in");
  await page.goto("/500");
  await expect(
    page.getByRole("heading", { level: 1, name: "Something went wrong." }),
  ).toBeVisible();
  await expect(page.getByText("Nothing was saved. Try again, or go back.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "server-error");
  await page.getByRole("button", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

/** A made-up password link says so as it opens, and leads to asking for a new one. */
export async function badResetLink(page: Page) {
  await acceptCookies(page);
  await page.goto("/password/reset/made-up-token-0123456789");
  await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await expect(page.getByText(/This password link is not valid/)).toBeVisible();
  await expect(page.getByLabel(/^New password/)).toHaveCount(0);
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "reset-link-invalid");
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
}

/**
 * A client contact opens its company's rates (a verb refuses, 403): it lands on its dashboard
 * told why. A code outside the table shows nothing.
 */
export async function refusedPageExplains(page: Page) {
  await signedInAs(page, ACCOUNTS.col, /\/dashboard$/);
  await page.goto("/clients");
  await expect(page).toHaveURL(/\/client\/\d+$/);
  const id = /\/client\/(\d+)$/.exec(page.url())![1];
  await page.goto(`/client/${id}/rates`);
  await expect(page).toHaveURL(/\/dashboard\?denied=client-rates$/);
  const notice = page.getByRole("status").filter({ hasText: "You don't have access" });
  await expect(notice).toContainText("You don't have access to the rates of this client.");
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "denied-client-rates");
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Never the query's own words.
  await page.goto("/dashboard?denied=%3Cb%3EYou%20were%20hacked%3C%2Fb%3E");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/hacked/)).toHaveCount(0);
  await expect(page.getByText("You don't have access")).toHaveCount(0);
  // The guard's own refusals say so too.
  await page.goto("/activity-log");
  await expect(page).toHaveURL(/\/dashboard\?denied=activity-log$/);
  await expect(page.getByText("You don't have access to the activity log.")).toBeVisible();
}

/** /venues opens in place (no redirect) on the venues awaiting approval; the filter keeps the tab. */
export async function venuesOpenInPlace(page: Page) {
  await signedInAs(page, ACCOUNTS.pm, /\/dashboard$/);
  const res = await page.goto("/venues");
  expect(res?.request().redirectedFrom() ?? null).toBeNull();
  await expect(page).toHaveURL(/\/venues$/);
  const tabs = page.getByRole("navigation", { name: "Venue lists" });
  await expect(tabs.getByRole("link", { name: "All venues" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("private");
  await expectAccessible(page);
  await venueRowActions(page);
  await shot(page, "venues-start", true);
  await page.getByRole("combobox", { name: "Status" }).selectOption("");
  await expect(page).toHaveURL(/\/venues\?tab=all$/);
  await expect(tabs.getByRole("link", { name: "All venues" })).toHaveAttribute(
    "aria-current",
    "page",
  );
}

/**
 * Each venue's row (a card on a phone) has its main step as a button — Approve, on the venues
 * awaiting approval — and the others in its row menu, wholly on screen (they were cut off at
 * 1280 px); the row has no separate Delete button.
 */
export async function venueRowActions(page: Page) {
  const menu = page.getByRole("button", { name: /^Actions for / }).first();
  // On a phone a row is a card, further down the page.
  if ((page.viewportSize()?.width ?? 0) < 640) await menu.scrollIntoViewIfNeeded();
  await expect(menu).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: /^Approve / }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await menu.click();
  await expect(page.getByRole("menuitem", { name: "Decline" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeVisible();
  await page.keyboard.press("Escape");
}

/** /venues on a phone: each card keeps its main step and a menu of the others. */
export async function venuesOnAPhone(page: Page) {
  await signedInAs(page, ACCOUNTS.pm, /\/dashboard$/);
  await page.goto("/venues");
  await expect(page.getByRole("heading", { level: 1, name: "Venues" })).toBeVisible();
  await venueRowActions(page);
  await noSidewaysScroll(page);
  await shot(page, "venues-start", true);
}

/** /settings says how it saves. */
export async function settingsSayHowTheySave(page: Page) {
  await signedInAs(page, ACCOUNTS.admin, /\/dashboard$/);
  await page.goto("/settings");
  await expect(page.getByText(/Each section saves with its own button/)).toBeVisible();
  await expect(page.getByText("Every change is saved at once")).toHaveCount(0);
  await shot(page, "settings");
}

/**
 * The activity log names the subject of each row and its kind in words: a note the office adds
 * on William Berg reads "added a note on William Berg", with no raw key on the page.
 */
export async function activityLogInWords(page: Page) {
  const token = await apiToken(page.request, ACCOUNTS.admin);
  const found = await api(page.request, token, "GET", "users?filter[search]=William%20Berg");
  const william = found.body.data.find((u: { name: string }) => u.name === "William Berg");
  const note = await api(page.request, token, "POST", "notes", {
    noteable_type: "users",
    noteable_id: william.id,
    comment: "Prefers early shifts (issue 23 journey).",
  });
  expect(note.status, JSON.stringify(note.body)).toBe(201);

  await signedInAs(page, ACCOUNTS.admin, /\/dashboard$/);
  await page.goto("/activity-log");
  const log = page.getByRole("list", { name: "Activity log" });
  const row = log.getByRole("listitem").filter({ hasText: "added a note on William Berg" }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole("link", { name: "William Berg" })).toHaveAttribute(
    "href",
    `/users/${william.id}/personal`,
  );
  await expect(row).toContainText("Notes");
  const text = (await log.textContent()) ?? "";
  for (const raw of ["on_call", "job_templates", "reported_hours", "client_rates"])
    expect(text, raw).not.toContain(raw);
  const type = page.getByRole("combobox", { name: "Type" });
  if (await type.isVisible()) {
    await expect(type.locator("option", { hasText: "Notes" })).toHaveCount(1);
    await expect(type.locator("option", { hasText: "on_call" })).toHaveCount(0);
  }
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "activity-log", true);
}
