import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./auth";
import { api, apiToken, copenhagen } from "./api";

const HOUR = 3_600_000;

/**
 * Issue 9's dashboard journey, shared by the desktop and the phone spec: the PM follows "Open
 * positions" from the dashboard to the jobs with unfilled slots in the next 48 hours, opens a
 * job of its own making (one Stagehand position, `hoursAhead` from now) and books the missing
 * worker on its Book tab; the seeded late check-in shows on the dashboard. Screenshots go to
 * SHOTS_DIR when it is set, named by `label`.
 */
export async function dashboardJourney(
  page: Page,
  request: APIRequestContext,
  opts: { hoursAhead: number; label: string },
) {
  const pm = await apiToken(request, ACCOUNTS.pm);
  const countries = await api(request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const skills = await api(request, pm, "GET", "skills?perPage=100");
  const stagehand = skills.body.data.find((s: { name: string }) => s.name === "Stagehand");
  expect(stagehand, "the seed has the Stagehand skill").toBeTruthy();

  const halfHour = HOUR / 2;
  const at = new Date(Math.ceil((Date.now() + opts.hoursAhead * HOUR) / halfHour) * halfHour);
  const start = copenhagen(at);
  const name = `E2E Missing crew ${opts.label} ${Date.now().toString(36)}`;
  const created = await api(request, pm, "POST", "jobs", {
    name,
    company_id: companies.body.data[0].id,
    country_id: dk.id,
    shifts: [
      {
        startDate: start.date,
        start: start.time,
        endHour: copenhagen(new Date(at.getTime() + 4 * HOUR)).time,
        slots: [{ skill_id: stagehand.id, qty: 1 }],
      },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const shift = created.body.data.shifts[0];
  const candidates = await api(
    request,
    pm,
    "GET",
    `bookable-users?perPage=50&skill=${stagehand.id}&shiftIds=${shift.id}`,
  );
  const free = (candidates.body.data as { id: number; name: string; conflicts: unknown[] }[]).find(
    (u) => u.conflicts.length === 0,
  );
  expect(free, "a Stagehand is free for the new shift").toBeTruthy();

  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The seeded load-in: one of the crew checked in 43 minutes after the start.
  const checkIns = page.getByRole("list", { name: "Check-in alerts" });
  await expect(checkIns).toContainText("checked in late by 0:43");
  await expect(page.getByRole("heading", { name: "Today and tomorrow" })).toBeVisible();
  await expect(page.getByRole("progressbar").first()).toBeVisible();
  await shot(page, `dashboard-${opts.label}`);

  // "Open positions" leads to the jobs list, filtered to unfilled slots in 48 hours.
  await page.getByRole("link", { name: /Open positions/ }).click();
  await expect(page).toHaveURL(/\/jobs\?unfilled=1$/);
  if (opts.label === "phone")
    // On a phone the filters other than the search fold into the "Filters (n)" sheet.
    await expect(page.getByRole("button", { name: "Filters (1)" })).toBeVisible();
  else
    await expect(
      page.getByRole("checkbox", { name: "Unfilled in the next 48 hours" }),
    ).toBeChecked();
  await expect(async () => {
    await page.getByRole("search", { name: "Filter jobs" }).getByLabel("Search").fill(name);
    await expect(page).toHaveURL(/search=/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await shot(page, `jobs-unfilled-${opts.label}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+/);

  // The Book tab: book the free worker into the missing position.
  await page.getByRole("link", { name: "Book", exact: true }).click();
  await expect(page).toHaveURL(/\/book$/);
  const slot = page.getByRole("region", { name: "Stagehand on " }).first();
  await expect(slot).toContainText("0/1");
  await slot.getByRole("button", { name: "Add worker" }).click();
  const dialog = page.getByRole("dialog", { name: /^Book / });
  await dialog.getByLabel("Name").fill(free!.name);
  await dialog.getByRole("button", { name: "Search" }).click();
  await dialog.getByRole("button", { name: `Book ${free!.name}`, exact: true }).click();
  await expect(dialog.getByRole("listitem").filter({ hasText: free!.name })).toContainText(
    "Booked",
  );
  await page.keyboard.press("Escape");
  await expect(slot).toContainText("1/1");

  // Full now: the job has left the filtered list.
  await page.goto(`/jobs?unfilled=1&search=${encodeURIComponent(name)}`);
  await expect(page.getByText("No job misses crew on a shift in the next 48 hours.")).toBeVisible();
  // Unchecking the chip shows it again among all upcoming jobs.
  // (The chip follows the URL, so it stays checked until the list has reloaded.)
  if (opts.label === "phone") {
    // On a phone the chip is in the "Filters (1)" sheet.
    await page.getByRole("button", { name: "Filters (1)" }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.getByRole("checkbox", { name: "Unfilled in the next 48 hours" }).click();
    await expect(page).not.toHaveURL(/unfilled=/, { timeout: 10_000 });
    await sheet.getByRole("button", { name: "Show results" }).click();
  } else
    await expect(async () => {
      await page.getByRole("checkbox", { name: "Unfilled in the next 48 hours" }).click();
      await expect(page).not.toHaveURL(/unfilled=/, { timeout: 10_000 });
    }).toPass({ timeout: 40_000 });
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
