import { expect, test, type Page } from "@playwright/test";
import { api, apiToken } from "./support/api";
import { ACCOUNTS } from "./support/auth";
import { expectAccessible, expectToast, noSidewaysScroll, signedIn } from "./support/page";

/** With SHOTS_DIR set, a screenshot of the moment, named by the viewport width. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({
    path: `${dir}/${page.viewportSize()?.width ?? 0}-${name}.png`,
    fullPage: true,
  });
}

/** "2026-11-28T22:00:00+01:00" → "20261128T210000Z", as an .ics writes a UTC instant. */
const icsUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The unfolded lines of the VEVENT with this UID. */
function eventLines(ics: string, uid: string): Record<string, string> {
  const unfolded = ics.replace(/\r?\n[ \t]/g, "");
  const block = unfolded.split("BEGIN:VEVENT").find((b) => b.includes(`UID:${uid}`)) ?? "";
  return Object.fromEntries(
    block
      .split(/\r?\n/)
      .filter((l) => l.includes(":"))
      .map((l) => [l.slice(0, l.indexOf(":")).split(";")[0], l.slice(l.indexOf(":") + 1)]),
  );
}

test("a worker subscribes its calendar: the .ics has its shift; a new address stops the old one", async ({
  page,
  request,
}) => {
  const token = await apiToken(request, ACCOUNTS.worker);
  const mine = await api(request, token, "GET", "my-dashboard/my-shifts?perPage=50");
  expect(mine.status).toBe(200);
  const shift = (
    mine.body.data as {
      id: number;
      status: string;
      start: string;
      end: string;
      job: { name: string; status: string };
      skill: { name: string };
    }[]
  ).find(
    // A day ahead at least: the booking journey, running alongside, takes the worker off a shift
    // of the next hours to make room (and the feed then rightly leaves it out).
    (s) =>
      s.status === "Booked" &&
      s.job.status !== "Cancelled" &&
      Date.parse(s.start) > Date.now() + 24 * 3_600_000,
  );
  expect(shift, "the demo worker has an upcoming booked shift").toBeTruthy();

  await signedIn(page, ACCOUNTS.worker);
  await page.goto("/users/me/user-security");
  const card = page.getByTestId("calendar-feed");
  // A feed left on by an earlier run: start from off.
  const off = page.getByRole("button", { name: "Turn calendar feed off" });
  if (await off.isVisible()) {
    await off.click();
    await expectToast(page, "Your calendar feed is off.");
  }
  await page.getByRole("button", { name: "Turn calendar feed on" }).click();
  await expectToast(page, "Your calendar feed is on.");
  const field = page.getByLabel("Feed address (shown only now)");
  const first = await field.inputValue();
  expect(first).toMatch(/\/api\/v2\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(card.getByText("On", { exact: true })).toBeVisible();
  await shot(page, "calendar-feed-on");
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, "calendar-feed-on");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);

  // The phone's calendar app: no cookie, the URL only.
  const path = new URL(first).pathname;
  const feed = await request.get(path, { headers: { cookie: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const event = eventLines(await feed.text(), `application-${shift!.id}@localhost`);
  expect(event.SUMMARY).toBe(`${shift!.job.name} (${shift!.skill.name})`);
  expect(event.DTSTART).toBe(icsUtc(shift!.start));
  expect(event.DTEND).toBe(icsUtc(shift!.end));

  await page.getByRole("button", { name: "Get a new address" }).click();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect((await request.get(path)).status()).toBe(404);
  expect((await request.get(new URL(second).pathname)).status()).toBe(200);

  // The worker's own calendar tab: it marks two days unavailable (the 10th and 11th of the
  // month after next), sees them in that month's list, and removes them.
  const now = new Date();
  const dayOf = (n: number) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, n)).toISOString().slice(0, 10);
  const [first10, second11] = [dayOf(10), dayOf(11)];
  const typed = (day: string) => day.split("-").reverse().join("/");
  const removeButton = (day: string) =>
    page.getByRole("button", {
      name: `Remove unavailable day ${new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
        weekday: "long",
        day: "numeric",
        month: "long",
        timeZone: "UTC",
      })}`,
    });
  await page.goto(`/users/me/user-calendar?month=${first10.slice(0, 7)}`);
  await expect(page.getByRole("navigation", { name: "Month" })).toBeVisible();
  const form = page.getByTestId("unavailable-form");
  await form.getByRole("textbox", { name: "From", exact: true }).fill(typed(first10));
  await form.getByRole("textbox", { name: "To", exact: true }).fill(typed(second11));
  await form.getByLabel("Note").fill("Sister's wedding");
  await form.getByRole("button", { name: "Mark unavailable" }).click();
  await expectToast(page, "The days are marked unavailable.");
  await expect(
    page.getByTestId("unavailable-day").filter({ hasText: "Unavailable — Sister's wedding" }),
  ).toHaveCount(2);
  await expectAccessible(page);
  await shot(page, "user-calendar");
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, "user-calendar");
  for (const day of [first10, second11]) {
    await removeButton(day).click();
    await expectToast(page, "The days are no longer marked unavailable.");
    await expect(removeButton(day)).toHaveCount(0);
  }
});
