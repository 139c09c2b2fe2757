import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken } from "./support/api";
import { expectAccessible, signedIn } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;
// A demo job with rate cards for all its skills, booked and approved crew, and four additional
// costs: a van 4,500.00 + parking 8 × 120.00 + hoists 4 × 950.00 + catering 24 × 95.00.
const JOB = "Nordic Tech Summit – build and get-out";
const COSTS = "11,540.00 DKK";

async function jobId(page: Page): Promise<number> {
  const token = await apiToken(page.request, ACCOUNTS.admin);
  const res = await api(
    page.request,
    token,
    "GET",
    `jobs?past=1&filter[search]=Nordic%20Tech%20Summit`,
  );
  expect(res.status).toBe(200);
  const job = (res.body.data as { id: number; name: string }[]).find((j) => j.name === JOB);
  expect(job, JOB).toBeTruthy();
  return job!.id;
}

/** "56,850.00 DKK" → 5685000 minor units (a leading minus kept). */
const minor = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, "")) * 100);

/** The figure of a summary card ("Revenue", "Margin"). */
const card = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Planned summary" })
    .locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

test("a PM sees the job's projection, and its margin adds up by hand", async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.pm);
  const id = await jobId(page);

  await page.goto(`/jobs/${id}/shifts`);
  await page.getByRole("link", { name: "Job projection" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${id}/job-projection$`));
  await expect(page.getByRole("heading", { name: "Job projection" })).toBeVisible();
  await expect(card(page, "Additional costs")).toHaveText(COSTS);

  // Margin = revenue − worker cost − additional costs, to the øre, and its percentage.
  const revenue = minor(await card(page, "Revenue").innerText());
  const cost = minor(await card(page, "Worker cost").innerText());
  const margin = minor(await card(page, "Margin").innerText());
  expect(revenue).toBeGreaterThan(0);
  expect(cost).toBeGreaterThan(0);
  expect(margin).toBe(revenue - cost - minor(COSTS));
  await expect(page.getByRole("region", { name: "Planned summary" })).toContainText(
    `${(Math.round((margin * 1000) / revenue) / 10).toFixed(1)} % of revenue`,
  );

  // The same figures over REST.
  const token = await apiToken(page.request, ACCOUNTS.pm);
  const res = await api(page.request, token, "GET", `jobs/${id}/projection`);
  expect(res.status).toBe(200);
  expect(res.body.data.totals.planned).toMatchObject({
    revenue,
    worker_cost: cost,
    additional_costs: minor(COSTS),
    margin,
  });

  // Per shift: date and time, the band split, and a totals row.
  const shifts = page.getByRole("table", { name: /Each shift/ });
  const rows = shifts.locator("tbody tr");
  await expect(rows).toHaveCount(res.body.data.shifts.length);
  await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} – \d{2}:\d{2}/);
  await expect(rows.first()).toContainText(/\d+ h( \d+ min)? (standard|weekend|night)/);
  await expect(shifts.locator("tfoot")).toContainText("Total");
  const stages = page.getByRole("table", { name: "The job at each stage" });
  for (const label of ["Hours", "Revenue", "Worker cost", "Additional costs", "Margin"])
    await expect(stages.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-projection-1280.png`, fullPage: true });

  // Phone width: the cards stack, the tables scroll inside their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card(page, "Additional costs")).toHaveText(COSTS);
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wide).toBe(false);
  // One card per shift and a total card, its margin the one of the summary.
  const total = page.locator("li").filter({ hasText: "Margin after additional costs" });
  await expect(total).toHaveCount(1);
  await expect(
    total.locator(
      `xpath=.//dt[normalize-space()="Margin after additional costs"]/following-sibling::dd[1]`,
    ),
  ).toHaveText(await card(page, "Margin").innerText());
  // The stages as four cards that fit, approved included, with the figures of the API.
  const stageCards = page
    .getByRole("list", { name: "The job at each stage" })
    .getByRole("listitem");
  await expect(stageCards).toHaveCount(4);
  const approved = stageCards.filter({ hasText: "Approved" });
  const box = await approved.boundingBox();
  expect(box!.x + box!.width, "the Approved card fits the phone's width").toBeLessThanOrEqual(390);
  await expect(
    approved.locator(`xpath=.//dt[normalize-space()="Margin"]/following-sibling::dd[1]`),
  ).toHaveText(
    new RegExp(
      `^${(res.body.data.totals.approved.margin / 100).toLocaleString("en-US", { minimumFractionDigits: 2 }).replace(/[.,]/g, "\\$&")} DKK$`,
    ),
  );
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-projection-390.png`, fullPage: true });
});

test("a job with missing rates names them and links to the client's rate card", async ({
  page,
}) => {
  await signedIn(page, ACCOUNTS.pm);
  const token = await apiToken(page.request, ACCOUNTS.pm);
  const res = await api(page.request, token, "GET", "jobs?perPage=50");
  let found: { id: number; message: string } | undefined;
  for (const { id } of res.body.data as { id: number }[]) {
    const p = await api(page.request, token, "GET", `jobs/${id}/projection`);
    const client = (p.body.data?.missing_rates ?? []).find(
      (m: { kind: string }) => m.kind === "client",
    );
    if (client) {
      found = { id, message: client.message };
      break;
    }
  }
  expect(found).toBeDefined();
  await page.goto(`/jobs/${found!.id}/job-projection`);
  await expect(page.getByText("Some rates are missing, so their hours count as 0")).toBeVisible();
  await expect(page.getByText(found!.message, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the client's rate card" })).toHaveAttribute(
    "href",
    /^\/client\/\d+\/rates$/,
  );
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-projection-missing-1280.png` });
});

test("a crew handler and a client contact have no projection tab and are sent away from its URL", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await jobId(page);
  for (const email of [ACCOUNTS.handler, ACCOUNTS.col]) {
    await page.context().clearCookies();
    await signedIn(page, email);
    await page.goto(`/jobs/${id}/shifts`);
    await expect(page.getByRole("navigation", { name: "Job sections" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Job projection" })).toHaveCount(0);
    await page.goto(`/jobs/${id}/job-projection`);
    await expect(page, email).toHaveURL(/\/dashboard\?denied=jobs-job-projection$/);
    await expect(
      page.getByText("You don't have access to the projection of this job."),
    ).toBeVisible();
    const token = await apiToken(page.request, email);
    expect((await api(page.request, token, "GET", `jobs/${id}/projection`)).status).toBe(403);
  }
});

test("a bad job id on the projection tab is the 404 screen", async ({ page }) => {
  await signedIn(page, ACCOUNTS.pm);
  for (const bad of ["abc", "0", "99999999999", "2147483647"]) {
    const res = await page.goto(`/jobs/${bad}/job-projection`);
    expect(res?.status(), bad).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});
