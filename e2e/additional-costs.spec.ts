import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken } from "./support/api";
import { expectAccessible, signedIn, expectToast } from "./support/page";

const SHOTS = process.env.SHOTS_DIR;
// A demo job with two costs: a forklift (Trucks, 1,800.00 DKK) and hi-vis vests (12 × 45.00).
const JOB = "Nordlys client conference";

async function jobId(page: Page): Promise<number> {
  const token = await apiToken(page.request, ACCOUNTS.admin);
  const res = await api(
    page.request,
    token,
    "GET",
    `jobs?filter[search]=${encodeURIComponent(JOB)}`,
  );
  expect(res.status).toBe(200);
  const job = (res.body.data as { id: number; name: string }[]).find((j) => j.name === JOB);
  expect(job, JOB).toBeTruthy();
  return job!.id;
}

/** The figure under a total's label ("Travel", "Total") above the list. */
const total = (page: Page, label: string) =>
  page
    .getByRole("region", { name: "Totals" })
    .locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

test("a PM adds, edits and deletes a job's additional costs and sees the totals", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, ACCOUNTS.pm);
  const id = await jobId(page);

  await page.goto(`/jobs/${id}/shifts`);
  await page.getByRole("link", { name: "Additional costs" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${id}/additional-costs$`));
  await expect(page.getByRole("heading", { name: "Additional costs" })).toBeVisible();
  await expect(total(page, "Total")).toHaveText("2,340.00 DKK");
  await expectAccessible(page);

  // A travel cost typed the Danish way.
  await page.getByRole("button", { name: "Add cost" }).first().click();
  let dialog = page.getByRole("dialog", { name: "Add cost" });
  await dialog.getByLabel("Category").selectOption("travel");
  await expect(dialog.getByLabel("Equipment category")).toHaveCount(0);
  await dialog.getByLabel("Amount").fill("abc");
  await dialog.getByRole("button", { name: "Add cost" }).click();
  await expect(
    dialog.getByText("Enter the amount as a number, for example 1250.50."),
  ).toBeVisible();
  await dialog.getByLabel("Amount").fill("1.250,50");
  await dialog.getByLabel("Quantity").fill("2");
  await dialog.getByLabel("Note").fill("Crew van to Royal Arena");
  await dialog.getByRole("button", { name: "Add cost" }).click();
  await expectToast(page, "Travel cost 2 × 1,250.50 DKK = 2,501.00 DKK added to");
  await expect(dialog).toBeHidden();
  await expect(total(page, "Travel")).toHaveText("2,501.00 DKK");
  await expect(total(page, "Total")).toHaveText("4,841.00 DKK");

  // An equipment cost must name its kind of equipment.
  await page.getByRole("button", { name: "Add cost" }).first().click();
  dialog = page.getByRole("dialog", { name: "Add cost" });
  await dialog.getByLabel("Category").selectOption("equipment");
  await dialog.getByLabel("Amount").fill("600");
  await dialog.getByRole("button", { name: "Add cost" }).click();
  await expect(dialog.getByText("Choose the kind of equipment.")).toBeVisible();
  await dialog.getByLabel("Equipment category").selectOption({ label: "Lighting" });
  await dialog.getByLabel("Note").fill("Extra follow spot");
  await dialog.getByRole("button", { name: "Add cost" }).click();
  await expectToast(page, "Equipment cost 600.00 DKK added to");
  await expect(dialog).toBeHidden();
  const table = page.getByRole("table", { name: "Additional costs" });
  await expect(table.getByRole("row").filter({ hasText: "Extra follow spot" })).toContainText(
    "Lighting",
  );
  await expect(total(page, "Equipment")).toHaveText("2,400.00 DKK");
  await expect(total(page, "Total")).toHaveText("5,441.00 DKK");

  // Edit the van: three of them now.
  await page.getByRole("button", { name: "Edit travel cost 2,501.00 DKK" }).click();
  dialog = page.getByRole("dialog", { name: "Edit cost" });
  await expect(dialog.getByLabel("Amount")).toHaveValue("1250.50");
  await dialog.getByLabel("Quantity").fill("3");
  await dialog.getByRole("button", { name: "Save cost" }).click();
  await expectToast(page, "Travel cost 3 × 1,250.50 DKK = 3,751.50 DKK saved on");
  await expect(dialog).toBeHidden();
  await expect(total(page, "Travel")).toHaveText("3,751.50 DKK");
  await expect(total(page, "Total")).toHaveText("6,691.50 DKK");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/additional-costs-1280.png`, fullPage: true });

  // Delete the hi-vis vests, after the question.
  await page.getByRole("button", { name: "Delete other cost 540.00 DKK" }).click();
  dialog = page.getByRole("dialog", { name: "Delete this other cost?" });
  await expect(dialog).toContainText("Hi-vis vests for the venue crew: 540.00 DKK");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/additional-costs-delete-1280.png` });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Other cost 12 × 45.00 DKK = 540.00 DKK deleted from");
  await expect(total(page, "Other")).toHaveText("0.00 DKK");
  await expect(total(page, "Total")).toHaveText("6,151.50 DKK");
  await expect(table.getByText("Hi-vis vests")).toHaveCount(0);

  // The add dialog on a phone, and the list as cards that do not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(total(page, "Total")).toHaveText("6,151.50 DKK");
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(wide).toBe(false);
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/additional-costs-390.png`, fullPage: true });
  await page.getByRole("button", { name: "Add cost" }).first().click();
  dialog = page.getByRole("dialog", { name: "Add cost" });
  await dialog.getByLabel("Category").selectOption("equipment");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/additional-costs-dialog-390.png` });
});

test("a job without costs says what to do", async ({ page }) => {
  await signedIn(page, ACCOUNTS.admin);
  const token = await apiToken(page.request, ACCOUNTS.admin);
  const res = await api(page.request, token, "GET", "jobs?perPage=50");
  const ids = (res.body.data as { id: number }[]).map((j) => j.id);
  let empty: number | undefined;
  for (const id of ids) {
    const costs = await api(page.request, token, "GET", `jobs/additional-costs/${id}`);
    if (costs.status === 200 && costs.body.data.items.length === 0) {
      empty = id;
      break;
    }
  }
  expect(empty).toBeDefined();
  await page.goto(`/jobs/${empty}/additional-costs`);
  await expect(page.getByText("No additional costs yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add cost" })).toHaveCount(1);
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/additional-costs-empty-1280.png` });
});

test("a crew handler and a client contact have no costs tab and are sent away from its URL", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await jobId(page);
  for (const [email, home] of [
    // Sent to the start page, which says why.
    [ACCOUNTS.handler, /\/dashboard\?denied=jobs-additional-costs$/],
    [ACCOUNTS.col, /\/dashboard\?denied=jobs-additional-costs$/],
  ] as const) {
    await page.context().clearCookies();
    await signedIn(page, email);
    await page.goto(`/jobs/${id}/shifts`);
    await expect(page.getByRole("navigation", { name: "Job sections" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Additional costs" })).toHaveCount(0);
    await page.goto(`/jobs/${id}/additional-costs`);
    await expect(page, email).toHaveURL(home);
  }
});

test("a bad job id on the costs tab is the 404 screen", async ({ page }) => {
  await signedIn(page, ACCOUNTS.pm);
  for (const bad of ["abc", "0", "99999999999", "2147483647"]) {
    const res = await page.goto(`/jobs/${bad}/additional-costs`);
    expect(res?.status(), bad).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});
