import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken } from "./support/api";
import { expectAccessible, expectToast, noSidewaysScroll, signedIn } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;
// A demo job of Svea Arena AB whose every booked place is approved; no other journey uses it.
const JOB = "Svea Home & Garden Expo";
const COMPANY = "Svea Arena AB";

async function jobIdByName(page: Page, token: string, name: string): Promise<number> {
  const res = await api(
    page.request,
    token,
    "GET",
    `jobs?past=1&filter[search]=${encodeURIComponent(name)}`,
  );
  expect(res.status).toBe(200);
  const job = (res.body.data as { id: number; name: string }[]).find((j) => j.name === name);
  expect(job, name).toBeTruthy();
  return job!.id;
}

/** The rows of the report's sheet, each as its cell values. */
async function reportRows(file: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.getWorksheet("Report")!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test("an office user invoices an approved job, downloads its report and marks it paid", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.pm);
  const token = await apiToken(page.request, ACCOUNTS.pm);
  const id = await jobIdByName(page, token, JOB);
  await page.goto(`/jobs/${id}/shifts`);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toContainText("Approved");

  // The report: named <first day>_<company>_<job name>.xlsx, its totals per currency.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download report" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2}_${COMPANY}_Svea Home & Garden Expo\\.xlsx$`),
  );
  const rows = await reportRows(await download.path());
  expect(rows.find((r) => r[0] === "Client")).toEqual(["Client", COMPANY]);
  expect(rows.find((r) => r[0] === "Date")?.[11]).toBe("Amount (SEK)");
  const total = rows.find((r) => r[0] === "Total" && r[1] === "SEK");
  expect(total, "a SEK total row").toBeTruthy();
  expect(total![2] as number).toBeGreaterThan(0);
  // The total is the sum of the lines (no additional costs on this job).
  const lines = rows.filter((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(String(r[0])));
  expect(lines.length).toBeGreaterThan(0);
  const sum = lines.reduce((s, r) => s + Math.round((r[11] as number) * 100), 0);
  expect(Math.round((total![3] as number) * 100)).toBe(sum);

  // Invoiced asks for the invoice reference, in place.
  await page.getByLabel("Change status").selectOption("Invoiced");
  const dialog = page.getByRole("dialog", { name: "Mark as invoiced" });
  await expect(dialog).toBeVisible();
  // The demo jobs carry the client's PO number: the field starts with it.
  const reference = dialog.getByLabel("Invoice reference");
  await expect(reference).not.toHaveValue("");
  await reference.fill("");
  await dialog.getByRole("button", { name: "Mark as invoiced" }).click();
  await expect(dialog.getByText("Please give the invoice reference.")).toBeVisible();
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-invoice-dialog-1280.png` });
  await reference.fill("INV-2026-0042");
  await dialog.getByRole("button", { name: "Mark as invoiced" }).click();
  await expectToast(page, "Status changed to Invoiced");
  await expect(title).toContainText("Invoiced");
  await expect(dialog).toBeHidden();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-invoiced-1280.png`, fullPage: true });

  await expect(page.getByText("Invoice reference: INV-2026-0042")).toBeVisible();

  // On a phone: the ⋯ menu marks it paid.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(title).toContainText("Invoiced");
  await noSidewaysScroll(page);
  await page.getByRole("button", { name: "Job actions" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Download report" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Reopen as Approved" })).toBeVisible();
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-invoice-menu-390.png` });
  await menu.getByRole("menuitem", { name: "Paid" }).click();
  await expectToast(page, "Status changed to Paid");
  await expect(title).toContainText("Paid");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-paid-390.png`, fullPage: true });
});

test("a job without approved hours says there is no report", async ({ page }) => {
  await signedIn(page, ACCOUNTS.pm);
  const token = await apiToken(page.request, ACCOUNTS.pm);
  const res = await api(page.request, token, "GET", "jobs?perPage=50");
  let id: number | undefined;
  for (const job of res.body.data as { id: number }[]) {
    const r = await page.request.get(`/api/v2/jobs/${job.id}/report`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (r.status() === 404) {
      expect((await r.json()).type).toBe("ERR.NO_REPORTS_FOR_JOB");
      id = job.id;
      break;
    }
  }
  expect(id, "a job with no approved hours").toBeDefined();
  await page.goto(`/jobs/${id}/shifts`);
  await page.getByRole("button", { name: "Download report" }).click();
  await expectToast(page, "No reports for requested job");
});
