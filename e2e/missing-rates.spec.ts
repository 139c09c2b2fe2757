import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { api, apiToken, copenhagen } from "./support/api";
import { expectAccessible } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;
const HOUR = 3_600_000;

/** A whole hour in Copenhagen `days` days from now at `hour` o'clock (approximately: UTC+1). */
function dayAt(days: number, hour: number): Date {
  const d = new Date(Date.now() + days * 24 * HOUR);
  d.setUTCHours(hour - 1, 0, 0, 0);
  return d;
}

/**
 * The demo seed gives every skill a worker rate except Driver (seed/data/rates.ts
 * UNRATED_SKILL): booking a driver asks "Book anyway?" with Book and Cancel (spec §8), and
 * requesting one "Request anyway?" with Request and Cancel.
 */
test("booking a driver without a worker rate: the warning, Cancel books nothing, Book books", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const pm = await apiToken(request, ACCOUNTS.pm);
  const dk = (await api(request, pm, "GET", "countries")).body.data.find(
    (c: { iso_code: string }) => c.iso_code === "DK",
  );
  const company = (await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys")).body
    .data[0];
  const driver = (await api(request, pm, "GET", "sub-skills")).body.data.find(
    (s: { name: string }) => s.name === "Driver",
  );
  expect(driver, "the demo seed has the skill Driver").toBeTruthy();

  // A published job ten days ahead with one Driver position by day and one in the evening,
  // four hours later (less rest than the country's 11 hours).
  const start = dayAt(10, 7);
  const at = copenhagen(start);
  const late = new Date(start.getTime() + 12 * HOUR);
  const job = await api(request, pm, "POST", "jobs", {
    name: `E2E Missing rates ${Date.now().toString(36)}`,
    company_id: company.id,
    country_id: dk.id,
    shifts: [
      {
        startDate: at.date,
        start: at.time,
        endHour: copenhagen(new Date(start.getTime() + 8 * HOUR)).time,
        slots: [{ skill_id: driver.id, qty: 1 }],
      },
      {
        startDate: copenhagen(late).date,
        start: copenhagen(late).time,
        endHour: copenhagen(new Date(late.getTime() + 3 * HOUR)).time,
        slots: [{ skill_id: driver.id, qty: 1 }],
      },
    ],
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const jobId: number = job.body.data.id;
  const [shift, evening] = job.body.data.shifts;

  // A demo driver free at that time.
  const candidates = await api(
    request,
    pm,
    "GET",
    `bookable-users?perPage=50&skill=${driver.id}&shiftIds=${shift.id},${evening.id}`,
  );
  const free = (candidates.body.data as { id: number; name: string; conflicts: unknown[] }[]).find(
    (u) => u.conflicts.length === 0,
  );
  expect(free, "a seeded driver is free").toBeTruthy();
  const name = free!.name;

  // The API agrees: no worker rate for this driver on this job.
  const check = await api(request, pm, "POST", "jobs/check-has-rate", {
    job_id: jobId,
    skill_id: driver.id,
    assignee_id: free!.id,
  });
  expect(check).toEqual({ status: 200, body: { data: { has_rate: false } } });

  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto(`/jobs/${jobId}/book`);
  const slot = page.getByRole("region", { name: "Driver on " }).first();
  await expect(slot).toContainText("0/1");

  // Book → the server's question with Book and Cancel.
  const search = async (
    slot = page.getByRole("region", { name: "Driver on " }).first(),
    action: "Book" | "Request" = "Book",
  ) => {
    await slot.getByRole("button", { name: "Add worker" }).click();
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Search" }).click();
    await dialog.getByRole("button", { name: `${action} ${name}`, exact: true }).click();
    return dialog;
  };
  let dialog = await search();
  const confirm = page.getByRole("alertdialog", { name: "Book anyway?" });
  await expect(confirm).toContainText(
    `There is no worker rate for ${name} as Driver on this job. Book anyway?`,
  );
  await expect(confirm.getByRole("button", { name: "Book" })).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/missing-rates-1280.png` });

  // Cancel books nothing.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole("listitem").filter({ hasText: name })).not.toContainText("Booked");
  await page.keyboard.press("Escape");
  await expect(slot).toContainText("0/1");
  await expect(slot).not.toContainText(name);

  // Requesting asks too ("Request anyway?"): the worker accepting would take the place unasked.
  await search(slot, "Request");
  const ask = page.getByRole("alertdialog", { name: "Request anyway?" });
  await expect(ask).toContainText(
    `There is no worker rate for ${name} as Driver on this job. Request anyway?`,
  );
  await expect(ask.getByRole("button", { name: "Request" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/missing-rates-request-1280.png` });
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(slot).not.toContainText(name);

  // On a phone: the same question fits the screen; Book books.
  await page.setViewportSize({ width: 390, height: 844 });
  dialog = await search();
  await expect(confirm).toContainText(`There is no worker rate for ${name} as Driver`);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways).toBe(false);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/missing-rates-390.png` });
  await confirm.getByRole("button", { name: "Book" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole("listitem").filter({ hasText: name })).toContainText("Booked");
  await page.keyboard.press("Escape");
  await expect(slot).toContainText("1/1");
  await expect(slot).toContainText(name);

  // The evening shift: too little rest is asked first; its Book then meets the missing rate,
  // whose Book books with both answers.
  const eveningSlot = page.getByRole("region", { name: "Driver on " }).nth(1);
  await expect(eveningSlot).toContainText("0/1");
  dialog = await search(eveningSlot);
  await expect(confirm).toContainText("less than 11 hours of rest");
  await confirm.getByRole("button", { name: "Book" }).click();
  await expect(confirm).toContainText(`There is no worker rate for ${name} as Driver`);
  await confirm.getByRole("button", { name: "Book" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole("listitem").filter({ hasText: name })).toContainText("Booked");
  await page.keyboard.press("Escape");
  await expect(eveningSlot).toContainText("1/1");
});
