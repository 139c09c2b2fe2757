import { expectToast } from "./support/page";
import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { api, apiToken, copenhagen } from "./support/api";
import { expectNoSeriousViolations } from "./support/profile";
import { DOCUMENT_PDF, shotDir } from "./support/documents";

test("a worker uploads a document and sees it pending", async ({ page }) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard/, { timeout: 30_000 });
  await page.goto("/users/me/my-documents");
  await expect(page).toHaveURL(/\/users\/\d+\/my-documents$/);
  // The seeded ID card expires this month: the header and the tab say so.
  await expect(page.getByRole("link", { name: /1 document expiring/ })).toBeVisible();
  await expect(page.getByText("Documents need attention")).toBeVisible();

  await page.getByLabel("Document type").selectOption({ label: "Work permit" });
  await page.getByLabel("Expiry date").fill("31/12/2030");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "work-permit.pdf",
    mimeType: "application/pdf",
    buffer: DOCUMENT_PDF,
  });
  await page.getByRole("button", { name: "Upload document" }).click();
  await expectToast(page, "Work permit uploaded");
  const card = page.getByRole("listitem").filter({ hasText: "work-permit.pdf" });
  await expect(card.getByText("Pending review")).toBeVisible();
  await expect(card.getByText("Valid until 31/12/2030")).toBeVisible();
  const download = await card
    .getByRole("link", { name: "Download Work permit" })
    .getAttribute("href");
  const res = await page.request.get(download!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain('filename="work-permit.pdf"');

  // A past date is refused in place.
  await page.getByLabel("Document type").selectOption({ label: "First-aid certificate" });
  await page.getByLabel("Expiry date").fill("01/01/2020");
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "first-aid.pdf",
    mimeType: "application/pdf",
    buffer: DOCUMENT_PDF,
  });
  await page.getByRole("button", { name: "Upload document" }).click();
  await expect(
    page.getByText("The expiry date must be today or a later date.").first(),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shotDir}/worker-my-documents-1280.png`, fullPage: true });

  // Another worker's documents do not exist for this one.
  const other = await page.request.get("/api/v2/documents?user_id=1");
  expect(other.status()).toBe(404);
});

test("the office sees the document types and creates one", async ({ page }) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Documents expiring" })).toBeVisible();
  await page.screenshot({ path: `${shotDir}/office-dashboard-1280.png`, fullPage: true });

  await page.goto("/document-types");
  await expect(page.getByRole("heading", { name: "Document types", level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: /^ID card\/passport/ })).toBeVisible();
  await expect(page.getByRole("table").getByText("Required for Freelancer")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "New document type" }).first().click();
  const dialog = page.getByRole("dialog", { name: "New document type" });
  await dialog.getByLabel("Name").fill("Security licence");
  await dialog.getByLabel("Required").check();
  await dialog
    .getByRole("group", { name: "Skills that need it" })
    .getByRole("checkbox", { name: "Security", exact: true })
    .check();
  await dialog.getByLabel("Has an expiry date").check();
  await dialog.getByLabel("Warning months").fill("2");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shotDir}/document-type-dialog-1280.png` });
  await dialog.getByRole("button", { name: "Create document type" }).click();
  await expectToast(page, "Document type Security licence created");
  const row = page.getByRole("row").filter({ hasText: "Security licence" });
  await expect(row.getByText("Required for every worker")).toBeVisible();
  await expect(row.getByText("Warn 2 months ahead")).toBeVisible();
  await page.screenshot({ path: `${shotDir}/document-types-1280.png`, fullPage: true });
});

test("the Book dialog warns about a document the slot's skill needs", async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiToken(request, ACCOUNTS.admin);
  const pm = await apiToken(request, ACCOUNTS.pm);
  const found = await api(request, pm, "GET", "bookable-users?username=William%20Berg");
  const william = found.body.data[0] as { skills: { id: number; name: string }[] };
  const skill = william.skills[0];
  const type = await api(request, admin, "POST", "document-types", {
    name: "Stage pass",
    skill_ids: [skill.id],
  });
  expect(type.status).toBe(201);
  const countries = await api(request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const start = copenhagen(new Date(Date.now() + 9 * 24 * 3_600_000));
  const job = await api(request, pm, "POST", "jobs", {
    name: "Documents check gala",
    is_past: false,
    company_id: companies.body.data[0].id,
    country_id: dk.id,
    shifts: [
      {
        startDate: start.date,
        start: "10:00",
        endHour: "14:00",
        slots: [{ skill_id: skill.id, qty: 2 }],
      },
    ],
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);

  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto(`/jobs/${job.body.data.id}/book`);
  const slot = page.getByRole("region", { name: `${skill.name} on ` }).first();
  await slot.getByRole("button", { name: "Add worker" }).click();
  const dialog = page.getByRole("dialog", { name: /^Book / });
  await dialog.getByLabel("Name").fill("William Berg");
  await dialog.getByRole("button", { name: "Search" }).click();
  // Scoped to William's row: until the search answers, the dialog lists every bookable worker.
  const row = dialog.getByRole("listitem").filter({ hasText: "William Berg" });
  await expect(row.getByText(`No valid Stage pass for ${skill.name}`)).toBeVisible();
  // A warning, not a block: Book stays available.
  await expect(
    dialog.getByRole("button", { name: "Book William Berg", exact: true }),
  ).toBeEnabled();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shotDir}/book-dialog-warning-1280.png` });
});
