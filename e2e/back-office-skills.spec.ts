import { expectToast, expectNoSerious } from "./support/page";
import { keyboardMove } from "./support/sortable";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { api, apiToken } from "./support/api";

const SHOTS = process.env.SHOTS_DIR;

/** DESIGN.md §11: no serious violation; a toast still fading is left out (see support/join). */
async function expectNoSeriousViolations(page: Page, where: string) {
  await expectNoSerious(page, { where, exclude: "[data-sonner-toast]" });
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const ddmmyyyy = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split("-")
    .reverse()
    .join("/");

test("the admin builds a parent skill, orders its sub-skills, and deletes one a job uses", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Skills", exact: true })
    .click();
  // The first render of a built page on a busy machine may take a while.
  await expect(page.getByRole("heading", { level: 1, name: "Skills" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("region", { name: "Technical" })).toBeVisible();
  await expectNoSeriousViolations(page, "/skills");

  // A parent skill and two sub-skills, each from its dialog.
  await page.getByRole("button", { name: "New parent skill" }).first().click();
  let dialog = page.getByRole("dialog", { name: "New parent skill" });
  await dialog.getByLabel("Name").fill("Pyrotechnics");
  await dialog.getByLabel("Description").fill("Fireworks and stage effects.");
  await dialog.getByRole("button", { name: "Create parent skill" }).click();
  await expectToast(page, "Skill added succesfully");
  await expect(dialog).toBeHidden();
  const pyro = page.getByRole("region", { name: "Pyrotechnics" });
  for (const name of ["Shooter", "Fire watch"]) {
    await pyro.getByRole("button", { name: "Add sub-skill to Pyrotechnics" }).click();
    dialog = page.getByRole("dialog", { name: "New sub-skill of Pyrotechnics" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Add sub-skill" }).click();
    await expect(dialog).toBeHidden();
  }
  // The same name twice under one parent is refused in place.
  await pyro.getByRole("button", { name: "Add sub-skill to Pyrotechnics" }).click();
  dialog = page.getByRole("dialog", { name: "New sub-skill of Pyrotechnics" });
  await dialog.getByLabel("Name").fill("shooter");
  await dialog.getByRole("button", { name: "Add sub-skill" }).click();
  await expect(
    dialog.getByText("This parent skill already has a sub-skill with this name."),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const subs = pyro.getByRole("list", { name: "Order of the sub-skills of Pyrotechnics" });
  await expect(subs.getByRole("listitem")).toHaveText([/Shooter/, /Fire watch/]);
  await expectNoSeriousViolations(page, "/skills with a new parent skill");
  await shot(page, "skills-1280");

  // Every parent skill in one list, ordered the same way.
  await page.getByRole("button", { name: "Order parent skills" }).click();
  dialog = page.getByRole("dialog", { name: "Order parent skills" });
  await expect(
    dialog.getByRole("list", { name: "Order of the parent skills" }).getByRole("listitem").last(),
  ).toHaveText("Pyrotechnics");
  await expectNoSeriousViolations(page, "Order parent skills");
  await dialog.getByRole("button", { name: "Done" }).click();

  // Keyboard drag: focus the handle, Space to lift, ArrowDown, Space to drop.
  await keyboardMove(page, subs.getByRole("button", { name: "Move Shooter" }), "ArrowDown");
  await expectToast(page, "Weights set successfully");
  await expect(subs.getByRole("listitem")).toHaveText([/Fire watch/, /Shooter/]);
  await page.reload();
  await expect(
    page
      .getByRole("list", { name: "Order of the sub-skills of Pyrotechnics" })
      .getByRole("listitem"),
  ).toHaveText([/Fire watch/, /Shooter/]);

  // The job form's skill picker follows the order; a job gets a Shooter slot.
  await page.goto("/jobs/create");
  const jobName = `Skills e2e finale ${Date.now()}`;
  await page.getByLabel("Job name").fill(jobName);
  await page.getByLabel("Company").selectOption({ label: "Nordlys Events" });
  await expect(page.getByLabel("Country")).toHaveValue(/\d+/);
  await page.getByLabel("Date of the new shift").fill(ddmmyyyy(12));
  await page.getByRole("button", { name: "Add shift" }).click();
  const shift = page.getByRole("group", { name: "Shift 1" });
  const picker = shift.getByLabel("Skill", { exact: true });
  await expect(picker.locator('optgroup[label="Pyrotechnics"] option')).toHaveText([
    "Fire watch",
    "Shooter",
  ]);
  await picker.selectOption({ label: "Shooter" });
  await shift.getByLabel("Positions", { exact: true }).fill("2");
  await shift.getByRole("button", { name: "Add slot" }).click();
  await page.getByRole("button", { name: "Create job" }).click();
  await expectToast(page, "Job created successfully!");
  await expect(page).toHaveURL(/\/jobs\/\d+\/shifts$/);
  const jobShifts = page.url();

  // Deleting the used sub-skill archives it: gone from /skills, the job keeps its slot.
  await page.goto("/skills?search=Pyro");
  const card = page.getByRole("region", { name: "Pyrotechnics" });
  await expect(card.getByText("Used by 1 job")).toBeVisible();
  await card.getByRole("button", { name: "Delete Shooter" }).click();
  dialog = page.getByRole("dialog", { name: "Delete “Shooter”?" });
  await expect(dialog.getByText(/It is used by 1 job\. Deleting archives it/)).toBeVisible();
  await dialog.getByRole("button", { name: "Archive skill" }).click();
  await expect(page.getByText("Skill deleted", { exact: true })).toBeVisible();
  await expect(
    card
      .getByRole("list", { name: "Order of the sub-skills of Pyrotechnics" })
      .getByRole("listitem"),
  ).toHaveText([/Fire watch/]);
  // A parent with a sub-skill left cannot be deleted.
  await card.getByRole("button", { name: "Delete Pyrotechnics" }).click();
  dialog = page.getByRole("dialog", { name: "Delete “Pyrotechnics”?" });
  await expect(dialog.getByText(/delete its sub-skills first/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^(Delete|Archive)/ })).toHaveCount(0);
  // The footer's Close (the dialog's corner button is named Close too).
  await dialog.getByRole("button", { name: "Close" }).first().click();

  await page.goto(jobShifts);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(jobName);
  await expect(page.getByRole("main").getByText("Shooter").first()).toBeVisible();
  await page.goto("/jobs/create");
  await page.getByLabel("Company").selectOption({ label: "Nordlys Events" });
  await expect(page.getByLabel("Country")).toHaveValue(/\d+/);
  await page.getByLabel("Date of the new shift").fill(ddmmyyyy(12));
  await page.getByRole("button", { name: "Add shift" }).click();
  await expect(
    page
      .getByRole("group", { name: "Shift 1" })
      .getByLabel("Skill", { exact: true })
      .locator('optgroup[label="Pyrotechnics"] option'),
  ).toHaveText(["Fire watch"]);

  // A sub-skill moves to another parent skill from its Edit dialog.
  const token = await apiToken(page.request, ACCOUNTS.admin);
  const effects = `Stage effects ${Date.now()}`;
  expect((await api(page.request, token, "POST", "skills", { name: effects })).status).toBe(201);
  await page.goto("/skills?search=Fire%20watch");
  await page
    .getByRole("region", { name: "Pyrotechnics" })
    .getByRole("button", { name: "Edit Fire watch" })
    .click();
  dialog = page.getByRole("dialog", { name: "Edit sub-skill" });
  await dialog.getByLabel("Parent skill").selectOption({ label: effects });
  await expectNoSeriousViolations(page, "Edit sub-skill with its parent");
  await shot(page, "skill-move-1280");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expectToast(page, "Skill Fire watch edited");
  await expect(
    page
      .getByRole("region", { name: effects })
      .getByRole("list", { name: `Order of the sub-skills of ${effects}` })
      .getByRole("listitem"),
  ).toHaveText([/Fire watch/]);

  // Phone width: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/skills");
  await expect(page.getByRole("heading", { level: 1, name: "Skills" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, "/skills at 390 px");
  await shot(page, "skills-390");
});
