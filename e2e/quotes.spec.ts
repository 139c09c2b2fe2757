import fs from "node:fs";
import path from "node:path";
import { devices, expect, test, type Page } from "@playwright/test";
import { pdfTextOf } from "../lib/services/pdf/read.test-support";
import { ACCOUNTS, acceptCookies, signIn } from "./support/auth";
import { expectAccessible, expectToast, noSidewaysScroll, signedIn } from "./support/page";

/**
 * Quotes (issue 24), one journey: a PM builds a quote with an overnight line (the live total
 * shows the night hours), saves it, downloads the PDF and reads it, sends it; the client
 * contact opens it on its phone and accepts it with a comment; the PM turns it into a job and
 * lands on the Draft job.
 */
const SHOTS = process.env.SHOTS_DIR;
if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });

/** A screenshot at the page's width and, for the office's screens, at 390 px too. */
async function shot(page: Page, name: string, phoneToo = true) {
  if (!SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  if (!phoneToo) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

function ddmmyyyyDaysAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10).split("-").reverse().join("/");
}

test("a PM quotes overnight work, the client accepts it on its phone, the PM makes it a job", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Harbour night build ${Date.now()}`;

  // The PM makes the quote.
  await signedIn(page, ACCOUNTS.pm);
  await page.goto("/job-quotes");
  await expect(page.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  await shot(page, "quotes-list");
  await page.getByRole("link", { name: "New quote" }).first().click();
  await expect(page).toHaveURL(/\/create-quote$/);
  await page.getByLabel(/^Client\*?$/).selectOption({ label: "Nordlys Events" });
  await expect(page.getByLabel(/^Branch\*?$/)).toHaveValue(/\d+/);
  await page.getByLabel(/^Name\*?$/).fill(name);
  await page.getByLabel(/^Valid until\*?$/).fill(ddmmyyyyDaysAhead(30));
  await page.getByLabel(/^Valid until\*?$/).press("Tab");
  const line = page.getByRole("group", { name: "Line 1" });
  await line.getByLabel("Date", { exact: true }).fill(ddmmyyyyDaysAhead(12));
  await line.getByLabel("Date", { exact: true }).press("Tab");
  await line.getByLabel("Start", { exact: true }).fill("20:00");
  await line.getByLabel("Start", { exact: true }).press("Tab");
  await line.getByLabel("End", { exact: true }).fill("04:00");
  await line.getByLabel("End", { exact: true }).press("Tab");
  await expect(line.getByText("Ends next day").first()).toBeVisible();
  await line.getByLabel("Skill", { exact: true }).selectOption({ label: "Stagehand" });
  await line.getByLabel("Positions", { exact: true }).fill("2");

  // The live total: the line's band split with night hours, and a total in DKK.
  await expect(line.getByTestId("line-split")).toContainText("night");
  const total = page.getByTestId("preview-total");
  await expect(total).toHaveText(/^[\d,]+\.\d{2} DKK$/);
  const liveTotal = (await total.textContent())!;
  await expectAccessible(page);
  await shot(page, "quote-form");

  await page.getByRole("button", { name: "Create quote" }).click();
  await expect(page).toHaveURL(/\/job-quotes\/\d+$/, { timeout: 20_000 });
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText(/Q-\d{4}-\d{4}/);
  const number = (await heading.textContent())!.match(/Q-\d{4}-\d{4}(-R\d+)?/)![0];
  await expectToast(page, `Quote ${number} saved`);
  await expect(heading).toContainText("Draft");
  await expect(page.getByTestId("quote-total")).toHaveText(liveTotal);
  await expect(page.getByTestId("quote-line")).toContainText("ends next day");
  const quoteUrl = page.url();

  // The PDF: the number, the client and the total, as text.
  const href = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const text = await pdfTextOf(await pdf.body());
  expect(text).toContain(number);
  expect(text).toContain("Nordlys Events");
  expect(text).toContain(liveTotal);

  // Sent to the client.
  await page.getByRole("button", { name: "Send to client" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send quote" }).click();
  await expectToast(page, `Quote ${number} sent to Nordlys Events.`);
  await expect(heading).toContainText("Sent");
  await shot(page, "quote-view-office");

  // The client contact, on its phone, finds it under Quotes and accepts it.
  const phone = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
  });
  const col = await phone.newPage();
  await acceptCookies(col);
  await signIn(col, ACCOUNTS.col);
  await expect(col).toHaveURL(/\/(my-)?dashboard$/, { timeout: 30_000 });
  await col.goto("/job-quotes");
  await expect(col.getByRole("heading", { level: 1, name: "Quotes" })).toBeVisible();
  await noSidewaysScroll(col);
  await shot(col, "quotes-list-client", false);
  await col.getByRole("link", { name: number, exact: true }).click();
  await expect(col.getByRole("heading", { level: 1 })).toContainText("Sent");
  await expect(col.getByRole("link", { name: /Edit/ })).toHaveCount(0);
  await noSidewaysScroll(col);
  await shot(col, "quote-view-client", false);
  await expectAccessible(col);
  await col.getByRole("button", { name: "Accept", exact: true }).click();
  const dialog = col.getByRole("dialog");
  await dialog.getByLabel("Comment for the agency (optional)").fill("Looks good, go ahead.");
  await dialog.getByRole("button", { name: "Accept quote" }).click();
  await expectToast(col, `Quote ${number} accepted.`);
  await expect(col.getByRole("heading", { level: 1 })).toContainText("Accepted");
  await expect(col.getByText("Comment: Looks good, go ahead.")).toBeVisible();
  // Another id, or the office's form, stays closed to the client contact.
  expect((await col.goto("/job-quotes/99999999"))?.status()).toBe(404);
  await col.goto(`/edit-quote/${quoteUrl.split("/").pop()}`);
  await expect(col).toHaveURL(/\/dashboard\?denied=edit-quote$/);
  await phone.close();

  // The PM turns it into a job and lands on it, in Draft.
  await page.goto(quoteUrl);
  await expect(heading).toContainText("Accepted");
  await page.getByRole("button", { name: "Convert to job" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Make job" }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+\/shifts$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft");
});
