import { expect, test, type Page } from "@playwright/test";
import { api, apiToken, copenhagen } from "./support/api";
import { acceptCookies, ACCOUNTS } from "./support/auth";
import { linkFromMail } from "./support/join";
import { expectAccessible, noSidewaysScroll, signedIn } from "./support/page";

const HOUR = 3_600_000;

/** With SHOTS_DIR set, a screenshot of the moment, named by the viewport width. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({
    path: `${dir}/${page.viewportSize()?.width ?? 0}-${name}.png`,
    fullPage: true,
  });
}

test("a booked worker gets the booked e-mail with its .ics, can unsubscribe from it, and the office sees it under Messages", async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const pm = await apiToken(request, ACCOUNTS.pm);
  const countries = await api(request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const found = await api(request, pm, "GET", "bookable-users?username=William%20Berg");
  const william = found.body.data[0];
  // Far ahead, at a night hour no seeded shift uses: nothing clashes.
  const at = new Date(Date.now() + (300 + (Date.now() % 200)) * 24 * HOUR);
  at.setUTCHours(2, 0, 0, 0);
  const start = copenhagen(at);
  const job = await api(request, pm, "POST", "jobs", {
    name: `E2E Notify ${stamp}`,
    is_past: false,
    company_id: companies.body.data[0].id,
    country_id: dk.id,
    shifts: [
      {
        startDate: start.date,
        start: start.time,
        endHour: copenhagen(new Date(at.getTime() + 2 * HOUR)).time,
        slots: [{ skill_id: william.skills[0].id, qty: 1 }],
      },
    ],
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const shift = job.body.data.shifts[0];
  const booked = await api(request, pm, "POST", "applications", {
    assignee_id: william.id,
    shiftIds: [shift.id],
    shift_slots: [shift.shift_slots[0].id],
    status: "Booked",
    closely: true,
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  // The outbox (development: /dev/mail) holds the booked mail with its calendar file.
  await signedIn(page, ACCOUNTS.admin);
  // Only William's mails: the background loop's reminders and digests would bury it.
  const mail = page
    .locator("div")
    .filter({ hasText: `You are booked on E2E Notify ${stamp}` })
    .filter({ hasText: "Attachments: shift.ics" })
    .last();
  // The mail leaves after the booking's commit (the outbox): on a busy machine it can land
  // after the outbox page was drawn, so the page is opened again until it shows.
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(ACCOUNTS.worker)}`);
    await expect(mail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(mail).toContainText(`When: ${start.date}`);

  // The mail's unsubscribe link: opening it asks; the button turns booking mails off.
  const link = await linkFromMail(
    browser,
    ACCOUNTS.worker,
    `You are booked on E2E Notify ${stamp}`,
    "/unsubscribe?token=",
  );
  const anon = await browser.newContext();
  const visitor = await anon.newPage();
  await acceptCookies(visitor);
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "Stop these e-mails?" })).toBeVisible();
  await shot(visitor, "unsubscribe-ask");
  await visitor.getByRole("button", { name: "Turn off “Booking changes”" }).click();
  await expect(visitor.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expectAccessible(visitor);
  await shot(visitor, "unsubscribe-done");
  await visitor.goto("/unsubscribe?token=forged.token");
  await expect(visitor.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await anon.close();

  // The office: "Messages" on the worker's Activity tab names the mail, not its content.
  await page.goto(`/users/${william.id}/user-activities`);
  const messages = page.getByRole("list", { name: "E-mails sent to William Berg" });
  await expect(messages).toContainText(`You are booked on E2E Notify ${stamp}`);
  await expect(messages).toContainText("Booking changes");
  await expect(messages).not.toContainText("Dress code");
  await noSidewaysScroll(page);
  await shot(page, "profile-messages");

  // Booking mails back on for the demo worker (other journeys read them).
  const own = await apiToken(request, ACCOUNTS.worker);
  const put = await api(request, own, "PUT", `users/${william.id}`, {
    notification_prefs: { booking_changes: true },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
});
