import fs from "node:fs";
import path from "node:path";
import { devices, expect, test, type Locator, type Page } from "@playwright/test";
import { api, apiToken } from "./support/api";
import { ACCOUNTS } from "./support/auth";
import { expectAccessible, noSidewaysScroll, signedIn } from "./support/page";

/**
 * Live chat (issue 26): the PM and a worker chat in two browsers, the worker's menu badge
 * rising and clearing without a reload; the PM opens a job's chat from the job page and the
 * worker answers it on a 390 px phone.
 */
const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

/** The unread count beside "Live chat" in a menu (0 when no badge is drawn). */
const badgeCount = async (nav: Locator) => {
  const badge = nav.getByRole("link", { name: /^Live chat/ }).getByTestId("chat-unread-badge");
  if ((await badge.count()) === 0) return 0;
  return Number.parseInt((await badge.innerText()).replace("+", ""), 10);
};

test("the PM and a worker chat live: the worker's badge rises and clears without a reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await signedIn(page, ACCOUNTS.pm);

  const workerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const worker = await workerContext.newPage();
  await signedIn(worker, ACCOUNTS.worker);
  const workerNav = worker.getByRole("navigation", { name: "Main" });
  await expect(workerNav.getByRole("link", { name: /^Live chat/ })).toBeVisible();
  const before = await badgeCount(workerNav);

  // A chat id that cannot be one of the PM's conversations is the 404 page.
  for (const id of ["abc", "0", "99999999999", "2147483647"]) {
    const res = await page.request.get(`/live-chat?chat=${id}`, { maxRedirects: 0 });
    expect(res.status(), id).toBe(404);
  }

  // The PM finds the worker by name and writes (the dialog opens their conversation if any).
  await page.goto("/live-chat");
  await expect(page.getByRole("heading", { name: "Chats" })).toBeVisible();
  await page.getByRole("button", { name: "New message" }).click();
  const dialog = page.getByRole("dialog", { name: "New message" });
  await dialog.getByLabel("Name").fill("William");
  await dialog.getByRole("button", { name: /William Berg/ }).click();
  const hello = `Hi William, can you do Saturday? ${stamp}`;
  await page.getByLabel("Message to William Berg").fill(hello);
  await page.getByLabel("Message to William Berg").press("Enter");
  await expect(page).toHaveURL(/\/live-chat\?chat=\d+$/);
  const pmLog = page.getByRole("log", { name: "Messages with William Berg" });
  await expect(pmLog.getByText(hello)).toBeVisible();

  // The worker's badge rises on the page it is on, without a reload.
  await expect.poll(() => badgeCount(workerNav)).toBe(before + 1);

  // Opening the conversation reads it: the badge goes back down.
  await workerNav.getByRole("link", { name: /^Live chat/ }).click();
  const item = worker
    .getByRole("list", { name: "Conversations" })
    .getByRole("link", { name: /^Peter Mikkelsen/ });
  await expect(item).toContainText(hello);
  // Its count: the new message and any the demo left unread there.
  await expect(item).toContainText(/\d+ unread/);
  const unreadBadge = item.locator("span", { hasText: /^\d+ unread$/ });
  const unreadHere = Number.parseInt((await unreadBadge.textContent()) ?? "", 10);
  await item.click();
  const workerLog = worker.getByRole("log", { name: "Messages with Peter Mikkelsen" });
  await expect(workerLog.getByText(hello)).toBeVisible();
  await expect.poll(() => badgeCount(workerNav)).toBe(before + 1 - unreadHere);
  await expect(item).not.toContainText("unread");

  // The answer reaches the PM's open conversation live; its link opens in a new tab.
  const answer = `Yes, see you there: https://example.com/map-${stamp}`;
  await worker.getByLabel("Message to Peter Mikkelsen").fill(answer);
  await worker.getByRole("button", { name: "Send" }).click();
  await expect(workerLog.getByText(answer)).toBeVisible();
  await expect(worker.getByLabel("Message to Peter Mikkelsen")).toHaveValue("");
  const link = pmLog.getByRole("link", { name: `https://example.com/map-${stamp}` });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");

  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "live-chat-1280");
  await workerContext.close();
});

test("the PM opens a job's chat from the job page; the worker answers on its phone", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  // A job the demo worker is booked on.
  const token = await apiToken(request, ACCOUNTS.worker);
  const shifts = await api(request, token, "GET", "my-dashboard/my-shifts?perPage=100");
  const booked = (shifts.body.data as { status: string; job: { id: number; name: string } }[]).find(
    (s) => s.status === "Booked",
  );
  expect(booked, "the demo worker is booked on a coming shift").toBeTruthy();
  const job = booked!.job;

  await signedIn(page, ACCOUNTS.pm);
  await page.goto(`/jobs/${job.id}/shifts`);
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: "Job chat" }).click();
  await expect(page).toHaveURL(/\/live-chat\?chat=\d+$/);
  const briefing = `Crew briefing at gate B, 30 minutes early ${stamp}`;
  await page.getByLabel(`Message to ${job.name}`).fill(briefing);
  await page.getByLabel(`Message to ${job.name}`).press("Enter");
  const pmLog = page.getByRole("log", { name: `Messages with ${job.name}` });
  await expect(pmLog.getByText(briefing)).toBeVisible();

  const phone = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
  });
  const worker = await phone.newPage();
  await signedIn(worker, ACCOUNTS.worker);
  // The phone's menu shows the badge too.
  await worker.getByRole("button", { name: "Menu" }).click();
  const drawer = worker.getByRole("dialog", { name: "Menu" });
  await expect(drawer.getByTestId("chat-unread-badge")).toBeVisible();
  await drawer.getByRole("link", { name: /^Live chat/ }).click();
  await worker
    .getByRole("list", { name: "Conversations" })
    .getByRole("link", { name: job.name })
    .click();
  // The conversation takes the whole phone screen; the sender's name is on the job chat.
  await expect(worker.getByRole("list", { name: "Conversations" })).toBeHidden();
  const log = worker.getByRole("log", { name: `Messages with ${job.name}` });
  await expect(log.getByText(briefing)).toBeVisible();
  await expect(log.getByText("Peter Mikkelsen").last()).toBeVisible();
  const reply = `Copy that, I'll be there ${stamp}`;
  const box = worker.getByLabel(`Message to ${job.name}`);
  await box.fill(reply);
  await box.press("Enter");
  await expect(log.getByText(reply)).toBeVisible();
  await expect(box).toBeInViewport();
  await noSidewaysScroll(worker);
  await expectAccessible(worker);
  await shot(worker, "live-chat-job-390");
  // Back to the list.
  await worker.getByRole("button", { name: "Back to Chats" }).click();
  await expect(worker.getByRole("list", { name: "Conversations" })).toBeVisible();
  await shot(worker, "live-chat-list-390");

  await expect(pmLog.getByText(reply)).toBeVisible();
  await phone.close();
});
