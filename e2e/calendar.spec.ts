import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { api, apiToken, copenhagen } from "./support/api";
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

/**
 * A day busier than the week's and agenda's share (issue 27: a busy agency's week held 2,500
 * shifts and took react-big-calendar 3 s to draw, its agenda 30 s): a job of twelve shifts on
 * one day far ahead. The agenda lists that day's first ten and "+N more on <day>", the week's
 * header for the day says "+N more", and each opens the day view with all twelve.
 */
test('a busy day shows its first shifts and "+N more" in the week and agenda', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const pm = await apiToken(request, ACCOUNTS.pm);
  const countries = await api(request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const skills = await api(request, pm, "GET", "skills");
  // 400 days ahead, at noon UTC: no other journey's work sits on that day.
  const noon = new Date(Date.now() + 400 * 86_400_000);
  noon.setUTCHours(12, 0, 0, 0);
  const day = copenhagen(noon).date; // DD/MM/YYYY
  const iso = day.split("/").reverse().join("-");
  const hours = Array.from({ length: 12 }, (_, i) => 6 + i);
  const job = await api(request, pm, "POST", "jobs", {
    name: "Harbour marathon stewards",
    is_past: false,
    company_id: companies.body.data[0].id,
    country_id: dk.id,
    shifts: hours.map((h) => ({
      startDate: day,
      start: `${String(h).padStart(2, "0")}:00`,
      endHour: `${String(h).padStart(2, "0")}:45`,
      slots: [{ skill_id: skills.body.data[0].id, qty: 1 }],
    })),
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);

  await signedIn(page, ACCOUNTS.pm);
  const busy = page.getByText("Harbour marathon stewards");
  await page.goto(`/calendar?view=agenda&date=${iso}`);
  await expect(busy).toHaveCount(10);
  const more = page.getByRole("button", { name: /^\+\d+ more on / });
  await expect(more).toHaveText(/^\+2 more on \w{3} \d\d\/\d\d$/);
  await page.screenshot({ path: `${shotDir}/calendar-agenda-busy-1280.png`, fullPage: true });
  await expectAccessible(page);
  await more.click();
  await expect(page).toHaveURL(new RegExp(`[?&]date=${iso}`));
  await expect(page).toHaveURL(/[?&]view=day/);
  await expect(page.locator(".rbc-event", { hasText: "Harbour marathon stewards" })).toHaveCount(
    12,
  );

  await page.goto(`/calendar?view=week&date=${iso}`);
  await expect(page.locator(".rbc-event", { hasText: "Harbour marathon stewards" })).toHaveCount(4);
  const header = page.locator(".rbc-time-header-cell .rbc-header", { hasText: "+8 more" });
  await expect(header).toHaveCount(1);
  await page.screenshot({ path: `${shotDir}/calendar-week-busy-1280.png`, fullPage: true });
  await expectAccessible(page);
  await header.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]view=day/);
  await expect(page.locator(".rbc-event", { hasText: "Harbour marathon stewards" })).toHaveCount(
    12,
  );

  // On a phone the agenda's row still says which day it opens.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/calendar?view=agenda&date=${iso}`);
  await expect(more).toBeVisible();
  await page.screenshot({ path: `${shotDir}/calendar-agenda-busy-390.png`, fullPage: true });
  await noSidewaysScroll(page);
  // A phone's week column shows the narrow day ("M 03") in a column too narrow for the date; the
  // header's button still reads the whole date and "+8 more".
  await page.goto(`/calendar?view=week&date=${iso}`);
  const phoneHeader = page.locator(".rbc-time-header-cell .rbc-header", { hasText: "+8" });
  await expect(phoneHeader.locator('[aria-hidden="true"]')).toHaveText(/^[A-Z] \d\d$/);
  await expect(phoneHeader.getByRole("button")).toHaveAccessibleName(
    /^[A-Z][a-z]+day \d\d\/\d\d\/\d{4} \+8 more$/,
  );
  await page.screenshot({ path: `${shotDir}/calendar-week-busy-390.png`, fullPage: true });
});
