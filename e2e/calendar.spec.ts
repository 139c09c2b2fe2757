import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { expectAccessible, noSidewaysScroll, signedIn } from "./support/page";

/**
 * The job/shift calendar (issue 25): the PM opens /calendar (month view), filters it to one
 * branch (the URL carries it; other branches' events are gone), opens a job from an event by
 * keyboard (each event is a link) and lands on its shifts; at 390 px the calendar opens in the
 * agenda view, and its month view there still ends a busy day in "+N more", which opens the
 * day. axe and screenshots at both widths.
 */
const shotDir = process.env.SHOTS_DIR ?? "/tmp/shots-calendar";
fs.mkdirSync(shotDir, { recursive: true });

/**
 * Tomorrow in the agency's zone (YYYY-MM-DD): the seed's recurring work starts then, and a month
 * view shows its own weeks only, so on a month's last day that is a Sunday the current month
 * holds none of it. The views open on tomorrow's month.
 */
const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Copenhagen" }).format(
  new Date(Date.now() + 86_400_000),
);

test("a PM filters the calendar to a branch and opens a job's shifts from an event", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.pm);
  await page.goto(`/calendar?date=${tomorrow}`);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.locator(".rbc-month-view")).toBeVisible();
  const event = (name: string) => page.locator(".rbc-event", { hasText: name });
  // Copenhagen's arena season runs every day from tomorrow: it is in tomorrow's month.
  await expect(event("Royal Arena winter season").first()).toBeVisible();
  await page.screenshot({ path: `${shotDir}/calendar-month-1280.png`, fullPage: true });
  await expectAccessible(page);

  await page.getByLabel("Branch").selectOption({ label: "London" });
  await expect(page).toHaveURL(/[?&]branch=\d+/);
  await expect(event("Riverside Stage winter run").first()).toBeVisible();
  await expect(event("Royal Arena winter season")).toHaveCount(0);
  await page.screenshot({ path: `${shotDir}/calendar-london-1280.png`, fullPage: true });

  // Opened from the keyboard: each event is a link.
  await event("Riverside Stage winter run").first().getByRole("link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/jobs\/\d+\/shifts$/);
  await expect(
    page.getByRole("heading", { level: 1, name: /Riverside Stage winter run/ }),
  ).toBeVisible();

  // The server sends the events and a placeholder, never react-big-calendar's markup: drawn on
  // the server, a busy agency's agenda (3,000 events) held its one thread ~13 s (issue 27).
  const served = await page.request.get("/calendar?view=agenda");
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain("Royal Arena winter season");
  expect(html).not.toContain("rbc-agenda-view");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/calendar");
  await expect(page).toHaveURL(/[?&]view=agenda/);
  await expect(page.locator(".rbc-agenda-view")).toBeVisible();
  await expect(page.getByText("Royal Arena winter season").first()).toBeVisible();
  await page.screenshot({ path: `${shotDir}/calendar-agenda-390.png`, fullPage: true });
  await noSidewaysScroll(page);
  await expectAccessible(page);

  // The month view on a phone: a busy day's cell ends in "+N more" ("+N+ more" on a day at the
  // server's count cap), which opens the day in full.
  await page.goto(`/calendar?view=month&date=${tomorrow}`);
  const more = page.locator(".rbc-show-more").first();
  await expect(more).toHaveText(/^\+\d+\+? more$/);
  await page.screenshot({ path: `${shotDir}/calendar-month-390.png`, fullPage: true });
  await noSidewaysScroll(page);
  await more.click();
  await expect(page).toHaveURL(/[?&]view=day/);
  await expect(page.locator(".rbc-time-view")).toBeVisible();
});
