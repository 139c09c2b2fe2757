import { expectToast, expectNoSerious } from "./support/page";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { api, apiToken, copenhagen } from "./support/api";

// Issue 9, "Forms and small things", on a 390 px phone (the phone project of playwright.config).

const DAY = 86_400_000;

async function expectNoSeriousViolations(page: Page) {
  await expectNoSerious(page);
}

/** A published job of its own (the test changes it) with `shifts` shifts of two slots each. */
async function createJob(page: Page, name: string, shifts: number): Promise<number> {
  const pm = await apiToken(page.request, ACCOUNTS.pm);
  const countries = await api(page.request, pm, "GET", "countries");
  const dk = countries.body.data.find((c: { iso_code: string }) => c.iso_code === "DK");
  const companies = await api(page.request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys");
  const skills = await api(page.request, pm, "GET", "skills");
  const leaves = (skills.body.data as { id: number; parent_id: number | null }[]).filter(
    (s) => s.parent_id !== null,
  );
  const res = await api(page.request, pm, "POST", "jobs", {
    name,
    company_id: companies.body.data[0].id,
    country_id: dk.id,
    shifts: Array.from({ length: shifts }, (_, i) => ({
      startDate: copenhagen(new Date(Date.now() + (12 + i) * DAY)).date,
      start: "08:00",
      endHour: "16:00",
      slots: [
        { skill_id: leaves[0].id, qty: 2 },
        { skill_id: leaves[1].id, qty: 1 },
      ],
    })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** Elements smaller than 44 × 44 px among those given (a tap target on a phone). */
async function smallTargets(targets: Locator): Promise<string[]> {
  return targets.evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.height < 44 || r.width < 44)
      .map(
        ({ el, r }) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim()}" ${Math.round(r.width)}×${Math.round(r.height)}`,
      ),
  );
}

/** Opens the ⋯ menu; repeated until hydrated (a click before that does nothing). */
async function openJobMenu(page: Page) {
  await expect(async () => {
    await page.getByRole("button", { name: "Job actions" }).click();
    await expect(page.getByRole("menu")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return page.getByRole("menu");
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the job header folds into one ⋯ menu, the shifts start above the fold, and the menu's actions work", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `Phone header ${Date.now()}`;
  const jobId = await createJob(page, name, 3);
  await page.goto(`/jobs/${jobId}/shifts`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);

  // The roster: the first shift's heading is on screen without scrolling.
  const firstShift = page.getByRole("list", { name: "Shifts" }).getByRole("heading").first();
  await expect(firstShift).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The header's buttons are folded away; the menu stands in for them.
  await expect(page.getByRole("link", { name: "Edit job" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save as template" })).toHaveCount(0);
  await expect(page.getByLabel("Change status")).toBeHidden();

  // Tap targets: buttons, fields and tabs of the page are at least 44 × 44 px.
  const targets = page.locator(
    'main button, main select, main input, header button, nav[aria-label="Job sections"] a',
  );
  expect(await smallTargets(targets)).toEqual([]);
  await expectNoSeriousViolations(page);

  // The menu: every action of the header, 44 px tall items.
  let menu = await openJobMenu(page);
  for (const item of ["Edit job", "Save as template", "Draft", "Cancel job", "Add reason"])
    await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
  expect(await smallTargets(menu.getByRole("menuitem"))).toEqual([]);
  await expectNoSeriousViolations(page);

  // Add a reason from the menu.
  await menu.getByRole("menuitem", { name: "Add reason" }).click();
  const reason = page.getByRole("dialog", { name: "Reason" });
  await expect(reason).toBeVisible();
  await reason.getByLabel("Reason").fill("Moved to hall B");
  await reason.getByRole("button", { name: "Save reason" }).click();
  await expectToast(page, "Reason saved");
  await expect(page.getByText("Reason: Moved to hall B")).toBeVisible();
  await expect(page.getByRole("button", { name: "Job actions" })).toBeFocused();

  // Change the status from the menu.
  menu = await openJobMenu(page);
  await menu.getByRole("menuitem", { name: "Draft" }).click();
  await expect(page.getByText("Status changed to Draft")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Draft");

  // Save as template opens its dialog with the field focused; closing returns to ⋯.
  menu = await openJobMenu(page);
  await expect(menu.getByRole("menuitem", { name: "Change reason" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Save as template" }).click();
  const template = page.getByRole("dialog", { name: "Save as template" });
  await expect(template.getByLabel("Template name")).toBeFocused();
  await expect(template.getByLabel("Template name")).toHaveValue(name);
  await template.getByRole("button", { name: "Cancel" }).click();
  await expect(template).toBeHidden();
  await expect(page.getByRole("button", { name: "Job actions" })).toBeFocused();

  // Edit job leads to the form.
  menu = await openJobMenu(page);
  await menu.getByRole("menuitem", { name: "Edit job" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/edit$`));
});

test("the back-to-top button never covers the job form's sticky save bar", async ({ page }) => {
  const jobId = await createJob(page, `Phone save bar ${Date.now()}`, 4);
  await page.goto(`/jobs/${jobId}/edit`);
  const save = page.getByRole("button", { name: "Save changes" });
  await expect(save).toBeVisible();
  const stickyBar = () =>
    save.evaluate((el) => {
      let bar: Element | null = el;
      while (bar && getComputedStyle(bar).position !== "sticky") bar = bar.parentElement;
      const r = bar!.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, vh: window.innerHeight };
    });
  const top = page.getByRole("button", { name: "Top", exact: true });
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    const half = await page.evaluate(() => (document.body.scrollHeight - window.innerHeight) / 2);
    for (const y of [300, half]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await expect(top).toBeVisible();
      const bar = await stickyBar();
      // The bar is stuck to the bottom of the screen: the case where the two could meet.
      expect(Math.round(bar.y + bar.height)).toBe(bar.vh);
      await expect(async () => {
        const b = (await top.boundingBox())!;
        const overlap =
          b.x < bar.x + bar.width &&
          bar.x < b.x + b.width &&
          b.y < bar.y + bar.height &&
          bar.y < b.y + b.height;
        expect(overlap, `Top at ${JSON.stringify(b)}, bar at ${JSON.stringify(bar)}`).toBe(false);
      }).toPass({ timeout: 3000 });
    }
  }
});

test('the job filters fold into a "Filters (n)" sheet that applies them and counts them', async ({
  page,
}) => {
  await page.goto("/jobs");
  const filters = page.getByRole("button", { name: /^Filters \(\d+\)$/ });
  await expect(filters).toHaveText("Filters (0)");
  // The search stays in place; the other filters are in the sheet only.
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
  await expect(page.getByLabel("Status")).toBeHidden();

  await expect(async () => {
    await filters.click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await sheet.getByLabel("Status").selectOption("Draft");
  await expect(page).toHaveURL(/[?&]status=Draft/);
  await sheet.getByLabel("Country").selectOption({ label: "Denmark" });
  await expect(page).toHaveURL(/[?&]country_id=\d+/);
  await expectNoSeriousViolations(page);
  await sheet.getByRole("button", { name: "Show results" }).click();
  await expect(sheet).toBeHidden();
  await expect(filters).toHaveText("Filters (2)");

  // The list is filtered: every card is a Draft job.
  const cards = page.getByRole("list", { name: "Jobs" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText("Draft");

  // A reload keeps them (the URL holds them); Clear filters empties them.
  await page.reload();
  await expect(filters).toHaveText("Filters (2)");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(filters).toHaveText("Filters (0)");
  await expect(page).not.toHaveURL(/status=/);
});

test("the navigation drawer takes the focus, keeps it, and closes on Escape", async ({ page }) => {
  await page.goto("/jobs");
  const menuButton = page.getByRole("button", { name: "Menu" });
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(async () => {
    await menuButton.click();
    await expect(drawer).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(drawer.getByRole("button", { name: "Close" })).toBeFocused();
  await expect(drawer.getByRole("link", { name: "Jobs", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await smallTargets(drawer.locator("a, button"))).toEqual([]);
  await expectNoSeriousViolations(page);
  // Focus stays inside: backwards from the first element wraps to the drawer's last one.
  await page.keyboard.press("Shift+Tab");
  expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});
