import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { expectAccessible, noSidewaysScroll, signedIn } from "./support/page";

/**
 * Insights (issue 25), one journey: the owner reads last month's margin per client as a table
 * on /insights/earnings, then downloads the workers xlsx from /insights/workers and reads its
 * cells; both screens fit a phone.
 */
const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });

/** A screenshot at 1280 and one at 390 px (checking nothing scrolls sideways there). */
async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
}

const MONEY = /^-?\d{1,3}(,\d{3})*(\.\d+)? [A-Z]{3}$/;

test("the owner reads last month's margin per client and downloads the workers xlsx", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.admin);

  // The menu's one Insights entry; the earnings tab; last month from the period presets.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Insights", exact: true })
    .click();
  await expect(page).toHaveURL(/\/insights$/);
  await page
    .getByRole("navigation", { name: "Insights sections" })
    .getByRole("link", { name: "Earnings" })
    .click();
  await expect(page).toHaveURL(/\/insights\/earnings$/);
  await page.getByLabel("Period", { exact: true }).selectOption({ label: "Last month" });
  await expect(page).toHaveURL(/\/insights\/earnings\?period=last-month$/);

  // Client margins as a table: a client's margin, formatted in its currency.
  const margins = page.getByRole("region", { name: "Client margins" });
  await margins.getByRole("button", { name: "Show as table" }).click();
  const table = margins.getByRole("table");
  await expect(table).toBeVisible();
  const header = await table.getByRole("columnheader").allTextContents();
  expect(header[0]).toBe("Client");
  const marginColumn = header.findIndex((h) => h.startsWith("Margin ("));
  expect(marginColumn).toBeGreaterThan(0);
  const firstRow = table.getByRole("row").nth(1);
  await expect(firstRow.getByRole("rowheader")).not.toHaveText("");
  const margin = (await firstRow
    .getByRole("cell")
    .nth(marginColumn - 1)
    .textContent())!.trim();
  expect(margin).toMatch(MONEY);
  expect(margin.endsWith(header[marginColumn].slice(-4, -1))).toBe(true);
  await expectAccessible(page);
  await shot(page, "insights-earnings");

  // The workers tab keeps the period; the download is an xlsx named with the date.
  await page
    .getByRole("navigation", { name: "Insights sections" })
    .getByRole("link", { name: "Workers" })
    .click();
  await expect(page).toHaveURL(/\/insights\/workers\?period=last-month$/);
  await expect(page.getByRole("region", { name: "Top workers" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "insights-workers");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download workers (xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^Workers-statistics-\d{4}-\d{2}-\d{2}(-as-of-\d{2}-\d{2})?\.xlsx$/,
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0];
  const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map(String);
  const titles = cells(1);
  expect(titles.slice(0, 8)).toEqual([
    "Worker no.",
    "Name",
    "Email",
    "Phone",
    "Jobs",
    "Shifts",
    "Approved hours",
    "Pending hours",
  ]);
  const row = cells(2);
  expect(Number(row[0])).toBeGreaterThan(0);
  expect(row[1]).not.toBe("");
  expect(row[2]).toContain("@");
  expect(Number(row[4])).toBeGreaterThan(0);
  expect(Number(row[6]) + Number(row[7])).toBeGreaterThanOrEqual(0);
});
