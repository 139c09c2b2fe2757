import fs from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./auth";
import { api, apiToken, copenhagen } from "./api";
import { expectAccessible, expectToast, noSidewaysScroll } from "./page";

const HOUR = 3_600_000;

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: `${dir}/${page.viewportSize()?.width ?? 0}-${name}.png`,
    fullPage: true,
  });
}

/**
 * Two jobs on the same day `daysAhead` days from now, both for the seeded worker's first skill:
 * one 08:00–16:00 Copenhagen that the PM books William Berg on, one 20:00–23:00 open to apply
 * for, four hours after it (less than Denmark's 11 hours of rest).
 */
async function restTimeJobs(request: APIRequestContext, stamp: string, daysAhead: number) {
  const pm = await apiToken(request, ACCOUNTS.pm);
  const countries = await api(request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const william = (await api(request, pm, "GET", "bookable-users?username=William%20Berg")).body
    .data[0] as { id: number; skills: { id: number; name: string }[] };
  const skill = william.skills[0];
  const day = new Date(Date.now() + daysAhead * 24 * HOUR);
  day.setUTCHours(7, 0, 0, 0);
  const job = async (name: string, from: number, hours: number) => {
    const at = new Date(day.getTime() + from * HOUR);
    const created = await api(request, pm, "POST", "jobs", {
      name,
      company_id: companies.body.data[0].id,
      country_id: dk.id,
      shifts: [
        {
          startDate: copenhagen(at).date,
          start: copenhagen(at).time,
          endHour: copenhagen(new Date(at.getTime() + hours * HOUR)).time,
          slots: [{ skill_id: skill.id, qty: 2 }],
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as {
      id: number;
      shifts: { id: number; shift_slots: { id: number }[] }[];
    };
  };
  const day1 = await job(`E2E Day crew ${stamp}`, 0, 8);
  const evening = await job(`E2E Evening crew ${stamp}`, 12, 3);
  const shift = day1.shifts[0];
  const booked = await api(request, pm, "POST", "applications", {
    assignee_id: william.id,
    shiftIds: [shift.id],
    shift_slots: [shift.shift_slots[0].id],
    status: "Booked",
    closely: true,
    book_anyway: true,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { eveningShiftId: evening.shifts[0].id, dayName: `E2E Day crew ${stamp}` };
}

/**
 * Issue 23, "Figures people rely on", as the seeded worker: applying for a shift too close to
 * a booked one warns first and applies on "Apply anyway"; the Past tab's badge is the number
 * of shifts its "To report" list shows; the payment tab prices the approved hours.
 */
export async function workerFiguresJourney(
  page: Page,
  request: APIRequestContext,
  opts: { daysAhead: number; label: string },
) {
  const stamp = `${opts.label}-${Date.now().toString(36)}`;
  const { eveningShiftId, dayName } = await restTimeJobs(request, stamp, opts.daysAhead);
  // Which page of New jobs holds the evening shift (soonest first, ten a page).
  const workerToken = await apiToken(request, ACCOUNTS.worker);
  const open = await api(request, workerToken, "GET", "my-dashboard/new-jobs?perPage=100");
  const index = (open.body.data as { shift_id: number }[]).findIndex(
    (j) => j.shift_id === eveningShiftId,
  );
  expect(index, "the evening shift is open to the worker").toBeGreaterThanOrEqual(0);

  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/, { timeout: 30_000 });

  // Apply: the rest-time warning first, nothing applied until "Apply anyway".
  await page.goto(`/my-dashboard/new?page=${Math.floor(index / 10) + 1}`);
  const card = page
    .getByRole("list", { name: "New jobs" })
    .locator(":scope > li")
    .filter({ hasText: `E2E Evening crew ${stamp}` });
  await card.getByRole("button", { name: "Apply" }).click();
  const warning = page.getByRole("alertdialog", { name: "Too little rest" });
  await expect(warning).toContainText(`You are booked on ${dayName}`);
  await expect(warning).toContainText("less than 11 hours of rest");
  await expectAccessible(page);
  await shot(page, "apply-rest-warning");
  await warning.getByRole("button", { name: "Apply anyway" }).click();
  await expectToast(page, "Succesfully applied");
  await expect(warning).toBeHidden();
  await expect(card).toHaveCount(0);
  await page.goto("/my-dashboard/pending");
  await expect(
    page.getByRole("list", { name: "Pending shifts" }).getByText(`E2E Evening crew ${stamp}`),
  ).toBeVisible();

  // The Past tab's badge is what its "To report" list shows (other journeys report the seeded
  // shifts' hours, so the number is read, not assumed).
  await page.goto("/my-dashboard/past");
  const filter = page.getByRole("navigation", { name: "Past shifts filter" });
  const toReport = filter.getByRole("link", { name: /^To report \(\d+\)$/ });
  const count = Number(/\((\d+)\)/.exec((await toReport.textContent()) ?? "")![1]);
  const pastTab = page
    .getByRole("navigation", { name: "My dashboard lists" })
    .getByRole("link", { name: /^Past/ });
  if (count > 0) await expect(pastTab).toHaveText(new RegExp(`^Past${count} shifts to report`));
  else await expect(pastTab).toHaveText("Past");
  await toReport.click();
  await expect(page).toHaveURL(/to_report=1/);
  await expect(filter.getByRole("link", { name: `To report (${count})` })).toHaveAttribute(
    "aria-current",
    "page",
  );
  if (count > 0)
    await expect(
      page.getByRole("list", { name: "Past shifts to report" }).locator(":scope > li"),
    ).toHaveCount(Math.min(count, 10));
  else await expect(page.getByText("No hours to report")).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "past-to-report");

  // The payment tab prices the approved hours not yet paid, per currency.
  await page.goto("/users/me/payment");
  const unpaid = page.getByText("Approved hours not yet paid").locator("..");
  await expect(unpaid).toContainText(/\d+(\.\d+)? h · [\d,]+\.\d{2} DKK/);
  await expect(page.getByText("Amounts appear once worker rates are set up")).toHaveCount(0);
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "payment-unpaid");
}
