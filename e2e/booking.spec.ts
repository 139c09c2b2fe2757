import { devices, expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { api, apiToken, copenhagen } from "./support/api";

const HOUR = 3_600_000;

interface Setup {
  pm: string;
  skill: { id: number; name: string };
  companyId: number;
  countryId: number;
  workerId: number;
}

/** Company, country, the seeded worker and one of its skills, through the REST API. */
async function setup(request: Parameters<typeof apiToken>[0]): Promise<Setup> {
  const pm = await apiToken(request, ACCOUNTS.pm);
  const countries = await api(request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const worker = await api(request, pm, "GET", "bookable-users?username=William%20Berg");
  const william = worker.body.data[0];
  return {
    pm,
    skill: william.skills[0],
    companyId: companies.body.data[0].id,
    countryId: dk.id,
    workerId: william.id,
  };
}

type ShiftSpec = { at: Date; hours: number; qty?: number };

/** Creates a published job through POST jobs; its shifts in Copenhagen time. */
async function createJob(
  request: Parameters<typeof apiToken>[0],
  s: Setup,
  name: string,
  shifts: ShiftSpec[],
) {
  const res = await api(request, s.pm, "POST", "jobs", {
    name,
    // A job with a shift before today is saved only when confirmed as a past job.
    is_past: shifts.some((x) => x.at.getTime() < Date.now()),
    company_id: s.companyId,
    country_id: s.countryId,
    shifts: shifts.map((x) => {
      const start = copenhagen(x.at);
      return {
        startDate: start.date,
        start: start.time,
        endHour: copenhagen(new Date(x.at.getTime() + x.hours * HOUR)).time,
        slots: [{ skill_id: s.skill.id, qty: x.qty ?? 2 }],
      };
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as {
    id: number;
    shifts: { id: number; shift_slots: { id: number }[] }[];
  };
}

/** A whole hour in Copenhagen `days` days from now at `hour` o'clock (approximately: UTC+1). */
function dayAt(days: number, hour: number): Date {
  const d = new Date(Date.now() + days * 24 * HOUR);
  d.setUTCHours(hour - 1, 0, 0, 0);
  return d;
}

/** The seeded worker's shifts around now, as [start, end] instants. */
type Busy = { id: number; list: string; from: number; to: number };

async function workerBookings(request: Parameters<typeof apiToken>[0]): Promise<Busy[]> {
  const token = await apiToken(request, ACCOUNTS.worker);
  const out: Busy[] = [];
  for (const list of ["my-shifts", "past-shifts"]) {
    const res = await api(request, token, "GET", `my-dashboard/${list}?perPage=100`);
    expect(res.status).toBe(200);
    for (const r of res.body.data as { id: number; start: string; end: string }[])
      out.push({ id: r.id, list, from: Date.parse(r.start), to: Date.parse(r.end) });
  }
  return out;
}

const clashes = (busy: Busy[], start: Date, hours: number) =>
  busy.filter((b) => b.to > start.getTime() && b.from < start.getTime() + hours * HOUR);
const isFree = (busy: Busy[], start: Date, hours: number) =>
  clashes(busy, start, hours).length === 0;

async function bookFromDialog(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name: /^Book / });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Search" }).click();
  await dialog.getByRole("button", { name: `Book ${name}`, exact: true }).click();
}

/**
 * The worker now carries its Booked badge in the search results. (The state the success
 * toast announces is asserted, not the toast.)
 */
async function expectBooked(page: Page, name: string) {
  await expect(
    page
      .getByRole("dialog", { name: /^Book / })
      .getByRole("listitem")
      .filter({ hasText: name }),
  ).toContainText("Booked");
}

test("booking: capacity, rest time, check-in, hours over midnight and approval", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const s = await setup(request);
  const stamp = Date.now().toString(36);

  // A job three days ahead: a day shift and an evening shift only four hours later.
  const job = await createJob(request, s, `E2E Booking ${stamp}`, [
    { at: dayAt(3, 8), hours: 8 },
    { at: dayAt(3, 20), hours: 3 },
  ]);
  const [day, evening] = job.shifts;
  const candidates = await api(
    request,
    s.pm,
    "GET",
    `bookable-users?perPage=50&skill=${s.skill.id}&shiftIds=${day.id},${evening.id}`,
  );
  const free = (
    candidates.body.data as { id: number; name: string; conflicts: unknown[] }[]
  ).filter((u) => u.conflicts.length === 0 && u.id !== s.workerId);
  expect(free.length).toBeGreaterThanOrEqual(3);
  const [w1, w2, w3] = free;

  // The PM books three workers onto the two-position day slot: the third is refused.
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/jobs/${job.id}/book`);
  const daySlot = page.getByRole("region", { name: `${s.skill.name} on ` }).first();
  await expect(daySlot).toContainText("0/2");
  await daySlot.getByRole("button", { name: "Add worker" }).click();
  await bookFromDialog(page, w1.name);
  await expectBooked(page, w1.name);
  await bookFromDialog(page, w2.name);
  await expectBooked(page, w2.name);
  // The slot is full: Book is off for the third, with the reason, and Add as reserve offered
  // (the server's own 409 for a full slot is covered by the integration tests).
  const full = page.getByRole("dialog", { name: /^Book / });
  await full.getByLabel("Name").fill(w3.name);
  await full.getByRole("button", { name: "Search" }).click();
  const third = full.getByRole("listitem").filter({ hasText: w3.name });
  await expect(third.getByRole("button", { name: `Book ${w3.name}`, exact: true })).toBeDisabled();
  await expect(third).toContainText("Slot is full");
  await expect(third.getByRole("button", { name: `Add ${w3.name} as reserve` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(daySlot).toContainText("2/2");
  await expect(daySlot).toContainText(w1.name);
  await expect(daySlot).not.toContainText(w3.name);

  // Booking w1 on the evening shift too leaves under 11 hours of rest: Book/Cancel, then Book.
  const eveningSlot = page.getByRole("region", { name: `${s.skill.name} on ` }).nth(1);
  await eveningSlot.getByRole("button", { name: "Add worker" }).click();
  const dialog = page.getByRole("dialog", { name: /^Book / });
  await dialog.getByLabel("Name").fill(w1.name);
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByText("Rest time", { exact: true }).first()).toBeVisible();
  await dialog.getByRole("button", { name: `Book ${w1.name}`, exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Book anyway?" });
  await expect(confirm).toContainText("less than 11 hours of rest");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeVisible();
  await confirm.getByRole("button", { name: "Book" }).click();
  await expectBooked(page, w1.name);
  await page.keyboard.press("Escape");
  await expect(eveningSlot).toContainText("1/2");

  // The seeded worker: a shift starting soon (check-in is open) and one that ran 22:00–02:00
  // on an earlier night and now owes its hours — both placed where the worker is free.
  let busy = await workerBookings(request);
  const halfHour = 30 * 60_000;
  const soonStarts = Array.from(
    { length: 9 },
    (_, i) => new Date(Math.ceil((Date.now() + halfHour) / halfHour) * halfHour + i * halfHour),
  );
  if (!soonStarts.some((t) => isFree(busy, t, 1))) {
    // At some hours the seed has the worker on a long shift running now: the PM takes the
    // worker off it, so a shift can start soon.
    for (const b of clashes(busy, soonStarts[0], 1).filter((x) => x.list === "my-shifts")) {
      const res = await api(request, s.pm, "DELETE", `applications/${b.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    busy = await workerBookings(request);
  }
  const soon = soonStarts.find((t) => isFree(busy, t, 1));
  const night = [1, 2, 3, 4, 5, 6]
    .map((d) => dayAt(-d, 22))
    .find((t) => t.getTime() + 4 * HOUR < Date.now() && isFree(busy, t, 4));
  expect(soon && night, "the seeded worker has a free hour soon and a free night").toBeTruthy();
  const today = await createJob(request, s, `E2E Today ${stamp}`, [{ at: soon!, hours: 1 }]);
  const lastNight = await createJob(request, s, `E2E Night ${stamp}`, [{ at: night!, hours: 4 }]);
  for (const j of [today, lastNight]) {
    const res = await api(request, s.pm, "POST", "applications", {
      assignee_id: s.workerId,
      shiftIds: [j.shifts[0].id],
      shift_slots: [j.shifts[0].shift_slots[0].id],
      status: "Booked",
      closely: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  const phone = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
  });
  const worker = await phone.newPage();
  await acceptCookies(worker);
  await signInAs(worker, ACCOUNTS.worker);
  await expect(worker).toHaveURL(/\/my-dashboard/);
  await workerJourney(worker, `E2E Today ${stamp}`, `E2E Night ${stamp}`);
  await phone.close();

  // The PM approves the reported hours; the application shows Approved.
  await page.goto("/approvals");
  const row = page.getByRole("row").filter({ hasText: `E2E Night ${stamp}` });
  await expect(row).toContainText("22:00");
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(row).toBeHidden(); // no longer awaiting approval
  await page.goto("/approvals?status=approved");
  await expect(page.getByRole("row").filter({ hasText: `E2E Night ${stamp}` })).toBeVisible();
  const approved = await api(
    request,
    s.pm,
    "GET",
    `approvals?filter[status]=approved&filter[job_id]=${lastNight.id}`,
  );
  expect(approved.body.data.map((r: { status: string }) => r.status)).toEqual(["Approved"]);
});

/** On a phone: the shift under "My shifts", check in; last night's shift under "Past", hours. */
async function workerJourney(worker: Page, todayJob: string, nightJob: string) {
  const card = worker
    .getByRole("list", { name: "My shifts" })
    .getByRole("listitem")
    .filter({ hasText: todayJob });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Check in" }).click();
  await expect(card).toContainText("Checked in at");

  await worker
    .getByRole("navigation", { name: "My dashboard lists" })
    .getByRole("link", { name: /^Past/ })
    .click();
  const past = worker
    .getByRole("list", { name: "Past shifts" })
    .getByRole("listitem")
    .filter({ hasText: nightJob });
  await expect(past).toContainText("Report!");
  await past.getByRole("button", { name: "Report hours" }).click();
  const dialog = worker.getByRole("dialog", { name: "Report hours" });
  await dialog.getByLabel("Start").fill("22:00");
  await dialog.getByLabel("End").fill("02:00");
  await expect(dialog).toContainText("Ends the next day");
  await dialog.getByRole("button", { name: "Save hours" }).click();
  await expect(past).toContainText("22:00–02:00 (+1 day)");
  await expect(past).toContainText("Reported");
  const overflow = await worker.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
