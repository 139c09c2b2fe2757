import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, PASSWORD, signIn, signInAs } from "./auth";
import { api, apiToken, copenhagen } from "./api";
import { expectAccessible, expectToast, noSidewaysScroll, waitForHydration } from "./page";

const MINUTE = 60_000;

/** With SHOTS_DIR set, a screenshot of the moment, named by the viewport width. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({
    path: `${dir}/${page.viewportSize()?.width ?? 0}-check-out-${name}.png`,
    fullPage: true,
  });
}

/**
 * A job whose one shift started an hour ago and runs three more hours (Copenhagen), one
 * Stagehand position, and a seeded freelancer with nothing else on then booked on it, all
 * through the REST API. The desktop and the phone journeys run at once: each takes another
 * free worker (`pick` counts from the end of the list).
 */
async function runningShiftWithWorker(request: APIRequestContext, pick: number) {
  const pm = await apiToken(request, ACCOUNTS.pm);
  const countries = await api(request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const skills = await api(request, pm, "GET", "skills?perPage=100");
  const stagehand = skills.body.data.find((s: { name: string }) => s.name === "Stagehand");
  const startAt = new Date(Math.floor((Date.now() - 60 * MINUTE) / (5 * MINUTE)) * 5 * MINUTE);
  const endAt = new Date(startAt.getTime() + 4 * 60 * MINUTE);
  const start = copenhagen(startAt);
  const end = copenhagen(endAt);
  const name = `E2E Check-out ${pick} ${Date.now().toString(36)}`;
  const created = await api(request, pm, "POST", "jobs", {
    name,
    company_id: companies.body.data[0].id,
    country_id: dk.id,
    // Just past midnight the shift began yesterday.
    is_past: 1,
    shifts: [
      {
        startDate: start.date,
        start: start.time,
        endHour: end.time,
        slots: [{ skill_id: stagehand.id, qty: 1 }],
      },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const job = created.body.data as {
    id: number;
    shifts: { id: number; shift_slots: { id: number }[] }[];
  };
  const shift = job.shifts[0];
  const candidates = await api(
    request,
    pm,
    "GET",
    `bookable-users?perPage=50&skill=${stagehand.id}&shiftIds=${shift.id}`,
  );
  const free = (candidates.body.data as { id: number; name: string; conflicts: unknown[] }[])
    .filter((u) => u.conflicts.length === 0 && u.name !== "William Berg")
    .reverse();
  const worker = free[pick];
  expect(worker, "a Stagehand is free for the running shift").toBeTruthy();
  const booked = await api(request, pm, "POST", "applications", {
    assignee_id: worker.id,
    shiftIds: [shift.id],
    shift_slots: [shift.shift_slots[0].id],
    status: "Booked",
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const profile = await api(request, pm, "GET", `users/${worker.id}`);
  expect(profile.status).toBe(200);
  return {
    jobId: job.id,
    name,
    start: start.time,
    end: end.time,
    worker: { id: worker.id, name: worker.name, email: profile.body.data.email as string },
  };
}

/**
 * Issue 23 "Check out before check in": the worker on a running shift sees Check in and no
 * Check out; checks in; Check out three hours before the end asks first, naming the end; "Not
 * yet" keeps it, "Check out now" records it with an Undo; Undo takes it back; checked out
 * again, the project manager sees in and out on the Book tab and corrects the check-in.
 */
export async function checkOutJourney(page: Page, request: APIRequestContext, pick: number) {
  const { jobId, name, start, end, worker } = await runningShiftWithWorker(request, pick);

  await acceptCookies(page);
  await signIn(page, worker.email, PASSWORD);
  await expect(page).toHaveURL(/\/my-dashboard$/, { timeout: 30_000 });
  const card = page.getByRole("region", { name: "Your current shift" });
  await expect(card).toContainText(name);
  const checkIn = card.getByRole("button", { name: "Check in" });
  await expect(checkIn).toBeVisible();
  // Not checked in: nothing to check out of.
  await expect(card.getByRole("button", { name: "Check out" })).toHaveCount(0);
  await noSidewaysScroll(page);
  await shot(page, "1-before-check-in");

  await waitForHydration(checkIn);
  await checkIn.click();
  await expectToast(page, "Checked in");
  await expect(card).toContainText("Checked in at");
  const checkOut = card.getByRole("button", { name: "Check out" });
  await expect(checkOut).toBeVisible();
  await waitForHydration(checkOut);

  // Three hours early: asked first, with the shift's end.
  await checkOut.click();
  const question = page.getByRole("dialog", { name: "Check out early?" });
  await expect(question).toContainText(`Your shift ends at ${end}. Check out now, at `);
  await shot(page, "2-early-question");
  await expectAccessible(page);
  await question.getByRole("button", { name: "Not yet" }).click();
  await expect(question).toBeHidden();
  await expect(card).not.toContainText("checked out");
  await expect(checkOut).toBeFocused();

  await checkOut.click();
  await question.getByRole("button", { name: "Check out now" }).click();
  await expect(question).toBeHidden();
  await expectToast(page, "Checked out at");
  await expect(card).toContainText("checked out at");
  await expect(card.getByRole("button", { name: "Check out" })).toHaveCount(0);
  const undo = card.getByRole("button", { name: "Undo check-out" });
  await expect(undo).toBeVisible();
  await expect(card).toContainText(/Checked out by mistake\? You can undo it until \d{2}:\d{2}\./);
  await noSidewaysScroll(page);
  await shot(page, "3-checked-out");
  await expectAccessible(page);

  // Undo: still checked in, Check out is back.
  await waitForHydration(undo);
  await undo.click();
  await expectToast(page, "Check-out undone: you are still checked in");
  await expect(card).not.toContainText("checked out at");
  await expect(card.getByRole("button", { name: "Check out" })).toBeVisible();
  await shot(page, "4-undone");

  // Checked out again, for the office to see.
  await card.getByRole("button", { name: "Check out" }).click();
  await question.getByRole("button", { name: "Check out now" }).click();
  await expect(card).toContainText("checked out at");

  // The project manager sees in and out on the Book tab, and corrects the check-in.
  await page.context().clearCookies();
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto(`/jobs/${jobId}/book`);
  const row = page
    .getByRole("region", { name: /^Stagehand on / })
    .getByRole("listitem")
    .filter({ hasText: worker.name });
  await expect(row).toContainText("In at");
  await expect(row).toContainText("Out at");
  const times = row.getByRole("button", { name: `Check-in times of ${worker.name}` });
  await waitForHydration(times);
  await times.click();
  const dialog = page.getByRole("dialog", { name: `Check-in times of ${worker.name}` });
  const inField = dialog.getByRole("combobox", { name: "Checked in" });
  await inField.fill(start);
  await inField.press("Tab");
  await shot(page, "5-office-correction");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Save times" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, `Check-in times of ${worker.name} corrected`);
  await expect(row).toContainText(`In at ${start}`);
  await expect(row).toContainText("Out at");
  await noSidewaysScroll(page);
  await shot(page, "6-office-corrected");
}
