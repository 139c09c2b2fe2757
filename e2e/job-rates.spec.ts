import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken } from "./support/api";
import { expectAccessible, signedIn, noSidewaysScroll, expectToast } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;
// A past Nordlys job: Stagehand and Sound technician priced on the Copenhagen card, Steward not.
const JOB = "Royal Arena symphony night";

async function jobId(page: Page): Promise<number> {
  const token = await apiToken(page.request, ACCOUNTS.admin);
  const res = await api(
    page.request,
    token,
    "GET",
    `jobs?past=1&filter[search]=${encodeURIComponent(JOB)}`,
  );
  expect(res.status).toBe(200);
  const job = (res.body.data as { id: number; name: string }[]).find((j) => j.name === JOB);
  expect(job, JOB).toBeTruthy();
  return job!.id;
}

test("a PM changes a job's client rate, saves, and finds it after a reload; the worker rates tab", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedIn(page, ACCOUNTS.pm);
  const id = await jobId(page);

  await page.goto(`/jobs/${id}/shifts`);
  await page.getByRole("link", { name: "Client rates" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${id}/client-rates$`));
  await expect(page.getByRole("heading", { name: "Client rates", exact: true })).toBeVisible();
  await expect(page.getByText("These rates belong to this job")).toBeVisible();
  await expect(
    page.getByText(/copied from the client's card at Copenhagen on \d\d\/\d\d\/\d{4}/),
  ).toBeVisible();
  const standard = page.getByLabel("Standard price for Stagehand", { exact: true });
  await expect(standard).toHaveValue("325.00");
  await expect(page.getByRole("columnheader", { name: /Standard price\s*\(DKK\)/ })).toBeVisible();
  await expect(page.getByText("No rate: the client's card has none for this skill")).toBeVisible();
  await expectAccessible(page);

  // A bad amount is marked on its cell.
  await standard.fill("abc");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Enter an amount such as 250.00.")).toBeVisible();
  await standard.fill("349.50");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Record updated successfully");
  await page.reload();
  await expect(page.getByLabel("Standard price for Stagehand", { exact: true })).toHaveValue(
    "349.50",
  );
  await expect(
    // The job's first shift moves with the seed's dates: on a weekday the new standard price
    // prices it (8 × 349.50), on a weekend or holiday that band's price does.
    page
      .getByText(
        /This job's rate · 8 h (standard = 2,796\.00|weekend = [\d,]+\.\d\d|holiday = [\d,]+\.\d\d) DKK/,
      )
      .first(),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-client-rates-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByLabel("Standard price for Stagehand", { exact: true })).toBeVisible();
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-client-rates-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Put the demo price back (the card is 325.00).
  await page.getByLabel("Standard price for Stagehand", { exact: true }).fill("325.00");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Record updated successfully");

  await page.getByRole("link", { name: "Worker rates" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${id}/worker-rates$`));
  await expect(page.getByRole("heading", { name: "Worker rates", exact: true })).toBeVisible();
  await expect(page.getByText(/copied from the worker rate card at Copenhagen/)).toBeVisible();
  const first = page.getByLabel(/^Standard pay for Stagehand · /).nth(1);
  await expect(first).not.toHaveValue("");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-worker-rates-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-worker-rates-390.png`, fullPage: true });
});

test("a crew handler has no rate tabs on a job and is sent away from their address", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page, ACCOUNTS.handler);
  const id = await jobId(page);
  await page.goto(`/jobs/${id}/shifts`);
  await expect(page.getByRole("navigation", { name: "Job sections" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Client rates" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Worker rates" })).toHaveCount(0);
  await page.goto(`/jobs/${id}/client-rates`);
  await expect(page).toHaveURL(/\/dashboard\?denied=jobs-client-rates$/);
});
