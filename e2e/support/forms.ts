import { expect, type Page } from "@playwright/test";

/** With SHOTS_DIR set, a screenshot named by the viewport width (the whole page unless `view`). */
export async function shot(page: Page, name: string, view = false) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: !view });
}

async function next(page: Page, title: string) {
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

/**
 * The create-user wizard for a freelancer in Denmark, signed in as someone who may create
 * users: a phone the rule refuses first (one message, focused, no toast besides), then the
 * branches of Denmark only. Ends on /users?created={id}; returns the new user's name.
 */
export async function createFreelancer(page: Page, stamp: string): Promise<string> {
  // A last name of letters (a real one's length), unique by the stamp's last digits.
  const letters = stamp.slice(-6).replace(/\d/g, (d) => "abcdefghij"[Number(d)]);
  const lastName = `Holm${letters}`;
  await page.goto("/users/create");
  await page.getByRole("radio", { name: /Freelancer/ }).check();
  await next(page, "Account");
  await page.getByRole("textbox", { name: "E-mail" }).fill(`forms.${stamp}@example.test`);
  await page.getByLabel(/^Password/).fill("Strong!Pass1");
  await next(page, "Personal details");
  await page.getByLabel("First name").fill("Frida");
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Phone").fill("call me");
  await page.getByLabel("Birth date").fill("14/03/1995");
  await page.getByLabel("Birth date").press("Tab");
  await page.getByLabel("Country").selectOption({ label: "Denmark" });
  await page.getByRole("button", { name: "Next" }).click();
  // The same rule as sign-up; the message once (in place, no toast), and the focus on it.
  const invalid = "The phone must be a valid phone number.";
  await expect(page.getByText(invalid)).toHaveCount(1);
  await expect(page.getByLabel("Phone")).toBeFocused();
  await expect(page.getByLabel("Phone")).toBeInViewport();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await shot(page, "wizard-phone-error", true);
  await page.getByLabel("Phone").fill("+45 20 30 40 50");
  await expect(page.getByText(invalid)).toHaveCount(0);
  await next(page, "Skills and levels");
  await page
    .getByLabel("Skill 1", { exact: true })
    .selectOption({ label: "Stage & Rigging – Stagehand" });
  await next(page, "Branches");
  // Only the branches of the chosen country.
  await expect(page.getByText("The branches in Denmark.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Copenhagen" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Aarhus" })).toBeVisible();
  for (const elsewhere of ["Stockholm", "Oslo", "Berlin", "London"])
    await expect(page.getByRole("checkbox", { name: elsewhere })).toHaveCount(0);
  await shot(page, "wizard-branches");
  await page.getByRole("checkbox", { name: "Copenhagen" }).check();
  await next(page, "Payment");
  await page.getByLabel("IBAN").fill("DK50 0040 0440 1162 43");
  await page.getByLabel("SWIFT / BIC").fill("DABADKKK");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page).toHaveURL(/\/users\?created=\d+$/, { timeout: 30_000 });
  return `Frida ${lastName}`;
}
