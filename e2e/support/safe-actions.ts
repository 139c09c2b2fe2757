import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./auth";
import { api, apiToken, copenhagen } from "./api";
import { expectNoSerious } from "./page";

const HOUR = 3_600_000;

/** Waits for fade-ins first; this journey's toasts are checked too, once settled. */
async function expectNoSeriousViolations(page: Page) {
  await expectNoSerious(page, { settle: true });
}

/** With SHOTS_DIR set, a screenshot of the moment, named by the viewport width. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${page.viewportSize()?.width ?? 0}-${name}.png` });
}

/**
 * A published job `daysAhead` days from now (08:00–16:00 Copenhagen) with one two-position slot
 * of the seeded worker's first skill, and a free worker booked on it, all through the REST API.
 */
async function jobWithBookedWorker(request: APIRequestContext, name: string, daysAhead: number) {
  const pm = await apiToken(request, ACCOUNTS.pm);
  const countries = await api(request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const william = (await api(request, pm, "GET", "bookable-users?username=William%20Berg")).body
    .data[0];
  const skill = william.skills[0] as { id: number; name: string };
  const at = new Date(Date.now() + daysAhead * 24 * HOUR);
  at.setUTCHours(7, 0, 0, 0);
  const start = copenhagen(at);
  const created = await api(request, pm, "POST", "jobs", {
    name,
    company_id: companies.body.data[0].id,
    country_id: dk.id,
    shifts: [
      {
        startDate: start.date,
        start: start.time,
        endHour: copenhagen(new Date(at.getTime() + 8 * HOUR)).time,
        slots: [{ skill_id: skill.id, qty: 2 }],
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
    `bookable-users?perPage=50&skill=${skill.id}&shiftIds=${shift.id}`,
  );
  const free = (candidates.body.data as { id: number; name: string; conflicts: unknown[] }[]).find(
    (u) => u.conflicts.length === 0 && u.id !== william.id,
  );
  expect(free, "a worker with the skill who is free then").toBeTruthy();
  const booked = await api(request, pm, "POST", "applications", {
    assignee_id: free!.id,
    shiftIds: [shift.id],
    shift_slots: [shift.shift_slots[0].id],
    status: "Booked",
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return { jobId: job.id, skill, worker: free! };
}

/**
 * Issue 9 "Done when": the PM removes a booked worker, confirms (choosing to tell them by
 * e-mail), then undoes it from the toast, and the worker is back as Booked. On the way axe
 * checks the Book tab with the remove dialog and the Book dialog open, and the Book dialog
 * shows Book disabled, with the reason, for the worker already on the shift.
 */
export async function removeConfirmUndo(
  page: Page,
  request: APIRequestContext,
  daysAhead: number,
  opts: { askDraft?: boolean } = {},
) {
  const stamp = Date.now().toString(36);
  const { jobId, skill, worker } = await jobWithBookedWorker(
    request,
    `E2E Safe ${stamp}`,
    daysAhead,
  );

  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/jobs/${jobId}/book`);
  const slot = page.getByRole("region", { name: `${skill.name} on ` }).first();
  const row = slot.getByRole("listitem").filter({ hasText: worker.name });
  await expect(row).toContainText("Booked");
  await expect(slot).toContainText("1/2");

  // The Book dialog: the booked worker cannot be booked again, and says why.
  await expect(async () => {
    await slot.getByRole("button", { name: "Add worker" }).click();
    await expect(page.getByRole("dialog", { name: /^Book / })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const dialog = page.getByRole("dialog", { name: /^Book / });
  await dialog.getByLabel("Name").fill(worker.name);
  await dialog.getByRole("button", { name: "Search" }).click();
  const result = dialog.getByRole("listitem").filter({ hasText: worker.name });
  await expect(
    result.getByRole("button", { name: `Book ${worker.name}`, exact: true }),
  ).toBeDisabled();
  await expect(result).toContainText("Already Booked on this shift");
  await shot(page, "book-dialog");
  await expectNoSeriousViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Remove asks first.
  await row.getByRole("button", { name: `Remove ${worker.name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Remove ${worker.name}?` });
  await expect(confirm).toContainText(`${worker.name} is Booked on ${skill.name} on`);
  await shot(page, "remove-dialog");
  await expectNoSeriousViolations(page);
  // "Keep" leaves the worker where they were.
  await confirm.getByRole("button", { name: "Keep" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Booked");

  await row.getByRole("button", { name: `Remove ${worker.name}` }).click();
  await confirm.getByLabel("Notify the worker by e-mail").check();
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(confirm).toBeHidden();
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ hasText: `${worker.name} removed from` });
  await expect(toast).toBeVisible();
  await shot(page, "undo-toast");
  await expect(slot).toContainText("0/2");
  await expect(slot).not.toContainText(worker.name);

  // Undo in the toast: the worker is back as Booked.
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText(`${worker.name} back on`)).toBeVisible();
  await expect(slot.getByRole("listitem").filter({ hasText: worker.name })).toContainText("Booked");
  await expect(slot).toContainText("1/2");
  await shot(page, "undone");

  if (!opts.askDraft) return;
  // Back to Draft with crew booked asks first, with the count from the server.
  await page.getByLabel("Change status").selectOption("Draft");
  const draft = page.getByRole("alertdialog", { name: "Set this job back to Draft?" });
  await expect(draft).toContainText("1 person is booked on this job.");
  await shot(page, "draft-confirm");
  await expectNoSeriousViolations(page);
  await draft.getByRole("button", { name: "Keep it published" }).click();
  await expect(draft).toBeHidden();
}
