import { expectToast } from "./support/page";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { api, apiToken } from "./support/api";
import { expectNoSeriousViolations } from "./support/join";

const SHOTS = process.env.SHOTS_DIR;
// Server renders can be slow on a loaded machine: wait longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });
const DUPLICATE = "Another branch with this name already exists";

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Opens a "New …" dialog; right after a load the button may not be hydrated yet. */
async function openDialog(page: Page, button: string, dialog: string) {
  await expect(async () => {
    if (!(await page.getByRole("dialog", { name: dialog }).isVisible()))
      await page.getByRole("button", { name: button }).first().click({ timeout: 3000 });
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 45_000 });
  return page.getByRole("dialog", { name: dialog });
}

test("the administrator adds a country and a branch in it; the job form offers the country", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Countries" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Countries" })).toBeVisible();
  const countries = page.getByRole("table", { name: "Countries" });
  // The seed has a country that is not operational (Finland).
  await expect(countries.getByRole("row", { name: /Finland/ })).toContainText("Not operational");
  await expectNoSeriousViolations(page);
  await shot(page, "countries-1280");

  // Add a country: operational, a currency, a time zone, rest hours 9.
  const form = await openDialog(page, "New country", "New country");
  await form.getByLabel("Name").fill("Netherlands");
  await form.getByLabel("ISO code").fill("nl");
  await form.getByLabel("Currency").selectOption("EUR");
  await form.getByLabel("Time zone").selectOption("Europe/Amsterdam");
  await form.getByLabel("Phone prefix").fill("+31");
  await form.getByLabel("Rest hours between shifts").fill("9");
  await expect(form.getByLabel("Operational")).toBeChecked();
  await expectNoSeriousViolations(page);
  await shot(page, "country-form-1280");
  await form.getByRole("button", { name: "Create country" }).click();
  await expectToast(page, "Country Netherlands created");
  await expect(form).toBeHidden();
  // Sorted by id: the new one is last; filtering by status finds it.
  await page.getByLabel("Status").selectOption("1");
  await expect(page).toHaveURL(/operational=1/);
  const row = countries.getByRole("row", { name: /Netherlands/ });
  await expect(row).toContainText("EUR");
  await expect(row).toContainText("Europe/Amsterdam");
  await expect(row).toContainText("9 h");
  await expect(row).toContainText("Operational");

  // A bad value is refused in place.
  const again = await openDialog(page, "New country", "New country");
  await again.getByLabel("Name").fill("Nowhere");
  await again.getByLabel("ISO code").fill("NL");
  await again.getByLabel("Currency").selectOption("EUR");
  await again.getByLabel("Time zone").selectOption("Europe/Amsterdam");
  await again.getByLabel("Rest hours between shifts").fill("25");
  await again.getByRole("button", { name: "Create country" }).click();
  await expect(
    again.getByText("The rest hours must be a whole number of hours from 0 to 24."),
  ).toBeVisible();
  await again.getByRole("button", { name: "Cancel" }).click();

  // The job form's country picker offers it.
  await page.goto("/jobs/create");
  await expect(
    page.getByLabel("Country").locator("option", { hasText: "Netherlands" }),
  ).toHaveCount(1);
  await expect(page.getByLabel("Country").locator("option", { hasText: "Finland" })).toHaveCount(0);

  // A branch in it.
  await page.goto("/branches");
  await expect(page.getByRole("heading", { level: 1, name: "Branches" })).toBeVisible();
  const branch = await openDialog(page, "New branch", "New branch");
  await branch.getByLabel("Name").fill("Amsterdam");
  await branch.getByLabel("Country").selectOption({ label: "Netherlands" });
  await branch.getByLabel("City").fill("Amsterdam");
  await branch.getByLabel("Address").fill("Damrak 1, 1012 LG Amsterdam");
  await branch.getByRole("button", { name: "Create branch" }).click();
  await expectToast(page, "Branch Amsterdam created");
  await page.getByLabel("Country", { exact: true }).selectOption({ label: "Netherlands" });
  await expect(page).toHaveURL(/country=\d+/);
  const branches = page.getByRole("table", { name: "Branches" });
  await expect(branches.getByRole("row", { name: /Amsterdam/ })).toContainText("Netherlands");
  await expectNoSeriousViolations(page);
  await shot(page, "branches-1280");

  // The same name again, in another case: the spec's message, on the field and as a toast.
  const dup = await openDialog(page, "New branch", "New branch");
  await dup.getByLabel("Name").fill("AMSTERDAM");
  await dup.getByLabel("Country").selectOption({ label: "Netherlands" });
  await dup.getByRole("button", { name: "Create branch" }).click();
  await expect(dup.getByText(DUPLICATE)).toBeVisible();
  await expect(page.locator("[data-sonner-toast]", { hasText: DUPLICATE })).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, "branch-duplicate-1280");

  // The call never reaching the server: the spec's network message.
  await page.route("**/branches**", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await dup.getByLabel("Name").fill("Rotterdam");
  await dup.getByRole("button", { name: "Create branch" }).click();
  await expect(page.getByText("A network error has occurred")).toBeVisible();
  await page.unroute("**/branches**");
  await dup.getByRole("button", { name: "Cancel" }).click();

  // Deleting the unused branch removes it.
  await branches.getByRole("button", { name: "Delete Amsterdam" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete “Amsterdam”?" });
  await expect(confirm).toContainText("Nothing uses this branch.");
  await confirm.getByRole("button", { name: "Delete branch" }).click();
  await expectToast(page, "Branch Amsterdam deleted");
  await expect(branches.getByRole("row", { name: /Amsterdam/ })).toHaveCount(0);

  // A branch that something uses (here a client's rate at it) is archived, listed under
  // "Archived branches", and restored from there: its name cannot simply be created again.
  const token = await apiToken(page.request, ACCOUNTS.admin);
  const nl = (await api(page.request, token, "GET", "countries?all=1")).body.data.find(
    (c: { name: string }) => c.name === "Netherlands",
  );
  const utrecht = await api(page.request, token, "POST", "branches", {
    name: "Utrecht",
    country_id: nl.id,
  });
  expect(utrecht.status).toBe(201);
  const company = (await api(page.request, token, "GET", "companies?page=1")).body.data[0];
  const skill = (await api(page.request, token, "GET", "sub-skills")).body.data[0];
  const rate = await api(page.request, token, "POST", "rates/client", {
    company_id: company.id,
    branch_id: utrecht.body.data.id,
    skill_id: skill.id,
    standard_price: "300.00",
  });
  expect(rate.status, JSON.stringify(rate.body)).toBe(201);
  await page.reload();
  await branches.getByRole("button", { name: "Delete Utrecht" }).click();
  const archive = page.getByRole("dialog", { name: "Delete “Utrecht”?" });
  await expect(archive).toContainText("1 rate");
  await archive.getByRole("button", { name: "Archive branch" }).click();
  await expectToast(page, "Branch Utrecht archived");
  await expect(branches.getByRole("row", { name: /Utrecht/ })).toHaveCount(0);
  await page.goto("/branches?archived=1&search=Utrecht");
  const archived = page
    .getByRole("table", { name: "Branches" })
    .getByRole("row", { name: /Utrecht/ });
  await expect(archived).toContainText("Archived");
  await expect(archived).toContainText("1 rate");
  await shot(page, "branches-archived-1280");
  await archived.getByRole("button", { name: "Restore Utrecht" }).click();
  await expectToast(page, "Branch Utrecht restored");
  await expect(archived).toHaveCount(0);
  await page.goto("/branches?search=Utrecht");
  const back = page.getByRole("table", { name: "Branches" }).getByRole("row", { name: /Utrecht/ });
  await expect(back).toContainText("Netherlands");
  await expect(back).not.toContainText("Archived");
});

test("the countries and branches screens fit a phone", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
  for (const [path, title] of [
    ["/countries", "Countries"],
    ["/branches", "Branches"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${path} scrolls sideways`,
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    await shot(page, `${path.slice(1)}-390`);
  }
  // The branch in use says where and that it will be archived.
  const del = page.getByRole("button", { name: /^Delete / }).first();
  await del.click();
  const dialog = page.getByRole("dialog", { name: /^Delete “/ });
  await expect(dialog).toContainText(/It is used by .+ It will be archived/);
  await expectNoSeriousViolations(page);
  await shot(page, "branch-delete-390");
  await dialog.getByRole("button", { name: "Keep it" }).click();
});
