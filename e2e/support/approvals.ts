import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { ACCOUNTS } from "./auth";
import { api, apiToken } from "./api";
import {
  expectAccessible,
  expectToast,
  noSidewaysScroll,
  signedIn,
  waitForHydration,
} from "./page";

interface Preview {
  count: number;
  hours: number;
  application_ids: number[];
  without_check_in: { id: number; worker: { name: string } }[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** With SHOTS_DIR set, a screenshot of the moment, named by the viewport width. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${page.viewportSize()?.width ?? 0}-${name}.png` });
}

/** What "Approve all that match the plan" would approve on a job, through the REST preview. */
const previewOf = async (request: APIRequestContext, token: string, jobId: number) => {
  const res = await api(
    request,
    token,
    "GET",
    `approvals/approve-matching?filter[job_id]=${jobId}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Preview;
};

/**
 * A seeded job with awaiting reports the rule approves. Desktop and phone run at once on one
 * database: the desktop takes the first such job (one with a report lacking a check-in when
 * there is one), the phone the last, so they never approve the same reports.
 */
async function jobToApprove(request: APIRequestContext, token: string, phone: boolean) {
  const list = await api(request, token, "GET", "approvals?perPage=100");
  expect(list.status).toBe(200);
  const ids = [...new Set((list.body.data as { job: { id: number } }[]).map((r) => r.job.id))].sort(
    (a, b) => a - b,
  );
  const found: { id: number; preview: Preview }[] = [];
  for (const id of ids) {
    const preview = await previewOf(request, token, id);
    if (preview.count > 0) found.push({ id, preview });
  }
  expect(found.length, "two seeded jobs with reports that match the plan").toBeGreaterThan(1);
  const missing = (j: { preview: Preview }) => (j.preview.without_check_in.length ? 0 : 1);
  found.sort((a, b) => missing(a) - missing(b) || a.id - b.id);
  return phone ? found[found.length - 1] : found[0];
}

/**
 * Issue 23 on /approvals as the project manager: the Edit hours dialog refuses "25:99" and
 * "abc" on each field (one message a field) and saving what is there says "Nothing changed.";
 * "Approve all that match the plan" asks first (reports, hours, the rule, the reports without
 * a check-in apart), says what it did with an Undo, and Undo puts the reports back.
 */
export async function approvalsJourney(page: Page, request: APIRequestContext, phone: boolean) {
  const token = await apiToken(request, ACCOUNTS.pm);
  const job = await jobToApprove(request, token, phone);

  await signedIn(page, ACCOUNTS.pm);
  await page.goto(`/approvals?job_id=${job.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();

  // Edit hours: junk is refused on each field, in place.
  const edit = page
    .locator("tr:visible, li:visible")
    .getByRole("button", { name: "Edit hours" })
    .first();
  const dialog = page.getByRole("dialog", { name: "Edit hours" });
  await waitForHydration(edit);
  await expect(async () => {
    if (!(await dialog.isVisible())) await edit.click({ timeout: 2000 });
    await expect(dialog).toBeVisible({ timeout: 4000 });
  }).toPass({ timeout: 20_000 });
  const start = dialog.getByLabel("Start");
  const end = dialog.getByLabel("End");
  const was = { start: await start.inputValue(), end: await end.inputValue() };
  await start.fill("25:99");
  await end.fill("abc");
  await end.press("Tab");
  await dialog.getByRole("button", { name: "Save hours" }).click();
  await expect(dialog.getByText("The start must be HH:mm or DD/MM/YYYY HH:mm.")).toBeVisible();
  await expect(dialog.getByText("The end must be HH:mm or DD/MM/YYYY HH:mm.")).toBeVisible();
  // One message a field: the picker's own note waits while the form names the error.
  await expect(dialog.getByText("Enter a time as HH:mm")).toHaveCount(0);
  await expect(start).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Hours updated successfully")).toHaveCount(0);
  await shot(page, "edit-hours-junk");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Saving what is there changes nothing and says so.
  await edit.click();
  await expect(dialog).toBeVisible();
  await expect(start).toHaveValue(was.start);
  await expect(end).toHaveValue(was.end);
  await dialog.getByRole("button", { name: "Save hours" }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, "Nothing changed.");

  // Approve all that match the plan: the question first.
  const { count, hours, without_check_in: missing } = job.preview;
  const what = `${plural(count, "report", "reports")}, ${plural(hours, "hour", "hours")}`;
  const button = page.getByRole("button", { name: "Approve all that match the plan" });
  await waitForHydration(button);
  await button.click();
  const ask = page.getByRole("alertdialog", { name: `Approve ${what}?` });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("start and end each within 15 minutes of the plan");
  if (missing.length) {
    await expect(ask).toContainText(
      `Not approved by this: ${plural(missing.length, "report", "reports")} without a check-in`,
    );
    await expect(ask.getByRole("listitem").first()).toContainText(missing[0].worker.name);
  }
  if (phone) await noSidewaysScroll(page);
  await shot(page, "approve-matching-question");
  await expectAccessible(page);
  // Cancel leaves everything as it was.
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  expect((await previewOf(request, token, job.id)).count).toBe(count);

  await button.click();
  await ask.getByRole("button", { name: `Approve ${plural(count, "report", "reports")}` }).click();
  await expect(ask).toBeHidden();
  const done = page
    .locator('[data-sonner-toast][data-front="true"]')
    .filter({ hasText: `Approved ${what}` });
  await expect(done).toBeVisible();
  await shot(page, "approve-matching-done");
  expect((await previewOf(request, token, job.id)).count).toBe(0);

  // Undo puts exactly those reports back.
  await done.getByRole("button", { name: "Undo" }).click();
  await expectToast(
    page,
    `Approval undone: ${count === 1 ? "1 report waits" : `${count} reports wait`} for approval again.`,
  );
  const back = await previewOf(request, token, job.id);
  expect(back.application_ids.sort()).toEqual([...job.preview.application_ids].sort());
  await shot(page, "approve-matching-undone");

  // Disapprove asks for the office's optional comment to the worker: one report of this job is
  // approved (REST), then sent back from the Approved tab with a comment.
  const [sentBack] = job.preview.application_ids;
  const approved = await api(request, token, "POST", `applications/${sentBack}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const rows = await api(
    request,
    token,
    "GET",
    `approvals?filter[status]=approved&filter[job_id]=${job.id}&perPage=100`,
  );
  const row = (rows.body.data as { id: number; worker: { name: string } }[]).find(
    (r) => r.id === sentBack,
  );
  expect(row, "the approved report is on the Approved tab").toBeTruthy();
  await page.goto(`/approvals?status=approved&job_id=${job.id}`);
  const disapprove = page
    .locator("tr:visible, li:visible")
    .filter({ hasText: row!.worker.name })
    .getByRole("button", { name: "Disapprove" })
    .first();
  const sendBack = page.getByRole("dialog", { name: "Disapprove hours" });
  await waitForHydration(disapprove);
  await disapprove.click();
  await expect(sendBack).toBeVisible();
  await sendBack.getByLabel("Comment to the worker (optional)").fill("Please check the break.");
  if (phone) await noSidewaysScroll(page);
  await shot(page, "send-back");
  await expectAccessible(page);
  await sendBack.getByRole("button", { name: "Disapprove" }).click();
  await expect(sendBack).toBeHidden();
  await expectToast(page, "Report Dissapproved!");
}
