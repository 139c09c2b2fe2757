import fs from "node:fs";
import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken } from "./support/api";
import { expectAccessible, expectToast, noSidewaysScroll, signedIn } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;

interface JobRow {
  id: number;
  name: string;
  filled: number;
  company: { id: number; name: string };
}

test("the PM downloads a job's crew roster; a client's empty range has no data", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.pm);
  const token = await apiToken(page.request, ACCOUNTS.pm);
  // An upcoming demo job with crew on it (read only: nothing here changes the data).
  const res = await api(page.request, token, "GET", "jobs?perPage=50");
  expect(res.status).toBe(200);
  const job = (res.body.data as JobRow[]).find((j) => j.filled > 0);
  expect(job, "an upcoming job with crew").toBeTruthy();

  // The job page: More → Download roster, the job's days, saved as Crew-roster.xlsx.
  await page.goto(`/jobs/${job!.id}/shifts`);
  await page.getByRole("button", { name: "More" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Download roster" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Crew-roster.xlsx");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  expect(wb.worksheets).toHaveLength(1);
  const ws = wb.worksheets[0];
  expect(ws.getCell("A1").value).toBe(job!.name);
  expect(ws.getCell("B2").value).toBe(job!.company.name);
  expect(ws.getCell("B9").value).toBe("Name");
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const worker = rows.find((r) => /^\d{2}\/\d{2}\/\d{4}$/.test(String(r[0])) && r[6] === "Booked");
  expect(worker, "a booked worker's row").toBeTruthy();
  expect(worker![4]).toMatch(/^\d{2}:\d{2}$/);

  // The jobs list: select a job, the dialog offers its days.
  await page.goto("/jobs");
  await page
    .getByRole("checkbox", { name: `Select ${job!.name}` })
    .first()
    .check();
  await expect(page.getByText("1 job selected")).toBeVisible();
  await page.getByRole("button", { name: "Download roster" }).click();
  const listDialog = page.getByRole("dialog", { name: "Download roster" });
  await expect(listDialog.getByRole("textbox", { name: "From", exact: true })).not.toHaveValue("");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-jobs-dialog-1280.png` });
  await listDialog.getByRole("button", { name: "Cancel" }).click();

  // The client's page: a range without shifts says so (spec §8's words).
  await page.goto(`/client/${job!.company.id}`);
  await page.getByRole("button", { name: "Download roster" }).click();
  const dialog = page.getByRole("dialog", { name: "Download roster" });
  await dialog.getByRole("textbox", { name: "From", exact: true }).fill("01/01/2020");
  await dialog.getByRole("textbox", { name: "To", exact: true }).fill("31/01/2020");
  await dialog.getByRole("button", { name: "Download" }).click();
  await expectToast(page, "No data found for the selected date range");
  await expect(dialog).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-client-empty-1280.png` });

  // On a phone: the client's button and the job's ⋯ menu, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await noSidewaysScroll(page);
  await page.getByRole("button", { name: "Download roster" }).click();
  await expect(page.getByRole("dialog", { name: "Download roster" })).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-client-dialog-390.png` });
  await page.goto(`/jobs/${job!.id}/shifts`);
  await page.getByRole("button", { name: "Job actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Download roster" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-job-menu-390.png` });
  await page.keyboard.press("Escape");
  await page.goto("/jobs");
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-jobs-390.png`, fullPage: true });
});
