import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { pdfTextOf } from "../lib/services/pdf/read.test-support";
import { ACCOUNTS } from "./support/auth";
import { expectAccessible, noSidewaysScroll, signedIn } from "./support/page";

/** With SHOTS_DIR set, a screenshot of the moment, named by the viewport width. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: `${dir}/${page.viewportSize()?.width ?? 0}-worker-pay-${name}.png`,
    fullPage: true,
  });
}

/** The page at 1280 and at 390 px: it fits both, with a screenshot of each. */
async function atBothWidths(page: Page, name: string) {
  await noSidewaysScroll(page);
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await shot(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The demo seed pays the month before last for William Berg (seed/build/salary.ts).
test("the worker downloads its pay slip on its payment tab and sees its unpaid earnings on its dashboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, ACCOUNTS.worker);

  await page.goto("/users/me/payment");
  await expect(page).toHaveURL(/\/users\/\d+\/payment$/);
  const slips = page.getByRole("list", { name: "Pay slips" });
  const latest = slips.getByRole("listitem").first();
  await expect(latest).toContainText(/Paid \d{2}\/\d{2}\/\d{4}/);
  const period = (await latest.locator("p").first().innerText()).trim();
  expect(period).toMatch(/^[A-Z][a-z]+ \d{4}$/);
  await expectAccessible(page);
  await atBothWidths(page, "payment-tab");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    latest.getByRole("link", { name: `Download PDF of the pay slip for ${period}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Pay slip ${period} - William Berg.pdf`);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const text = await pdfTextOf(new Uint8Array(bytes));
  expect(text).toContain("William Berg");
  expect(text).toContain(period);

  await page.goto("/my-dashboard");
  const card = page.getByRole("region", { name: "Earnings" });
  await expect(card).toContainText("Unpaid (approved hours)");
  // The seed leaves last month's approved hours unpaid: an amount and its hours.
  await expect(card).toContainText(/\d[\d,]*\.\d{2} [A-Z]{3}/);
  await expect(card).toContainText(/\d+(\.\d+)? h · \d+ shifts?/);
  await expect(card).toContainText(period);
  await expect(card.getByRole("link", { name: /Download PDF/ })).toBeVisible();
  await atBothWidths(page, "dashboard");
});
