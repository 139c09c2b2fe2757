import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectToast } from "./support/page";

/** A date some days ahead, YYYY-MM-DD (typed into the date picker as DD/MM/YYYY). */
function isoDaysAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");

async function createJob(page: Page, name: string) {
  await page.goto("/jobs/create");
  await page.getByLabel("Job name").fill(name);
  await page.getByLabel("Company").selectOption({ label: "Nordlys Events" });
  await expect(page.getByLabel("Country")).toHaveValue(/\d+/);
  await page.getByLabel("Date of the new shift").fill(ddmmyyyy(isoDaysAhead(10)));
  await page.getByRole("button", { name: "Add shift" }).click();
  const first = page.getByRole("group", { name: "Shift 1" });
  await first.getByLabel("Skill", { exact: true }).selectOption({ label: "Stagehand" });
  await first.getByLabel("Positions", { exact: true }).fill("2");
  await first.getByRole("button", { name: "Add slot" }).click();
  await expect(first.getByRole("spinbutton", { name: "Positions for Stagehand" })).toHaveValue("2");
  // The second shift copies the first one's times and slots, on the next day.
  await page.getByRole("button", { name: "Add shift" }).click();
  await expect(
    page
      .getByRole("group", { name: "Shift 2" })
      .getByRole("spinbutton", { name: "Positions for Stagehand" }),
  ).toHaveValue("2");
  await page.getByRole("button", { name: "Create job" }).click();
  await expectToast(page, "Job created successfully!");
  await expect(page).toHaveURL(/\/jobs\/\d+\/shifts$/);
  return Number(/\/jobs\/(\d+)\//.exec(page.url())![1]);
}

test("a PM creates a job, edits its shifts, keeps notes, and reuses it as a template", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Saving without shifts is refused in place, once: no banner, no toast repeating it.
  const pageErrors: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  await page.goto("/jobs/create");
  // One form, the server's, hydrated: a form drawn again from scratch on the client (ids
  // "_r_…") meant something above the page changed while it still streamed, and for a moment
  // the page held two (components/realtime/use-realtime.tsx).
  const jobName = page.getByLabel("Job name");
  await expect(jobName).toHaveCount(1);
  await expect(jobName).toHaveAttribute("id", /^_R_/);
  await jobName.fill("Nothing planned");
  await page.getByLabel("Company").selectOption({ label: "Nordlys Events" });
  await page.getByRole("button", { name: "Create job" }).click();
  await expect(page.getByText("Add at least one shift")).toHaveCount(1);
  await expect(page.getByLabel("Date of the new shift")).toBeFocused();
  await expect(page.getByText("Please enter valid shifts")).toHaveCount(0);
  // A hydration mismatch (a clock read while rendering, say) is reported as a page error.
  expect(pageErrors).toEqual([]);

  const name = `E2E gala ${Date.now()}`;
  const jobId = await createJob(page, name);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  const shifts = page.getByRole("list", { name: "Shifts" }).locator(":scope > li");
  await expect(shifts).toHaveCount(2);
  await expect(shifts.first()).toContainText(`${ddmmyyyy(isoDaysAhead(10))} · 08:00–16:00`);

  // Edit: remove and undo, an overnight end, a duration.
  await page.getByRole("link", { name: "Edit job" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/edit$`));
  const s1 = page.getByRole("group", { name: "Shift 1" });
  const s2 = page.getByRole("group", { name: "Shift 2" });
  await s2.getByRole("button", { name: "Remove shift" }).click();
  await expect(s2.getByText("Will be removed")).toBeVisible();
  await s2.getByRole("button", { name: "Undo remove" }).click();
  await expect(s2.getByText("Will be removed")).toHaveCount(0);
  await s1.getByLabel("Start", { exact: true }).fill("22:00");
  await s1.getByLabel("End", { exact: true }).fill("4");
  await s1.getByLabel("End", { exact: true }).press("Tab");
  await expect(s1.getByLabel("End", { exact: true })).toHaveValue("04:00");
  await expect(s1.getByText("+1 day")).toBeVisible();
  await expect(s1.getByLabel("Hours")).toHaveValue("6");
  await s2.getByLabel("Hours").fill("10");
  await expect(s2.getByLabel("End", { exact: true })).toHaveValue("18:00");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expectToast(page, "Job successfully updated!");
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/shifts$`));
  await expect(shifts.first()).toContainText("22:00–04:00");
  await expect(shifts.first()).toContainText("(+1 day)");
  await expect(shifts.nth(1)).toContainText("08:00–18:00");

  // Notes: add, pin; pinned notes come first.
  await page.getByRole("link", { name: "Job notes" }).click();
  await page.getByLabel("New note").fill("First note");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Note added")).toBeVisible();
  await page.getByLabel("New note").fill("Gate 4, code 1234");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("list", { name: "Notes" }).getByRole("listitem")).toHaveCount(2);
  const older = page
    .getByRole("list", { name: "Notes" })
    .getByRole("listitem")
    .filter({ hasText: "First note" });
  await older.getByRole("button", { name: "Pin" }).click();
  await expect(
    page.getByRole("list", { name: "Notes" }).getByRole("listitem").first(),
  ).toContainText("First note");
  await expect(
    page.getByRole("list", { name: "Notes" }).getByRole("listitem").first(),
  ).toContainText("Pinned");

  // Save it as a template, drop a shift there, and build a new job from it.
  await page.getByRole("link", { name: "Shifts" }).click();
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("menuitem", { name: "Save as template" }).click();
  const templateName = `${name} template`;
  await page.getByLabel("Template name").fill(templateName);
  await page.getByRole("dialog").getByRole("button", { name: "Save template" }).click();
  await expectToast(page, `Job template ${templateName} created`);
  await page.getByRole("link", { name: "Open the template" }).click();
  await expect(page).toHaveURL(/\/jobs\/templates\/\d+$/);
  const tShifts = page.getByRole("list", { name: "Template shifts" }).locator(":scope > li");
  await expect(tShifts).toHaveCount(2);
  await expect(tShifts.first()).toContainText("+1 day");
  await page
    .getByRole("group", { name: "Shift 1" })
    .getByRole("button", { name: /Remove shift/ })
    .click();
  await expect(tShifts).toHaveCount(1);
  // The remaining shift is renumbered to 1.
  await expect(page.getByRole("group", { name: "Shift 1" })).toContainText("08:00 – 18:00");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Job template edited successfully");
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  await page.getByLabel("Date of the first shift").fill(ddmmyyyy(isoDaysAhead(20)));
  await expect(page.getByLabel("Date of the first shift")).toHaveValue(ddmmyyyy(isoDaysAhead(20)));
  await page.getByLabel("Job name").fill(`${name} again`);
  await page.getByRole("button", { name: "Create job" }).click();
  await expectToast(page, "Job created successfully!");
  await expect(page).toHaveURL(/\/jobs\/\d+(\/shifts)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${name} again`);
  const fromTemplate = page.getByRole("list", { name: "Shifts" }).locator(":scope > li");
  await expect(fromTemplate).toHaveCount(1);
  await expect(fromTemplate.first()).toContainText(`${ddmmyyyy(isoDaysAhead(20))} · 08:00–18:00`);
  // Nobody applied yet: the PM deletes that job from its page (More → Delete), after a question.
  await page.getByRole("button", { name: "More", exact: true }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const remove = page.getByRole("dialog", { name: "Delete this job?" });
  await remove.getByRole("button", { name: "Delete job" }).click();
  await expectToast(page, "Job deleted successfully");
  await expect(page).toHaveURL(/\/jobs$/);

  // The job is on the upcoming list with its fill figure.
  await page.goto(`/jobs?search=${encodeURIComponent(name)}`);
  // The row's name starts with its "Select" box (the roster download) when the viewer may use it.
  const row = page.getByRole("row", { name: new RegExp(`${name} Nordlys`) });
  await expect(row).toContainText("0/4");

  // The template is deleted from the templates list (its jobs stay).
  await page.goto(`/jobs/templates?name=${encodeURIComponent(templateName)}`);
  await page.getByRole("button", { name: `Delete ${templateName}`, exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this template?" });
  await confirm.getByRole("button", { name: "Delete template" }).click();
  await expectToast(page, "Record deleted");
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("link", { name: templateName, exact: true })).toHaveCount(0);
});

test("a worker is sent away from the jobs screens", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard$/);
  for (const [path, code] of [
    ["/jobs", "jobs"],
    ["/jobs/create", "jobs-create"],
    ["/jobs/1/edit", "jobs-edit"],
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/my-dashboard\\?denied=${code}$`));
  }
});

test("a client contact sees only its own company's jobs", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.col);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/jobs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jobs");
  const headers = await page.getByRole("columnheader").allTextContents();
  const column = headers.findIndex((h) => h.trim() === "Company") + 1;
  expect(column).toBeGreaterThan(0);
  const companies = await page
    .getByRole("row")
    .locator(`td:nth-child(${column})`)
    .allTextContents();
  expect(companies.length).toBeGreaterThan(0);
  expect(new Set(companies)).toEqual(new Set(["Nordlys Events"]));
});
