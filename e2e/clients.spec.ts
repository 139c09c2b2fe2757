import { expectToast } from "./support/page";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { api, apiToken } from "./support/api";
import { expectNoSeriousViolations } from "./support/join";

/**
 * Clients (issue 13): a project manager creates a client (the tax id is checked against the
 * country's format), edits it, finds it in the list, opens its tabs and sets its preferred
 * skills; a client contact opening /clients lands on its own company and gets the 404 screen
 * for another one. axe on each screen; desktop and 390 px screenshots.
 */
const SHOTS = process.env.SHOTS_DIR;
const expect = baseExpect.configure({ timeout: 30_000 });

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function noSideways(page: Page, what: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${what} scrolls sideways`,
  ).toBeLessThanOrEqual(0);
}

const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Client sections" }).getByRole("link", { name });

const NAME = `Harbour Lights ${Date.now().toString(36)}`;

test("a project manager creates, edits, finds and sets up a client", async ({ page }) => {
  test.setTimeout(420_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.pm);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await page.goto("/clients");
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nordlys Events" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, "clients-1280");

  await page.getByRole("link", { name: "New client" }).first().click();
  await expect(page).toHaveURL(/\/clients\/new$/);
  await page.getByLabel("Name").fill(NAME);
  await page.getByLabel("Country").selectOption({ label: "Denmark" });
  await page.getByLabel("Tax id").fill("12345678");
  await page.getByLabel("Default branch").selectOption({ label: "Copenhagen" });
  await page
    .getByRole("group", { name: "Key account managers" })
    .getByRole("checkbox")
    .first()
    .check();
  await page.getByLabel("Water policy").fill("Water stations at the quay.");
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(
    page.getByText("The tax id is not a valid CVR number for Denmark.").first(),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, "client-new-error-1280");
  await page.getByLabel("Tax id").fill("13585628");
  await page.getByRole("button", { name: "Create client" }).click();
  await expectToast(page, `Client ${NAME} created`);
  await expect(page).toHaveURL(/\/client\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/")[2]);
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByText("Water stations at the quay.")).toBeVisible();

  await page.getByRole("link", { name: "Edit client" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/edit/${id}$`));
  await page.getByLabel("Food policy").fill("Hot meal after six hours.");
  await page.getByRole("button", { name: "Save client" }).click();
  await expectToast(page, `Client ${NAME} edited`);
  await expect(page).toHaveURL(new RegExp(`/client/${id}$`));
  await expect(page.getByText("Hot meal after six hours.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, "client-overview-1280");
  // The delete question is fetched on the first press; keeping the client gives focus back.
  const deleteButton = page.getByRole("button", { name: "Delete client" });
  await deleteButton.click();
  const question = page.getByRole("dialog", { name: `Delete ${NAME}?` });
  await question.getByRole("button", { name: "Keep the client" }).click();
  await expect(question).toBeHidden();
  await expect(deleteButton).toBeFocused();

  // The list, filtered in the URL.
  await page.goto("/clients");
  await page.getByRole("searchbox", { name: "Name" }).fill(NAME);
  await expect(page).toHaveURL(/name=/);
  await expect(page.getByRole("link", { name: NAME })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nordlys Events" })).toHaveCount(0);
  await page.goto("/clients?taxid=13585628");
  await expect(page.getByRole("link", { name: NAME })).toBeVisible();

  // Tabs.
  await page.getByRole("link", { name: NAME }).click();
  await tab(page, "Users").click();
  await expect(page).toHaveURL(new RegExp(`/client/${id}/users$`));
  await expect(page.getByText("No contacts yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add contact" }).first()).toHaveAttribute(
    "href",
    `/users/create?role=client&company_id=${id}`,
  );
  await expectNoSeriousViolations(page);

  await tab(page, "Preferred skills").click();
  await expect(page).toHaveURL(new RegExp(`/client/${id}/preferred-skills$`));
  for (const skill of ["Stagehand", "Bartender"]) {
    await page.getByLabel("Add a skill").selectOption({ label: skill });
    await page.getByRole("button", { name: "Add skill" }).click();
    await expect(page.getByRole("button", { name: `Remove ${skill}` })).toBeVisible();
  }
  const order = page.getByRole("list", { name: "Order of preferred skills" }).getByRole("listitem");
  await expect(order).toHaveCount(2);
  await expect(order.first()).toContainText("Stagehand");
  await page.reload();
  await expect(order.last()).toContainText("Bartender");
  await expectNoSeriousViolations(page);
  await shot(page, "client-preferred-skills-1280");

  await tab(page, "Venues").click();
  await expect(page).toHaveURL(new RegExp(`/client/${id}/venues$`));
  await expect(page.getByText("No venues of this client yet")).toBeVisible();

  // A phone.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ["/clients", "clients-390"],
    [`/client/${id}`, "client-overview-390"],
    [`/client/${id}/preferred-skills`, "client-preferred-skills-390"],
    [`/clients/edit/${id}`, "client-edit-390"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await noSideways(page, path);
    await shot(page, name);
  }
});

test("a client contact opening /clients lands on its own company, read-only", async ({ page }) => {
  test.setTimeout(240_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.col);
  await expect(page).toHaveURL(/\/(my-)?dashboard$/, { timeout: 30_000 });
  const admin = await apiToken(page.request, ACCOUNTS.admin);
  const all = await api(page.request, admin, "GET", "companies?perPage=100");
  const byName = new Map(
    (all.body.data as { id: number; name: string }[]).map((c) => [c.name, c.id]),
  );
  const own = byName.get("Nordlys Events")!;
  const other = byName.get("Svea Arena AB")!;

  await page.goto("/clients");
  await expect(page).toHaveURL(new RegExp(`/client/${own}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Nordlys Events" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit client" })).toHaveCount(0);
  await expect(tab(page, "Rates")).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Download/ }).first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, "client-col-1280");

  await tab(page, "Preferred skills").click();
  await expect(page.getByText("Stagehand")).toBeVisible();
  await expect(page.getByLabel("Add a skill")).toHaveCount(0);
  await tab(page, "Users").click();
  await expect(page.getByText("col@crewdeck.test").first()).toBeVisible();

  for (const path of [`/client/${other}`, `/client/${other}/users`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/client/${own}`);
  await noSideways(page, "the client overview");
  await shot(page, "client-col-390");
});
