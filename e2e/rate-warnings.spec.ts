import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS } from "./support/auth";
import { api, apiToken, copenhagen } from "./support/api";
import { expectAccessible, expectToast, noSidewaysScroll, signedIn } from "./support/page";

/**
 * Issue 23, prices: booking onto a skill the client pays nothing for asks first and links to the
 * client's rate card (Nordlys's card leaves Steward out); a rate card that loses money asks once
 * before it is saved; a parent skill's row says it prices its sub-skills. At 1280 and 390 px,
 * axe on each dialog, screenshots in SHOTS_DIR.
 */
const HOUR = 3_600_000;

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const cell = (page: Page, label: string, skill: string) =>
  page.getByRole("textbox", { name: `${label} for ${skill}`, exact: true });

/** A Nordlys job some weeks ahead with one Steward slot, and Stewards free for it. */
async function stewardJob(page: Page, label: string) {
  const pm = await apiToken(page.request, ACCOUNTS.pm);
  const dk = (await api(page.request, pm, "GET", "countries")).body.data.find(
    (c: { iso_code: string }) => c.iso_code === "DK",
  );
  const nordlys = (await api(page.request, pm, "GET", "companies?dropdown=1&filter[name]=Nordlys"))
    .body.data[0];
  const skills = await api(page.request, pm, "GET", "skills?perPage=100");
  const steward = skills.body.data.find((s: { name: string }) => s.name === "Steward");
  expect(steward, "the seed has the Steward skill").toBeTruthy();
  const at = new Date(Date.now() + (30 + Math.floor(Math.random() * 200)) * 24 * HOUR);
  at.setUTCHours(9, 0, 0, 0);
  const start = copenhagen(at);
  const name = `E2E Unpriced stewards ${label} ${Date.now().toString(36)}`;
  const created = await api(page.request, pm, "POST", "jobs", {
    name,
    company_id: nordlys.id,
    country_id: dk.id,
    shifts: [
      {
        startDate: start.date,
        start: start.time,
        endHour: copenhagen(new Date(at.getTime() + 6 * HOUR)).time,
        slots: [{ skill_id: steward.id, qty: 2 }],
      },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const shift = created.body.data.shifts[0];
  const candidates = await api(
    page.request,
    pm,
    "GET",
    `bookable-users?perPage=50&skill=${steward.id}&shiftIds=${shift.id}`,
  );
  const free = (candidates.body.data as { name: string; conflicts: unknown[] }[]).filter(
    (u) => u.conflicts.length === 0,
  );
  expect(free.length, "two Stewards are free for the new shift").toBeGreaterThanOrEqual(2);
  return { id: created.body.data.id as number, nordlys: nordlys.id as number, free };
}

for (const view of [
  { label: "desktop", width: 1280, height: 900 },
  { label: "phone", width: 390, height: 844 },
]) {
  test(`booking a Steward Nordlys does not pay for asks first and links to the rate card (${view.label})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: view.width, height: view.height });
    const job = await stewardJob(page, view.label);
    const [first] = job.free;
    await signedIn(page, ACCOUNTS.pm);
    await page.goto(`/jobs/${job.id}/book`);
    const slot = page.getByRole("region", { name: /^Steward on / });
    await expect(slot).toContainText("0/2");
    await slot.getByRole("button", { name: "Add worker" }).click();
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await dialog.getByLabel("Name").fill(first.name);
    await dialog.getByRole("button", { name: "Search" }).click();
    await dialog.getByRole("button", { name: `Book ${first.name}`, exact: true }).click();

    const confirm = page.getByRole("alertdialog", { name: "Book anyway?" });
    await expect(confirm).toContainText(
      "Nordlys Events has no client price for Steward at Copenhagen, so its hours on this job are billed at nothing. Book anyway?",
    );
    const link = confirm.getByRole("link", {
      name: /Add a price for Steward on the rate card of Nordlys Events/,
    });
    await expect(link).toHaveAttribute(
      "href",
      new RegExp(`^/client/${job.nordlys}/rates\\?branch=\\d+$`),
    );
    const href = (await link.getAttribute("href"))!;
    await expectAccessible(page);
    await noSidewaysScroll(page);
    await shot(page, `book-unpriced-${view.label}`);

    // Cancel books nothing.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    const result = dialog.getByRole("listitem").filter({ hasText: first.name });
    await expect(result).not.toContainText("Booked");

    // Book anyway books.
    await result.getByRole("button", { name: `Book ${first.name}`, exact: true }).click();
    await confirm.getByRole("button", { name: "Book", exact: true }).click();
    await expect(result).toContainText("Booked");
    // The toast says whom it booked where, not "Application added successfully".
    await expectToast(page, `${first.name} booked on `);
    await page.keyboard.press("Escape");
    await expect(slot).toContainText("1/2");

    // The link opens the card at the branch that prices the job, with no Steward price yet.
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1, name: /^Rates: Nordlys/ })).toBeVisible();
    await expect(cell(page, "Standard price", "Steward")).toHaveValue("");
  });
}

test("a rate card that loses money asks once before it is saved; parent rows say what they price", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signedIn(page, ACCOUNTS.pm);
  const token = await apiToken(page.request, ACCOUNTS.pm);
  const fjord = (await api(page.request, token, "GET", "companies?dropdown=1&filter[name]=Fjord"))
    .body.data[0];
  await page.goto(`/client/${fjord.id}/rates`);
  await expect(page.getByRole("heading", { level: 1, name: /^Rates: Fjord/ })).toBeVisible();
  const before = {
    standard: await cell(page, "Standard price", "Stagehand").inputValue(),
    weekend: await cell(page, "Weekend price", "Stagehand").inputValue(),
    pay: await cell(page, "Worker pay", "Stagehand").inputValue(),
  };
  expect(before.standard).toBe("495.00");

  // The parent skill's row prices its sub-skills unless they are priced apart.
  const parent = page.getByRole("rowheader", { name: /^Stage & Rigging/ });
  await expect(parent).toContainText(/Applies to its \d+ sub-skills unless priced apart/);

  // Standard 300, weekend 200, worker pay 350: asked, and Cancel saves nothing.
  const losing = async () => {
    await cell(page, "Standard price", "Stagehand").fill("300");
    await cell(page, "Weekend price", "Stagehand").fill("200");
    await cell(page, "Worker pay", "Stagehand").fill("350");
    await page.getByRole("button", { name: "Save", exact: true }).click();
  };
  await losing();
  const confirm = page.getByRole("alertdialog", { name: "This rate loses money" });
  await expect(confirm).toContainText("Stagehand");
  await expect(confirm).toContainText(
    "The worker pay (350.00) is above the standard price (300.00) and the weekend and holiday price (200.00).",
  );
  await expect(confirm).toContainText(
    "The weekend and holiday price (200.00) is below the standard price (300.00).",
  );
  await expectAccessible(page);
  await shot(page, "rate-loses-money-1280");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await page.reload();
  await expect(cell(page, "Standard price", "Stagehand")).toHaveValue(before.standard);

  // Save anyway saves.
  await losing();
  await confirm.getByRole("button", { name: "Save anyway" }).click();
  await expectToast(page, "Record updated successfully");
  await page.reload();
  await expect(cell(page, "Standard price", "Stagehand")).toHaveValue("300.00");
  await expect(cell(page, "Weekend price", "Stagehand")).toHaveValue("200.00");

  // Back to the card's prices: a sound card saves without asking.
  await cell(page, "Standard price", "Stagehand").fill(before.standard);
  await cell(page, "Weekend price", "Stagehand").fill(before.weekend);
  await cell(page, "Worker pay", "Stagehand").fill(before.pay);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "Record updated successfully");
  await expect(confirm).toBeHidden();

  // At 390 px: the grid scrolls in its box, the question fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(cell(page, "Standard price", "Stagehand")).toHaveValue(before.standard);
  await noSidewaysScroll(page);
  // The skill names stay readable: their column wraps words, it is not squeezed to a letter.
  for (const name of [/^Stage & Rigging/, /^Stagehand/]) {
    const box = await page.getByRole("rowheader", { name }).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(140);
  }
  await shot(page, "rate-card-390");
  await losing();
  await expect(confirm).toBeVisible();
  await noSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "rate-loses-money-390");
  await confirm.getByRole("button", { name: "Cancel" }).click();
});
