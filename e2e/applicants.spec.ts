import { expectToast, waitForHydration } from "./support/page";
import { expect, test, type Page } from "@playwright/test";
import { acceptCookies, ACCOUNTS, signInAs } from "./support/auth";
import { expectNoSeriousViolations } from "./support/join";

const SHOTS = process.env.SHOTS_DIR;

/** The number on a menu item's badge (0 when it shows none). */
async function badgeOf(page: Page, label: string): Promise<number> {
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: new RegExp(`^${label}`),
  });
  const text = (await link.textContent()) ?? "";
  const m = /(\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

// The office vets newcomers (issue 11): the crew handler approves an applicant from /applicants
// (badge, awaiting mark, toast, the row leaves, the count drops), then declines a document
// with a reason in the approvals inbox.
test("the office approves an applicant and declines a document with a reason", async ({ page }) => {
  test.setTimeout(180_000);
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.handler);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  await page.goto("/applicants");
  await expect(page.getByRole("heading", { level: 1, name: "Applicants" })).toBeVisible();
  const waiting = await badgeOf(page, "Applicants");
  expect(waiting).toBeGreaterThanOrEqual(7);
  await expect(page.getByText(`(${waiting} waiting)`)).toBeVisible();
  const amelia = page.getByRole("row").filter({ hasText: "Amelia Hart" });
  await expect(amelia).toContainText("1 pending");
  const oskar = page.getByRole("row").filter({ hasText: "Oskar Lindqvist" });
  await expect(oskar).toContainText("2 pending");
  // Where and which skills are in the details (issue 23: fewer columns, the rest a click away).
  await oskar.getByRole("button", { name: "Details of Oskar Lindqvist" }).click();
  const details = page.getByRole("dialog", { name: "Oskar Lindqvist", exact: true });
  await expect(details).toContainText("Rigger");
  await details.getByRole("button", { name: "Close" }).first().click();
  await expect(details).toBeHidden();
  await amelia.getByRole("button", { name: "Details of Amelia Hart" }).click();
  await expect(page.getByRole("dialog", { name: "Amelia Hart", exact: true })).toContainText(
    "Manchester",
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Recently approved" })).toBeVisible();
  await expect(page.getByText(/Mads Holm/)).toBeVisible();
  await expectNoSeriousViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/applicants-1280.png`, fullPage: true });

  // Approving asks first, naming the person.
  await page.getByRole("button", { name: "Approve Amelia Hart" }).click();
  const confirm = page.getByRole("dialog", { name: "Approve Amelia Hart as a freelancer?" });
  await confirm.getByRole("button", { name: "Approve", exact: true }).click();
  await expectToast(page, "User approved succesfully.");
  await expect(confirm).toBeHidden();
  await expect(amelia).toHaveCount(0);
  await expect.poll(() => badgeOf(page, "Applicants")).toBe(waiting - 1);
  await expect(
    page.getByRole("listitem").filter({ hasText: "Amelia Hart" }).filter({ hasText: "Hanna Lund" }),
  ).toBeVisible();
  // Found by search no more: she is a worker now.
  await page.goto("/applicants?search=Amelia");
  await expect(page.getByText("No applicant matches this search")).toBeVisible();

  await page.goto("/approvals");
  const kinds = page.getByRole("navigation", { name: "Approval kinds" });
  await expect(kinds.getByRole("link", { name: /^Hours \(\d+\)$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const total = await badgeOf(page, "Approvals");
  await kinds.getByRole("link", { name: /^Documents \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/approvals\?type=documents$/);
  const docs = Number(
    /\((\d+)\)/.exec(
      (await kinds.getByRole("link", { name: /^Documents/ }).textContent()) ?? "",
    )![1],
  );
  expect(docs).toBeGreaterThanOrEqual(2);
  const firstAid = page
    .getByRole("row")
    .filter({ hasText: "First-aid certificate" })
    .filter({ hasText: "Oskar Lindqvist" });
  await expect(firstAid).toContainText("Expires soon");
  await expect(
    firstAid.getByRole("link", { name: /first-aid-certificate-lindqvist\.pdf/ }),
  ).toHaveAttribute("href", /^\/api\/v2\/documents\/\d+\/file$/);
  await expectNoSeriousViolations(page);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/approvals-documents-1280.png`, fullPage: true });

  // The ID card gets a new expiry date while its row is on screen (here the office does it, on
  // the owner's behalf): approving what the row showed is refused with the reason, and the row
  // is read again with the new date, still waiting.
  const idCard = page
    .getByRole("row")
    .filter({ hasText: "ID card/passport" })
    .filter({ hasText: "Oskar Lindqvist" });
  const href = await idCard
    .getByRole("link", { name: /id-card-lindqvist\.pdf/ })
    .getAttribute("href");
  const documentId = /\/documents\/(\d+)\/file$/.exec(href ?? "")![1];
  const renewed = await page.request.put(`/api/v2/documents/${documentId}`, {
    data: { expires_on: "2035-01-31" },
  });
  expect(renewed.status()).toBe(200);
  const approveIdCard = page.getByRole("button", {
    name: "Approve ID card/passport of Oskar Lindqvist",
  });
  await waitForHydration(approveIdCard);
  await approveIdCard.click();
  await expectToast(page, "This document was replaced; look at it again");
  await expect(idCard).toContainText("31/01/2035");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/approvals-stale-document-1280.png` });
  await expect(kinds.getByRole("link", { name: `Documents (${docs})` })).toBeVisible();

  await page
    .getByRole("button", { name: "Decline First-aid certificate of Oskar Lindqvist" })
    .click();
  const dialog = page.getByRole("dialog", {
    name: "Decline First-aid certificate of Oskar Lindqvist?",
  });
  await dialog.getByRole("button", { name: "Decline document" }).click();
  await expect(dialog.getByText("A reason is required to decline a document.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("The certificate is older than two years.");
  await expectNoSeriousViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/decline-dialog-1280.png` });
  await dialog.getByRole("button", { name: "Decline document" }).click();
  await expectToast(page, "First-aid certificate of Oskar Lindqvist declined");
  await expect(dialog).toBeHidden();
  await expect(firstAid).toHaveCount(0);
  await expect(kinds.getByRole("link", { name: `Documents (${docs - 1})` })).toBeVisible();
  // At most one less: the Approvals badge adds every kind, and a journey running beside this one
  // (approvals.spec) may approve hours meanwhile; the Documents count above is this row's own.
  await expect.poll(() => badgeOf(page, "Approvals")).toBeLessThanOrEqual(total - 1);

  await kinds.getByRole("link", { name: /^Venues \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/approvals\?type=venues$/);
  await expectNoSeriousViolations(page);
});

test("a client contact's approvals show the hours alone", async ({ page }) => {
  await acceptCookies(page);
  await signInAs(page, ACCOUNTS.col);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto("/approvals?type=documents");
  await expect(page.getByRole("heading", { level: 1, name: "Approvals" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Approval kinds" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Approval lists" })).toBeVisible();
  const res = await page.request.get("/api/v2/approvals?type=documents");
  expect(res.status()).toBe(403);
});
