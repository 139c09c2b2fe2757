import { expect, test } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import {
  PDF_BYTES,
  PNG_1x1,
  expectNoSeriousViolations,
  profileTab,
  shotDir,
  userIdOf,
} from "./support/profile";
import { expectToast } from "./support/page";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test("a worker edits its profile: phone, picture, payment, skills; axe on each tab", async ({
  page,
}) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/my-dashboard/, { timeout: 30_000 });

  await page.goto("/users/me/personal");
  await expect(page).toHaveURL(/\/users\/\d+\/personal$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("William Berg");
  await expectNoSeriousViolations(page);

  // Personal: the phone, and a language more (the checklists are the server's markup, read
  // from the form on submit: what was ticked before stays, the new tick is kept).
  await page.getByLabel("Phone", { exact: true }).fill("+45 22 33 44 55");
  const languages = page.getByRole("group", { name: "Languages" });
  await expect(languages.getByLabel("Danish")).toBeChecked();
  await languages.getByLabel("Finnish").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Data updated successfully!");
  await expect(page.getByRole("link", { name: "+45 22 33 44 55" })).toHaveAttribute(
    "href",
    "tel:+4522334455",
  );
  await page.reload();
  await expect(languages.getByLabel("Finnish")).toBeChecked();
  await expect(languages.getByLabel("Danish")).toBeChecked();
  await expect(
    page.getByRole("group", { name: "Branches" }).getByLabel("Copenhagen"),
  ).toBeChecked();
  await languages.getByLabel("Finnish").uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Data updated successfully!");

  // The picture: PDF bytes named .png are refused, a PNG is taken.
  const picture = page.getByLabel("Profile picture");
  await picture.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PDF_BYTES });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(
    page.getByText("The file must be an image (JPEG, PNG or WebP).").first(),
  ).toBeVisible();
  await picture.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1x1 });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expectToast(page, "Data updated successfully!");
  await expect(page.locator('img[src*="/avatar?v="]').first()).toBeVisible();
  const src = await page.locator('img[src*="/avatar?v="]').first().getAttribute("src");
  const img = await page.request.get(src!);
  expect(img.status()).toBe(200);
  expect(img.headers()["content-type"]).toBe("image/webp");
  await page.screenshot({ path: `${shotDir}/worker-personal-1280.png`, fullPage: true });

  // Payment: an invalid IBAN shows the field error, a valid one is saved and grouped.
  await profileTab(page, "Payment").click();
  await expect(page).toHaveURL(/\/payment$/);
  // Approved hours not yet paid are priced at the worker's rates (issue 23), per currency.
  await expect(page.getByText(/^\d+(\.\d+)? h · [\d,]+\.\d{2} DKK/)).toBeVisible();
  const danish = page.getByLabel("I have a Danish bank account (reg. and account number)");
  if (await danish.isChecked()) await danish.uncheck();
  await page.getByLabel("IBAN").fill("DK51 0040 0440 1162 43");
  await page.getByLabel("SWIFT/BIC").fill("DABADKKK");
  await page.getByRole("button", { name: "Save payment details" }).click();
  await expect(
    page
      .getByText("The IBAN is not valid: check the country code, the length and the check digits.")
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel("IBAN")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("IBAN").fill("dk5000400440116243");
  await page.getByRole("button", { name: "Save payment details" }).click();
  await expectToast(page, "Data updated successfully!");
  await expect(page.getByLabel("IBAN")).toHaveValue("DK50 0040 0440 1162 43");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shotDir}/worker-payment-1280.png`, fullPage: true });

  // Skills: experience yes, level no.
  await profileTab(page, "Skills").click();
  await expect(page).toHaveURL(/\/my-skills$/);
  await expect(page.getByText("The level of each skill is set by the office.")).toBeVisible();
  const years = page.getByLabel(/^Years of experience/).first();
  await years.fill("7");
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expectToast(page, "Data updated successfully!");
  await expect(page.getByLabel(/^Level \(/)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shotDir}/worker-skills-1280.png`, fullPage: true });

  for (const [tab, path] of [
    ["Settings", "settings"],
    ["Invited users", "invited-users"],
  ] as const) {
    await profileTab(page, tab).click();
    await expect(page).toHaveURL(new RegExp(`/${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("William Berg");
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${shotDir}/worker-${path}-1280.png`, fullPage: true });
  }
  await expect(page.getByText(/\d+ invited · \d+ joined/)).toBeVisible();
  await expect(profileTab(page, "Notes")).toHaveCount(0);

  // Another user's profile, and a tab it may not see, are the 404 screen.
  const me = Number(/\/users\/(\d+)\//.exec(page.url())![1]);
  const admin = await userIdOf(page, ACCOUNTS.admin);
  expect(admin).not.toBe(me);
  for (const path of [`/users/${admin}/personal`, `/users/${me}/notes`, "/users/abc/personal"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
  const api = await page.request.get(`/api/v2/users/${admin}`);
  expect(api.status()).toBe(404);
});

test("an admin opens a worker's profile, sees each tab and adds a note", async ({ page }) => {
  await acceptCookies(page);
  const worker = await userIdOf(page, ACCOUNTS.worker);
  await signInAs(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  await page.goto(`/users/${worker}`);
  await expect(page).toHaveURL(new RegExp(`/users/${worker}/personal$`));
  for (const [tab, path] of [
    ["Personal", "personal"],
    ["Settings", "settings"],
    ["Payment", "payment"],
    ["Notes", "notes"],
    ["Skills", "my-skills"],
    ["Invited users", "invited-users"],
  ] as const) {
    await profileTab(page, tab).click();
    await expect(page).toHaveURL(new RegExp(`/users/${worker}/${path}$`));
    await expect(profileTab(page, tab)).toHaveAttribute("aria-current", "page");
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${shotDir}/admin-${path}-1280.png`, fullPage: true });
  }
  await expect(profileTab(page, "Security")).toHaveCount(0);
  await profileTab(page, "Notes").click();
  await page.getByLabel("New note").fill("Strong on bar set-ups; ask for him at Nordlys.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Note added")).toBeVisible();
  await expect(page.getByText("Strong on bar set-ups; ask for him at Nordlys.")).toBeVisible();
  const added = page.getByRole("listitem").filter({ hasText: "Strong on bar set-ups" });
  await added.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this note?" });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page);
  await confirm.getByRole("button", { name: "Delete note" }).click();
  await expectToast(page, "Note deleted");
  await expect(page.getByText("Strong on bar set-ups; ask for him at Nordlys.")).toHaveCount(0);
  // The office sets a level on the skills tab.
  await profileTab(page, "Skills").click();
  await expect(page.getByLabel(/^Level \(/).first()).toBeVisible();
});

test("a client contact sees its company on its own profile", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.col);
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  await page.goto("/users/me/about-company");
  await expect(page).toHaveURL(/\/users\/\d+\/about-company$/);
  await expect(page.getByRole("heading", { name: "Policies" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: `${shotDir}/col-about-company-1280.png`, fullPage: true });
});
